// The panel's one line to the extension: VS Code's webview API acquired once, every incoming
// message checked with the protocol's schema (anything else dropped, the reason logged), every
// outgoing message typed, and the webview state kept for a window reload.
import {
  readPanelState,
  readToPanel,
  type FromPanel,
  type PanelState,
  type ToPanel,
} from './protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Messaging {
  post(message: FromPanel): void;
  /** The state kept by the last setState, if it is a PanelState. */
  restore(): PanelState | undefined;
  save(state: PanelState): void;
  listen(handler: (message: ToPanel) => void): void;
}

export function connect(): Messaging {
  // VS Code allows one call per page.
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    restore() {
      const state = api.getState();
      if (state === undefined || state === null) return undefined;
      const read = readPanelState(state);
      if (read.ok) return read.message;
      console.warn(`results panel: kept state ignored (${read.reason})`);
      return undefined;
    },
    save: (state) => api.setState(state),
    listen(handler) {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const read = readToPanel(event.data);
        if (!read.ok) {
          console.warn(`results panel: message dropped (${read.reason})`);
          return;
        }
        handler(read.message);
      });
    },
  };
}
