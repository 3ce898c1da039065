// What the three sidebar trees share: children from a model, refreshes debounced, and errors
// shown once with an action while the tree keeps its last good content (model/lastGood.ts).
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import { NotConnected } from '../connection/connection';
import { LastGoodChildren } from './lastGood';
import { actionsFor } from '../commands/failureActions';
import { apiBundle } from '../bundles';

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
  private readonly children: LastGoodChildren<Node>;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    protected readonly model: TreeModel<Node>,
    protected readonly connection: Connection,
    viewName: string,
  ) {
    this.children = new LastGoodChildren<Node>(
      ({ message, error }) => {
        const { ApiError } = apiBundle();
        // A failure the connection did not take over: retry the view, or what its reason says.
        const actions = (error instanceof ApiError ? actionsFor(error.reason) : []).filter(
          (action) => action.command !== 'mediaMonitoring.reconnect',
        );
        void vscode.window
          .showErrorMessage(
            `Media Monitoring ${viewName}: ${message}`,
            'Retry',
            ...actions.map((action) => action.title),
          )
          .then((choice) => {
            if (choice === 'Retry') return this.refresh();
            const action = actions.find((candidate) => candidate.title === choice);
            if (action) void vscode.commands.executeCommand(action.command, ...(action.args ?? []));
          });
      },
      // Not connected, or the failure ended the connection: the welcome view says it already.
      (error) => error instanceof NotConnected || this.connection.state.kind !== 'connected',
    );
  }

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
      if (now) this.children.clear();
      this.changed.fire(undefined);
    };
    if (now) reload();
    else this.pending = setTimeout(reload, DEBOUNCE_MS);
  }

  /** Draws the items again from what is loaded, without fetching (a tail's count moved). */
  redraw(): void {
    this.changed.fire(undefined);
  }

  /** Fetches anew now and resolves once the top level is loaded (for the refresh commands). */
  async reload(): Promise<void> {
    this.refresh(true);
    await this.getChildren();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    // Nothing to show while not connected: the view's welcome content says "Connecting…" or
    // what to do. A view opened before the connection starts it; the view refreshes once
    // connected (extension.ts).
    if (this.connection.state.kind === 'connecting')
      this.connection.client().catch(() => undefined);
    if (this.connection.state.kind !== 'connected') return [];
    return this.children.load(this.key(node), async () => {
      try {
        return await this.model.children(node);
      } catch (error: unknown) {
        this.connection.noticeFailure(error);
        throw error;
      }
    });
  }

  getParent(node: Node): Promise<Node | undefined> {
    return this.model.parent ? this.model.parent(node) : Promise.resolve(undefined);
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.changed.dispose();
  }
}
