// What the Export tasks view shows, without VS Code: recent tasks with status, progress,
// processed count and target; whether any still runs (the view then refreshes by itself).
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ExportTask } from '../../../core/api/schemas/tasks';
import { RUNNING_STATUSES } from '../../../core/streams/exportTask';

export { RUNNING_STATUSES };

export type TasksNode =
  | { readonly kind: 'task'; readonly task: ExportTask }
  | { readonly kind: 'empty'; readonly text: string };

export class TasksModel {
  private tasks: Promise<readonly ExportTask[]> | undefined;

  constructor(private readonly client: () => Promise<MediaMonitoringClient>) {}

  refresh(): void {
    this.tasks = undefined;
  }

  async children(signal?: AbortSignal): Promise<TasksNode[]> {
    const tasks = await this.load(signal);
    return tasks.length > 0
      ? tasks.map((task) => ({ kind: 'task', task }))
      : [{ kind: 'empty', text: 'No export tasks' }];
  }

  /** Whether a task is queued or running, after the last load. */
  async anyRunning(): Promise<boolean> {
    const tasks = await (this.tasks ?? Promise.resolve([]));
    return tasks.some((task) => RUNNING_STATUSES.includes(task.status));
  }

  private load(signal?: AbortSignal): Promise<readonly ExportTask[]> {
    this.tasks ??= this.client()
      .then((client) => client.exports.list(signal ? { signal } : {}))
      .then((answer) => answer.result_tasks.tasks);
    this.tasks.catch(() => (this.tasks = undefined));
    return this.tasks;
  }
}

/** `running 42% · 210 processed → target`, for the view's description. */
export function describeTask(task: ExportTask): string {
  const parts = [task.status.toLowerCase().replace(/_/g, ' ')];
  if (task.progress !== undefined && RUNNING_STATUSES.includes(task.status))
    parts[0] += ` ${Math.round(task.progress * 100)}%`;
  if (task.processed !== undefined) parts.push(`${task.processed.toLocaleString('en')} processed`);
  // While a task runs, what may be read already (the service's `ready`: a count, or a boolean).
  if (RUNNING_STATUSES.includes(task.status)) {
    if (typeof task.ready === 'number' && task.ready > 0)
      parts.push(`${task.ready.toLocaleString('en')} ready to read`);
    else if (task.ready === true) parts.push('ready to read');
  }
  return `${parts.join(' · ')}${task.target ? ` → ${task.target}` : ''}`;
}
