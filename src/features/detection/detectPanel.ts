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
import type { PanelHost } from '../../shell/webviews/panelHost';
import { SinglePanel } from '../../shell/webviews/singlePanel';

export const DETECT_VIEW_TYPE = 'mediaMonitoring.detect';

export class DetectPanel implements vscode.Disposable {
  private readonly panel: SinglePanel<ToDetectPanel, FromDetectPanel>;
  private readonly sources = new Map<string, { source: string; kind: 'logo' | 'scene' }>();
  /** What the panel shows now: sent again when its page reloads (VS Code hid and showed it). */
  private last: ToDetectPanel | undefined;
  /** Panels whose page has said it is ready once: a later `ready` is the page reloaded. */
  private readonly ready = new WeakSet<PanelHost<ToDetectPanel, FromDetectPanel>>();

  constructor(private readonly services: DetectServices) {
    this.panel = new SinglePanel(
      services.extensionUri,
      {
        viewType: DETECT_VIEW_TYPE,
        bundle: 'detect',
        title: 'Image detection',
        read: readFromDetectPanel,
        isReady: (message) => message.type === 'ready',
        log: services.log,
      },
      (host, message) => this.answer(host, message),
    );
  }

  /** Sends a message to the panel, opening it first when there is none. */
  async post(message: ToDetectPanel): Promise<void> {
    const host = this.panel.open();
    host.title = `${message.run.kind === 'logo' ? 'Logos' : 'Scenes'}: ${message.run.source}`;
    this.sources.set(message.run.id, { source: message.run.source, kind: message.run.kind });
    host.reveal();
    this.last = message;
    await host.post(message);
  }

  private answer(host: PanelHost<ToDetectPanel, FromDetectPanel>, message: FromDetectPanel): void {
    if (message.type === 'ready') {
      // The first ready lets the waiting posts go; a later one is the page reloaded.
      if (this.ready.has(host) && this.last) void host.post(this.last);
      this.ready.add(host);
      return;
    }
    const run = this.sources.get(message.runId);
    if (!run) return;
    this.services.log.info(
      `detection drawn: ${run.kind}s in ${run.source}, ${message.visible} visible`,
    );
  }

  dispose(): void {
    this.panel.dispose();
  }
}
