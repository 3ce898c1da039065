// Export tasks (api.md "Export tasks"): a task starts QUEUED, runs a second of the virtual clock
// later, exports RATE documents per second into its target collector (even a paused one), 1
// credit each, and ends FINISHED, RESULT_LIMIT_REACHED at its limit, FAILED when credits run out,
// or DELETED when aborted. Progress follows the virtual clock, so tests move it rather than wait.
import { CREDIT_COSTS } from '../../core/api/costs';
import type { TaskStatus } from '../../core/api/schemas/tasks';
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { CollectorRegistry, ExportedFrom } from '../collectors/registry';

export type { ExportedFrom } from '../collectors/registry';
import type { CreditLedger } from '../credits';
import { notFound } from '../http/failure';

/** A task as it goes on the wire. */
export interface TaskView {
  readonly id: string;
  readonly type: string;
  readonly creation_date: string;
  readonly status: string;
  readonly processed: number;
  readonly progress: number;
  readonly target: string;
  readonly ready?: number;
}

/** Documents exported per second of the virtual clock once running. */
export const EXPORT_RATE = 500;
const QUEUE_MS = 1000;

interface Task {
  readonly id: string;
  readonly created: number;
  readonly target: string;
  readonly documents: readonly AnalyticsDocument[];
  readonly project: ExportedFrom | undefined;
  readonly limit: number;
  status: TaskStatus;
  processed: number;
}

export class ExportTasks {
  private readonly tasks = new Map<string, Task>();
  private sequence = 0;
  /**
   * Told after a tick moved any task, at the time it did: a persisted sandbox journals it, since
   * when a task moves decides where its results fall among live documents in the target.
   */
  onProgress: (() => void) | undefined;

  constructor(
    private readonly collectors: CollectorRegistry,
    private readonly credits: CreditLedger,
    private readonly now: () => number,
  ) {}

  create(
    target: string,
    documents: readonly AnalyticsDocument[],
    limit: number,
    project?: ExportedFrom,
  ): TaskView {
    this.collectors.get(target);
    const id = `task-${(++this.sequence).toString(36)}-${this.now().toString(36)}`;
    const task: Task = {
      id,
      created: this.now(),
      target,
      documents,
      project,
      limit,
      status: 'QUEUED',
      processed: 0,
    };
    this.tasks.set(id, task);
    // A new task's answer has no `ready` (the service's published answers).
    return this.view(task, false);
  }

  /** Brings every running task up to the virtual clock. */
  tick(): void {
    let moved = false;
    for (const task of this.tasks.values()) moved = this.advance(task) || moved;
    if (moved) this.onProgress?.();
  }

  /** Whether the task changed. */
  private advance(task: Task): boolean {
    if (task.status !== 'QUEUED' && task.status !== 'RUNNING') return false;
    const running = this.now() - task.created - QUEUE_MS;
    if (running < 0) return false;
    const before = { status: task.status, processed: task.processed };
    this.run(task, running);
    return before.status !== task.status || before.processed !== task.processed;
  }

  private run(task: Task, running: number): void {
    task.status = 'RUNNING';
    const cap = Math.min(task.documents.length, task.limit);
    const due = Math.min(cap, Math.floor((running / 1000) * EXPORT_RATE));
    while (task.processed < due) {
      if (this.credits.chargeUpTo(CREDIT_COSTS.exportedResult, 'state') === 0) {
        task.status = 'FAILED';
        return;
      }
      const document = task.documents[task.processed] as AnalyticsDocument;
      try {
        this.collectors.receiveExport(task.target, document, task.id, task.project);
      } catch {
        // The target was deleted while the task ran.
        task.status = 'FAILED';
        return;
      }
      task.processed += 1;
    }
    if (task.processed >= cap)
      task.status = task.documents.length > task.limit ? 'RESULT_LIMIT_REACHED' : 'FINISHED';
  }

  get(id: string): TaskView {
    const task = this.tasks.get(id);
    if (!task) throw notFound('task', id);
    // Every task moves together, so that a tick is one journal record whichever call caused it.
    this.tick();
    return this.view(task);
  }

  list(): TaskView[] {
    this.tick();
    return [...this.tasks.values()].map((task) => this.view(task));
  }

  abort(id: string): { id: string; status: string } {
    const task = this.tasks.get(id);
    if (!task) throw notFound('task', id);
    this.tick();
    if (task.status === 'QUEUED' || task.status === 'RUNNING') task.status = 'DELETED';
    return { id: task.id, status: task.status.toLowerCase() };
  }

  /**
   * A task as the service answers it: its status in lower case, and `ready`, the number of
   * results that may be read (the service's published answers: a number, not gaps.md's boolean).
   */
  private view(task: Task, withReady = true): TaskView {
    const cap = Math.min(task.documents.length, task.limit);
    return {
      id: task.id,
      type: 'export',
      creation_date: new Date(task.created).toISOString(),
      status: task.status.toLowerCase(),
      processed: task.processed,
      progress:
        cap === 0
          ? task.status === 'QUEUED'
            ? 0
            : 1
          : Math.round((task.processed / cap) * 1000) / 1000,
      target: task.target,
      ...(withReady ? { ready: task.processed } : {}),
    };
  }

  reset(): void {
    this.tasks.clear();
  }
}
