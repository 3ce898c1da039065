// A panel's one line to the extension: VS Code's webview API acquired once, every incoming
// message checked with its protocol's schema (anything else dropped, the reason logged), every
// outgoing message typed. Shared by the panels that keep no state over a reload (image
// detection, upload reports); the results panel's messaging adds its kept state.
import type { Read } from './checked';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Messaging<ToPanel, FromPanel> {
  post(message: FromPanel): void;
  listen(handler: (message: ToPanel) => void): void;
}

export function connect<ToPanel, FromPanel>(
  panelName: string,
  read: (value: unknown) => Read<ToPanel>,
): Messaging<ToPanel, FromPanel> {
  // VS Code allows one call per page.
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    listen(handler) {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const checked = read(event.data);
        if (!checked.ok) {
          console.warn(`${panelName}: message dropped (${checked.reason})`);
          return;
        }
        handler(checked.message);
      });
    },
  };
}
