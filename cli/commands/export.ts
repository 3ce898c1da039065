// `mmq export (--project ID [--topic ID]... | --stream ID | --query Q) --start DATE [--stop DATE]
// --target COLLECTOR [--limit N] [--wait] [--out FILE]` (spec/cli.md): starts an export task and
// prints it (JSON); its estimate (1 credit per exported result, up to the limit) first on stderr.
// With --wait, progress until it ends; with --out, the exported results as NDJSON.
import { counted } from '../../core/plural';
import { Option, type Command } from '@commander-js/extra-typings';
import { estimateCredits } from '../../core/api/client/estimate';
import type { ExportSource } from '../../core/api/client/endpoints/streaming';
import { DEFAULT_EXPORT_LIMIT } from '../../core/api/costs';
import type { ExportRequest, ExportTask } from '../../core/api/schemas/tasks';
import {
  baseUrlOption,
  calling,
  connect,
  quietOption,
  ServiceRefusal,
  type ApiFlags,
} from '../api/connect';
import { maxCreditsOption, spend, type BudgetFlags } from '../api/credits';
import { UsageError } from '../errors';
import { exportDate, type ExportDate } from '../export/dates';
import { checkOut, saveResults } from '../export/saveResults';
import { progressOf, waitForTask } from '../export/waitForTask';
import { repeatable, wholeNumber } from '../options';
import { jsonLine, toStderr, toStdout } from '../terminal';

interface ExportFlags extends ApiFlags, BudgetFlags {
  project?: string;
  topic?: string[];
  stream?: string;
  query?: string;
  start: ExportDate;
  stop?: ExportDate;
  target: string;
  limit?: number;
  wait?: true;
  out?: string;
  force?: true;
}

function sourceOf(flags: ExportFlags): ExportSource {
  const given = [flags.project, flags.stream, flags.query].filter((value) => value !== undefined);
  if (given.length !== 1)
    throw new UsageError(
      given.length === 0
        ? 'give what to export: --project ID, --stream ID or --query Q'
        : 'give one of --project, --stream and --query',
    );
  if (flags.topic !== undefined && flags.project === undefined)
    throw new UsageError('--topic goes with --project');
  if (flags.project !== undefined) return { project: flags.project };
  if (flags.stream !== undefined) return { stream: flags.stream };
  return { query: flags.query ?? '' };
}

function requestOf(flags: ExportFlags): ExportRequest {
  if (flags.stop !== undefined && flags.stop.instant <= flags.start.instant)
    throw new UsageError(`--stop ${String(flags.stop.value)} must be after --start`);
  return {
    start: flags.start.value,
    target: flags.target,
    ...(flags.stop === undefined ? {} : { stop: flags.stop.value }),
    ...(flags.limit === undefined ? {} : { limit: flags.limit }),
    ...(flags.topic === undefined ? {} : { topics: flags.topic }),
  };
}

/** What an ended task means, and whether the command failed (exit 1). */
function outcomeOf(task: ExportTask, limit: number): { failed: boolean; message: string } {
  const processed = task.processed ?? 0;
  switch (task.status) {
    case 'FINISHED':
      return {
        failed: false,
        message: `${counted(processed, 'result')} exported into ${task.target ?? ''}`,
      };
    case 'RESULT_LIMIT_REACHED':
      return {
        failed: false,
        message: `RESULT_LIMIT_REACHED: more results matched than the limit of ${limit.toLocaleString('en')}; the target holds ${processed.toLocaleString('en')} of them. Raise --limit (1 credit a result) or narrow the dates to export the rest`,
      };
    case 'FAILED':
      return {
        failed: true,
        message: `the export task failed after ${counted(processed, 'result')} (the service does not say why: no credits left and a deleted target collector are two reasons); what it exported stays in the target`,
      };
    case 'ABORTED':
    case 'DELETED':
      return {
        failed: true,
        message: `the export task was aborted after ${counted(processed, 'result')}`,
      };
    default:
      return { failed: true, message: `the service reports the task as ${task.status}` };
  }
}

async function runExport(flags: ExportFlags): Promise<number> {
  const source = sourceOf(flags);
  const request = requestOf(flags);
  if (flags.out !== undefined) checkOut(flags.out, flags.force === true);
  const say = (message: string) => {
    if (!flags.quiet) toStderr(`mmq: ${message}\n`);
  };
  spend(
    `the export into ${flags.target}`,
    estimateCredits({ kind: 'export', ...(flags.limit ? { limit: flags.limit } : {}) }),
    flags,
  );
  const client = connect(flags);
  const controller = new AbortController();
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    controller.abort();
  };
  try {
    const answer = await calling('starting the export', () =>
      client.exports.create(source, request),
    );
    const created = answer.result_tasks.tasks[0];
    if (!created) throw new ServiceRefusal('starting the export: the service answered no task');
    // --out reads the results, which are there once the task ended: it waits too.
    if (!flags.wait && flags.out === undefined) {
      say(progressOf(created));
      toStdout(jsonLine(created));
      return 0;
    }
    process.once('SIGINT', interrupt);
    const task = await waitForTask(client, created, say, controller.signal);
    toStdout(jsonLine(task));
    if (interrupted) {
      say(`interrupted: export task ${task.id} goes on in the service`);
      return 130;
    }
    const outcome = outcomeOf(task, flags.limit ?? DEFAULT_EXPORT_LIMIT);
    if (outcome.failed) throw new ServiceRefusal(`export task ${task.id}: ${outcome.message}`);
    say(outcome.message);
    if (flags.out === undefined) return 0;
    const count = await saveResults(
      client,
      flags.target,
      flags.out,
      flags.force === true,
      controller.signal,
    );
    if (interrupted) {
      say(`interrupted: ${flags.out} was not written`);
      return 130;
    }
    say(
      `${counted(count, 'result')} of collector ${flags.target} written to ${flags.out}` +
        (count === task.processed ? '' : ' (the collector held more than this task exported)'),
    );
    return 0;
  } finally {
    process.off('SIGINT', interrupt);
    await client.close();
  }
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('start an export task of past results into a collector; print it (JSON)')
    .option('--project <id>', 'export from this project')
    .option('--topic <id>', "with --project: this topic's results (repeat for more)", repeatable)
    .option('--stream <id>', "export what this stream's rules match")
    .option('--query <query>', 'export what this query matches')
    .requiredOption('--start <date>', 'from: YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS]Z', exportDate)
    .option('--stop <date>', 'until (default: now), as --start', exportDate)
    .requiredOption('--target <collector>', 'the collector the results go into')
    .addOption(
      new Option(
        '--limit <n>',
        `at most N results (default ${DEFAULT_EXPORT_LIMIT.toLocaleString('en')}), 1 credit each`,
      ).argParser(wholeNumber(1)),
    )
    .option('--wait', 'show progress until the task ends; exit 1 if it failed or was aborted')
    .option(
      '--out <file>',
      'then write the results of the target collector there as NDJSON (waits)',
    )
    .option('--force', 'let --out replace an existing file')
    .addOption(maxCreditsOption())
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (flags) => {
      process.exitCode = await runExport(flags);
    });
}
