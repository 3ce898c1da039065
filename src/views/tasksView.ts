// The Export tasks tree: status, progress, processed count and target; refreshed by itself
// every few seconds while a task runs (the status endpoint allows 40 calls a minute).
import * as vscode from 'vscode';
import {
  describeTask,
  RUNNING_STATUSES,
  type TasksModel,
  type TasksNode,
} from '../model/tasksModel';
import { ModelTreeProvider } from './treeView';
import type { Connection } from '../connection/connection';

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

export class TasksTreeProvider extends ModelTreeProvider<TasksNode> {
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly tasks: TasksModel,
    connection: Connection,
    /** Called at each refresh while a task runs (a running export spends credits). */
    private readonly whileRunning: () => void = () => undefined,
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
    if (!node) this.schedulePoll(children);
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
    this.whileRunning();
    this.poll = setTimeout(() => this.refresh(), POLL_MS);
  }

  override dispose(): void {
    if (this.poll) clearTimeout(this.poll);
    super.dispose();
  }
}
