// The panel's one line to the extension: VS Code's webview API acquired once, every incoming
// message checked with the detection protocol's schema (anything else dropped, the reason
// logged), every outgoing message typed.
import { readToDetectPanel, type FromDetectPanel, type ToDetectPanel } from '../detectProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Messaging {
  post(message: FromDetectPanel): void;
  listen(handler: (message: ToDetectPanel) => void): void;
}

export function connect(): Messaging {
  // VS Code allows one call per page.
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    listen(handler) {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const read = readToDetectPanel(event.data);
        if (!read.ok) {
          console.warn(`detection panel: message dropped (${read.reason})`);
          return;
        }
        handler(read.message);
      });
    },
  };
}
