// One panel of a kind beside the editor (the upload report, the query lab): opened when first
// wanted, reused while it is open, opened anew once the user has closed it. Its messages go to
// the feature that owns it, with the host that received them.
import * as vscode from 'vscode';
import { PanelHost, type PanelSpec } from './panelHost';

export class SinglePanel<ToPanel, FromPanel> implements vscode.Disposable {
  private host: PanelHost<ToPanel, FromPanel> | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly spec: PanelSpec<FromPanel>,
    private readonly answer: (host: PanelHost<ToPanel, FromPanel>, message: FromPanel) => void,
  ) {}

  /** Whether the panel is open now. */
  get isOpen(): boolean {
    return this.host !== undefined;
  }

  /** The open panel, or a new one beside the editor. */
  open(): PanelHost<ToPanel, FromPanel> {
    if (this.host) return this.host;
    const host = PanelHost.open<ToPanel, FromPanel>(
      this.extensionUri,
      this.spec,
      vscode.ViewColumn.Beside,
    );
    host.onMessage((message) => this.answer(host, message));
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
