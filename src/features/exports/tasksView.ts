// The Export tasks tree: status, progress, processed count and target; refreshed by itself
// every few seconds while a task runs (the status endpoint allows 40 calls a minute).
import * as vscode from 'vscode';
import { describeTask, RUNNING_STATUSES, type TasksModel, type TasksNode } from './tasksModel';
import { ModelTreeProvider } from '../../shell/views/treeView';
import type { Connection } from '../../shell/connection/connection';

const POLL_MS = 5_000;

const STATUS_ICONS: Readonly<Record<string, string>> = {
  QUEUED: 'clock',
  RUNNING: 'sync~spin',
  FINISHED: 'pass',
  RESULT_LIMIT_REACHED: 'warning',
  FAILED: 'error',
  DELETED: 'circle-slash',
  ABORTED: 'circle-slash',
};

/** The view's id in package.json. */
export const TASKS_VIEW_ID = 'mediaMonitoring.tasks';

export class TasksTreeProvider extends ModelTreeProvider<TasksNode> {
  private poll: NodeJS.Timeout | undefined;
  /** Each task's `processed` when last seen: the first sighting is the baseline. */
  private readonly processedSeen = new Map<string, number>();

  constructor(
    private readonly tasks: TasksModel,
    connection: Connection,
    /**
     * Credits the tasks spent since the last look: an exported result costs a credit when the
     * task writes it (gaps.md), so the growth of `processed` is what was spent.
     */
    private readonly exported: (credits: number) => void = () => undefined,
  ) {
    super(
      {
        children: (node) => (node ? Promise.resolve([]) : tasks.children()),
        refresh: () => tasks.refresh(),
      },
      connection,
      'export tasks',
    );
  }

  protected key(node: TasksNode | undefined): string {
    return node?.kind === 'task' ? `task:${node.task.id}` : 'root';
  }

  override async getChildren(node?: TasksNode): Promise<TasksNode[]> {
    const children = await super.getChildren(node);
    if (!node) {
      this.noteSpending(children);
      this.schedulePoll(children);
    }
    return children;
  }

  getTreeItem(node: TasksNode): vscode.TreeItem {
    if (node.kind === 'empty') return new vscode.TreeItem(node.text);
    const { task } = node;
    const item = new vscode.TreeItem(task.id, vscode.TreeItemCollapsibleState.None);
    item.id = `task:${task.id}`;
    item.description = describeTask(task);
    item.iconPath = new vscode.ThemeIcon(STATUS_ICONS[task.status] ?? 'question');
    item.tooltip = `${task.id} · ${describeTask(task)}${task.creation_date ? ` · created ${task.creation_date}` : ''}`;
    item.contextValue = RUNNING_STATUSES.includes(task.status) ? 'task.running' : 'task';
    return item;
  }

  private schedulePoll(children: readonly TasksNode[]): void {
    if (this.poll) clearTimeout(this.poll);
    this.poll = undefined;
    const running = children.some(
      (child) => child.kind === 'task' && RUNNING_STATUSES.includes(child.task.status),
    );
    if (!running) return;
    this.poll = setTimeout(() => this.refresh(), POLL_MS);
  }

  /** A task started in this window: everything it exports is spent from now on. */
  started(taskId: string): void {
    this.processedSeen.set(taskId, 0);
  }

  private noteSpending(children: readonly TasksNode[]): void {
    let spent = 0;
    for (const child of children) {
      if (child.kind !== 'task' || child.task.processed === undefined) continue;
      const before = this.processedSeen.get(child.task.id);
      if (before !== undefined) spent += Math.max(0, child.task.processed - before);
      this.processedSeen.set(child.task.id, child.task.processed);
    }
    if (spent > 0) this.exported(spent);
  }

  override dispose(): void {
    if (this.poll) clearTimeout(this.poll);
    super.dispose();
  }
}
