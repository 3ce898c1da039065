// Follows an export task until it ends: its status and progress in a notification
// (Cancel stops following, not the task: Abort in the Export Tasks view does that), then what
// the end means: FINISHED offers to save the results from the target collector to a file, the
// other ends are said in words (core/streams/exportTask.ts).
import * as vscode from 'vscode';
import type { ExportTask } from '../../../core/api/schemas/tasks';
import { isRunning, taskOutcome } from '../../../core/streams/exportTask';
import { describeTask } from './tasksModel';
import type { ExportServices } from './exportServices';

/**
 * Between two status calls. Export status allows 40 calls a minute (api.md "Limits"); the
 * Export Tasks view polls every 5 s while a task runs: 20 + 12 stay under it.
 */
const POLL_MS = 3_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export async function followExport(
  s: ExportServices,
  started: ExportTask,
  target: string,
): Promise<void> {
  const ended = await s.runner.call({ title: `Export task ${started.id}` }, async (call) => {
    let task = started;
    call.report(describeTask(task));
    while (isRunning(task)) {
      await pause(POLL_MS, call.signal);
      if (call.signal.aborted) return undefined;
      const status = task.status;
      task =
        (await call.client.exports.get(started.id, { signal: call.signal })).result_tasks
          .tasks[0] ?? task;
      call.report(describeTask(task));
      if (task.status !== status) s.tasks.refresh();
    }
    return task;
  });
  if (!ended) {
    s.runner.done(`Export task ${started.id} goes on: the Export Tasks view follows it`);
    return;
  }
  s.tasks.refresh();
  s.credits.spent();
  const outcome = taskOutcome({ ...ended, target: ended.target ?? target });
  s.log.info(outcome.message);
  if (ended.status !== 'FINISHED' && ended.status !== 'RESULT_LIMIT_REACHED') {
    void vscode.window.showWarningMessage(`Media Monitoring: ${outcome.message}`);
    return;
  }
  const ndjson = 'Save as NDJSON';
  const csv = 'Save as CSV';
  // A success: said without blocking the window, with what may follow from it.
  const choice = await s.questions.offer(
    'information',
    `${outcome.message} Save its results from collector ${target} to a file? Reading a collector is free.`,
    ndjson,
    csv,
  );
  if (!choice) return;
  await s.collectors.readToFile(target, choice === csv ? 'csv' : 'ndjson', {
    what: 'the task exported',
    count: ended.processed ?? 0,
  });
}
