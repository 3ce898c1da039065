// What the three sidebar trees share: children from a model, refreshes debounced, and errors
// shown once with an action while the tree keeps its last good content.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import { NotConnected } from '../connection/connection';

const DEBOUNCE_MS = 250;

export interface TreeModel<Node> {
  children(node?: Node, signal?: AbortSignal): Promise<Node[]>;
  /** The node above, where the tree reveals nodes. */
  parent?(node: Node): Promise<Node | undefined>;
  refresh(): void;
}

export abstract class ModelTreeProvider<Node>
  implements vscode.TreeDataProvider<Node>, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The last children each node showed, by key: shown again when a refresh fails. */
  private readonly lastGood = new Map<string, Node[]>();
  private lastError: string | undefined;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    protected readonly model: TreeModel<Node>,
    protected readonly connection: Connection,
    private readonly viewName: string,
  ) {}

  abstract getTreeItem(node: Node): vscode.TreeItem;
  /** A stable key of a node, for its last good children. */
  protected abstract key(node: Node | undefined): string;

  /** Fetches anew, once for a burst of requests; `now` when the connection changed. */
  refresh(now = false): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = undefined;
    const reload = () => {
      this.pending = undefined;
      this.model.refresh();
      if (now) this.lastGood.clear();
      this.changed.fire(undefined);
    };
    if (now) reload();
    else this.pending = setTimeout(reload, DEBOUNCE_MS);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    // Nothing to show while not connected: the view's welcome content says what to do.
    if (this.connection.state.kind !== 'connected' && this.connection.state.kind !== 'connecting')
      return [];
    const key = this.key(node);
    try {
      const children = await this.model.children(node);
      this.lastGood.set(key, children);
      this.lastError = undefined;
      return children;
    } catch (error: unknown) {
      this.connection.noticeFailure(error);
      this.report(error);
      return this.lastGood.get(key) ?? [];
    }
  }

  getParent(node: Node): Promise<Node | undefined> {
    return this.model.parent ? this.model.parent(node) : Promise.resolve(undefined);
  }

  /** One notification per distinct error until something succeeds again. */
  private report(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message === this.lastError || error instanceof NotConnected) return;
    this.lastError = message;
    const rejected = /access token was rejected/.test(message);
    const action = rejected ? 'Set Access Token' : 'Retry';
    void vscode.window
      .showErrorMessage(`Media Monitoring ${this.viewName}: ${message}`, action)
      .then((choice) => {
        if (choice === 'Set Access Token')
          void vscode.commands.executeCommand('mediaMonitoring.token.set');
        else if (choice === 'Retry') this.refresh();
      });
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.changed.dispose();
  }
}
