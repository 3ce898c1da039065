// An export task (api.md "Export tasks", "States and transitions"): the dates and limit the
// export wizard asks for, checked in words before anything is sent, and what a task's end status
// means for the user. The request's shape is the schema's (ExportRequest); the default limit is
// costs.ts's.
import { counted } from '../plural';
import { DEFAULT_EXPORT_LIMIT } from '../api/costs';
import type { ExportTask, TaskStatus } from '../api/schemas/tasks';

/** A task still under way: the views poll it. */
export const RUNNING_STATUSES: readonly TaskStatus[] = ['QUEUED', 'RUNNING'];

export const isRunning = (task: Pick<ExportTask, 'status'>) =>
  RUNNING_STATUSES.includes(task.status);

/** A day as the API takes it (`YYYY-MM-DD`), as epoch ms at 00:00 UTC; undefined if not one. */
export function parseDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // 2024-02-30 is not a day: Date would roll it over to March.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** What is wrong with a start date, in words; undefined when it is right. */
export function startProblem(text: string, now: number): string | undefined {
  const start = parseDay(text);
  if (start === undefined) return 'Write the start as a day, YYYY-MM-DD (for example 2024-05-01).';
  if (start > now) return `${text.trim()} is in the future: nothing was published then yet.`;
  return undefined;
}

/** What is wrong with a stop date (empty: until now), in words; undefined when it is right. */
export function stopProblem(text: string, start: string): string | undefined {
  if (text.trim() === '') return undefined;
  const stop = parseDay(text);
  if (stop === undefined)
    return 'Write the stop as a day, YYYY-MM-DD, or leave it empty to export until now.';
  const from = parseDay(start);
  if (from !== undefined && stop <= from)
    return `The stop (${text.trim()}) must come after the start (${start.trim()}): the export covers [start, stop).`;
  return undefined;
}

/** What is wrong with a limit (empty: the API's default), in words. */
export function limitProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return /^[1-9]\d*$/.test(text.trim().replace(/[,_]/g, ''))
    ? undefined
    : `The limit is a whole number of at least 1 (empty: ${DEFAULT_EXPORT_LIMIT.toLocaleString('en')}).`;
}

/** The limit a text gives, the API's default when empty. */
export function limitOf(text: string): number {
  return text.trim() === '' ? DEFAULT_EXPORT_LIMIT : Number(text.trim().replace(/[,_]/g, ''));
}

/** How a task ended, in words: what the user is told when it leaves RUNNING. */
export function taskOutcome(task: ExportTask): { readonly ok: boolean; readonly message: string } {
  const processed = counted(task.processed ?? 0, 'result');
  const target = task.target ?? 'its target collector';
  switch (task.status) {
    case 'FINISHED':
      return { ok: true, message: `Export task ${task.id} finished: ${processed} in ${target}.` };
    case 'RESULT_LIMIT_REACHED':
      return {
        ok: false,
        message: `Export task ${task.id} stopped at its limit: ${processed} in ${target}, and more matched. Export the rest with a later start or a higher limit (each result costs a credit, also when exported again).`,
      };
    case 'FAILED':
      return {
        ok: false,
        message: `Export task ${task.id} failed after ${processed}: the service could not finish it (for example no credits left, or the target collector was deleted). What it exported stays in ${target}.`,
      };
    case 'ABORTED':
    case 'DELETED':
      return {
        ok: false,
        message: `Export task ${task.id} was aborted after ${processed}: what it exported so far stays in ${target}, the rest was not exported.`,
      };
    default:
      return { ok: false, message: `Export task ${task.id} ended ${task.status.toLowerCase()}.` };
  }
}
