// A webview panel that runs one bundle of dist/media/ under the strict CSP of html.ts, and
// exchanges typed messages with it: what arrives is checked by `read` and dropped, with a logged
// reason, when it is not a message of the protocol. Generic, so that every panel (results,
// image detection, upload reports) is hosted the same way.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Read } from '../../../media/shared/checked';
import { panelHtml } from './html';

export interface PanelSpec<FromPanel> {
  /** The webview's type; its serializer restores panels of this type after a reload. */
  readonly viewType: string;
  /** The bundle's name in dist/media/: `results` → results.js and results.css. */
  readonly bundle: string;
  readonly title: string;
  readonly read: (value: unknown) => Read<FromPanel>;
  /** The panel's first message, sent when its script listens: posts wait for it. */
  readonly isReady: (message: FromPanel) => boolean;
  readonly log: vscode.LogOutputChannel;
}

export class PanelHost<ToPanel, FromPanel> implements vscode.Disposable {
  private readonly received = new vscode.EventEmitter<FromPanel>();
  /** Checked messages from the panel. */
  readonly onMessage = this.received.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  /**
   * Resolves when the page's script listens: a message posted before that is lost (the page
   * is still loading), so posts wait for the panel's `ready`.
   */
  private readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;

  /** Opens a new panel. */
  static open<To, From>(
    extensionUri: vscode.Uri,
    spec: PanelSpec<From>,
    column: vscode.ViewColumn,
  ): PanelHost<To, From> {
    const panel = vscode.window.createWebviewPanel(
      spec.viewType,
      spec.title,
      { viewColumn: column, preserveFocus: true },
      PanelHost.options(extensionUri),
    );
    return new PanelHost<To, From>(panel, extensionUri, spec);
  }

  /** Webview options: scripts on, resources from dist/media only. */
  static options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'media')],
    };
  }

  /** Hosts a panel VS Code restored after a reload (the serializer's), or one just opened. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly spec: PanelSpec<FromPanel>,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    const { webview } = panel;
    webview.options = PanelHost.options(extensionUri);
    const media = (file: string) =>
      webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'media', file)).toString();
    webview.html = panelHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(18).toString('base64'),
      scriptUri: media(`${spec.bundle}.js`),
      styleUri: media(`${spec.bundle}.css`),
      title: spec.title,
    });
    this.subscriptions.push(
      this.received,
      webview.onDidReceiveMessage((value: unknown) => {
        const read = spec.read(value);
        if (read.ok) {
          if (spec.isReady(read.message)) this.markReady();
          this.received.fire(read.message);
        } else spec.log.warn(`${spec.viewType}: dropped a message from the panel: ${read.reason}`);
      }),
    );
  }

  set title(title: string) {
    this.panel.title = title;
  }

  /** Sends a message once the page listens; false when the panel is gone. */
  async post(message: ToPanel): Promise<boolean> {
    await this.ready;
    if (this.disposed) return false;
    return this.panel.webview.postMessage(message);
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  private disposed = false;

  dispose(): void {
    this.disposed = true;
    // Posts still waiting for the page end now (they answer false).
    this.markReady();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.panel.dispose();
  }
}
