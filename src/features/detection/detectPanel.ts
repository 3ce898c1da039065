// The image detection panel: one panel, reused by each detection (the newest replaces what it
// shows), opened beside the editor. It is given the boxes and the image's bytes, never the
// token nor an address to fetch (media/detect/protocol.ts).
import * as vscode from 'vscode';
import {
  readFromDetectPanel,
  type FromDetectPanel,
  type ToDetectPanel,
} from '../../../media/detect/protocol';
import type { DetectServices } from './detectServices';
import { PanelHost } from '../../shell/webviews/panelHost';

export const DETECT_VIEW_TYPE = 'mediaMonitoring.detect';

export class DetectPanel implements vscode.Disposable {
  private host: PanelHost<ToDetectPanel, FromDetectPanel> | undefined;
  private readonly sources = new Map<string, { source: string; kind: 'logo' | 'scene' }>();
  /** What the panel shows now: sent again when its page reloads (VS Code hid and showed it). */
  private last: ToDetectPanel | undefined;
  private readies = 0;

  constructor(private readonly services: DetectServices) {}

  /** Sends a message to the panel, opening it first when there is none. */
  async post(message: ToDetectPanel): Promise<void> {
    const host = this.open();
    host.title = `${message.run.kind === 'logo' ? 'Logos' : 'Scenes'}: ${message.run.source}`;
    this.sources.set(message.run.id, { source: message.run.source, kind: message.run.kind });
    host.reveal();
    this.last = message;
    await host.post(message);
  }

  private open(): PanelHost<ToDetectPanel, FromDetectPanel> {
    if (this.host) return this.host;
    const host = PanelHost.open<ToDetectPanel, FromDetectPanel>(
      this.services.extensionUri,
      {
        viewType: DETECT_VIEW_TYPE,
        bundle: 'detect',
        title: 'Image detection',
        read: readFromDetectPanel,
        isReady: (message) => message.type === 'ready',
        log: this.services.log,
      },
      vscode.ViewColumn.Beside,
    );
    this.readies = 0;
    host.onMessage((message) => {
      if (message.type === 'ready') {
        // The first ready lets the waiting posts go; a later one is the page reloaded.
        if (this.readies++ > 0 && this.last) void host.post(this.last);
        return;
      }
      const run = this.sources.get(message.runId);
      if (!run) return;
      this.services.log.info(
        `detection drawn: ${run.kind}s in ${run.source}, ${message.visible} visible`,
      );
    });
    host.onDidDispose(() => {
      if (this.host === host) this.host = undefined;
      host.dispose();
    });
    this.host = host;
    return host;
  }

  dispose(): void {
    this.host?.dispose();
    this.host = undefined;
  }
}
