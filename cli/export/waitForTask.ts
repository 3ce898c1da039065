// `mmq export --wait`: the task's status until it ends, progress on stderr. Polled at the rate
// the task-status endpoint allows (api.md "Limits": 40 a minute), so that a long export never
// meets the limit; the client's rate governor still waits if another call took the slots.
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { LIMITS_PER_MINUTE, RATE_WINDOW_MS } from '../../core/api/limits';
import type { ExportTask, TaskStatus } from '../../core/api/schemas/tasks';
import { calling } from '../api/connect';

export const POLL_MS = RATE_WINDOW_MS / LIMITS_PER_MINUTE.exportStatus;

const RUNNING: readonly TaskStatus[] = ['QUEUED', 'RUNNING'];

export function progressOf(task: ExportTask): string {
  const percent = task.progress === undefined ? '' : ` (${Math.round(task.progress * 100)}%)`;
  return `export task ${task.id}: ${task.status.toLowerCase()}, ${(task.processed ?? 0).toLocaleString('en')} exported${percent}`;
}

/**
 * The task once it left QUEUED and RUNNING, or as last seen when `signal` aborts (Ctrl-C: the
 * task goes on in the service).
 */
export async function waitForTask(
  client: MediaMonitoringClient,
  created: ExportTask,
  say: (message: string) => void,
  signal: AbortSignal,
): Promise<ExportTask> {
  let task = created;
  let shown = progressOf(task);
  say(shown);
  while (RUNNING.includes(task.status)) {
    try {
      await sleep(POLL_MS, undefined, { signal });
      const answer = await calling(`export task ${task.id}`, () =>
        client.exports.get(task.id, { signal }),
      );
      task = answer.result_tasks.tasks[0] ?? task;
    } catch (error: unknown) {
      if (signal.aborted) return task;
      throw error;
    }
    const progress = progressOf(task);
    if (progress !== shown) say((shown = progress));
  }
  return task;
}
