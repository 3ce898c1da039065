// `mmq upload FILE --project ID [--dataset ID] [--mode create|update|upsert] [--report FILE]
// [--input-format json|ndjson|csv] [--valid-only] [--retry REPORT] [--annotate sentiment]
// [--return-entry]` (spec/cli.md): every document of FILE checked before anything is sent,
// problems as `FILE:LINE: field: message` on stderr and nothing sent while there are any (unless
// --valid-only); then the documents in batches of 500, progress on stderr, and the report
// (NDJSON, one line per document in input order) to --report or stdout. FILE is read twice,
// streamed each time (checks, then sending, which reads no further than the checks did), never
// held whole. A retry's report is the earlier one with the retried documents' new outcomes. The
// use case is core/uploads/uploadSession.ts (shared with VS Code): this file is its sinks.
// Exit 0 when every document applied, 1 when any did not, 2 usage or I/O, 130 interrupted.
import { counted as count } from '../../core/plural';
import { Option, type Command } from '@commander-js/extra-typings';
import {
  ANNOTATIONS,
  MAX_BATCH_DOCUMENTS,
  RETURN_ENTRY,
  UPLOAD_OPERATIONS,
  type Annotation,
  type UploadOperation,
} from '../../core/api/schemas/uploads';
import type { UploadProblem } from '../../core/uploads/checks';
import { formatOf, INPUT_FORMATS, type InputFormat } from '../../core/uploads/formats';
import { ReportMerge } from '../../core/uploads/mergeReport';
import { reportLines } from '../../core/uploads/reportFile';
import type { PrepareOptions } from '../../core/uploads/prepare';
import { describeCounts, noOutcomes, type ReportLine } from '../../core/uploads/report';
import type { UploadTarget } from '../../core/api/client/endpoints/documents';
import { UploadSession } from '../../core/uploads/uploadSession';
import { baseUrlOption, connect, quietOption, type ApiFlags } from '../api/connect';
import { UsageError } from '../errors';
import { checkOutput } from '../outputCheck';
import { customMetricsOf } from '../upload/customMetrics';
import { checkReadable, fileChunks } from '../upload/fileChunks';
import { openReport } from '../upload/reportSink';
import { readRetryFile } from '../upload/retryFile';
import { toStderr } from '../terminal';
import { oneLine } from '../../core/text/controls';

interface UploadFlags extends ApiFlags {
  project: string;
  dataset?: string;
  mode: UploadOperation;
  report?: string;
  inputFormat?: InputFormat;
  validOnly?: true;
  retry?: string;
  annotate?: Annotation;
  returnEntry?: true;
}

function formatFor(file: string, flags: UploadFlags): InputFormat {
  const format = flags.inputFormat ?? formatOf(file);
  if (format === undefined)
    throw new UsageError(
      `${file}: the extension does not say the format: give --input-format ${INPUT_FORMATS.join('|')}`,
    );
  return format;
}

const problemLine = (file: string, problem: UploadProblem) =>
  `${file}:${problem.line}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}\n`;

/** An earlier report as its documents' latest lines (a killed upload's journal read as such). */
async function copyReport(from: string, to: string): Promise<void> {
  const sink = openReport(to);
  const merge = new ReportMerge(reportLines(fileChunks(from)));
  try {
    const lines: ReportLine[] = [];
    for await (const line of merge.rest()) {
      lines.push(line);
      if (lines.length >= MAX_BATCH_DOCUMENTS) sink.write(lines.splice(0));
    }
    sink.write(lines);
  } finally {
    await merge.close();
    await sink.close();
  }
}

async function runUpload(file: string, flags: UploadFlags): Promise<number> {
  if (file === '-')
    throw new UsageError('upload reads FILE twice (to check, then to send): give a file, not -');
  if (flags.dataset === undefined && (flags.annotate || flags.returnEntry))
    throw new UsageError(
      `${flags.annotate ? '--annotate' : '--return-entry'} is for uploads into a dataset: give --dataset`,
    );
  checkReadable(file);
  const format = formatFor(file, flags);
  if (flags.report !== undefined)
    checkOutput({
      path: flags.report,
      name: '--report',
      inputs: [
        { path: file, name: 'FILE' },
        ...(flags.retry === undefined ? [] : [{ path: flags.retry, name: '--retry' }]),
      ],
    });
  const retry = flags.retry === undefined ? undefined : await readRetryFile(flags.retry);
  const say = (message: string) => {
    if (!flags.quiet) toStderr(`mmq: ${message}\n`);
  };
  const client = connect(flags);
  // The first Ctrl-C lets the batch in flight finish (its outcome is then known) and sends no
  // more (a batch still waiting for the rate limit stops at once, not sent); a second one aborts
  // the batch in flight too, whose documents are then `unknown`.
  const stop = new AbortController();
  const abort = new AbortController();
  const interrupt = () => {
    if (stop.signal.aborted) {
      abort.abort();
      return;
    }
    stop.abort();
    say('interrupted: nothing more is sent once the batch under way ends (Ctrl-C again: now)');
  };
  process.on('SIGINT', interrupt);
  try {
    const customMetrics =
      flags.dataset === undefined
        ? undefined
        : await customMetricsOf(client, flags.project, flags.dataset);
    const options: PrepareOptions = {
      mode: flags.mode,
      ...(customMetrics === undefined ? {} : { customMetrics }),
      ...(retry === undefined ? {} : { retry }),
    };
    // A retry's report is the earlier one, each retried document's new outcome in its place.
    const session = new UploadSession(
      { format, chunks: (bytes) => fileChunks(file, bytes) },
      options,
      flags.retry === undefined ? undefined : new ReportMerge(reportLines(fileChunks(flags.retry))),
    );
    try {
      const { documents, refused, stopped } = await session.check(
        (problems) => toStderr(problems.map((problem) => problemLine(file, problem)).join('')),
        stop.signal,
      );
      if (stopped) {
        say('interrupted while checking: nothing was sent');
        return 130;
      }
      const what = retry === undefined ? '' : ' to retry';
      if (refused > 0 && !flags.validOnly) {
        toStderr(
          `mmq upload: ${count(refused, 'document')} of ${documents.toLocaleString('en')}${what} did not pass the checks: nothing was sent (fix them, or give --valid-only to send the others)\n`,
        );
        return 1;
      }
      if (documents === 0) {
        if (flags.retry === undefined) {
          say(`${file}: no documents`);
          return 0;
        }
        say(`${file}: no documents to retry: ${flags.retry} lists every one as applied`);
        // The report asked for is still the whole file's: the earlier one, one line per document.
        if (flags.report !== undefined) await copyReport(flags.retry, flags.report);
        return 0;
      }
      say(
        `${file}: ${count(documents, 'document')}${what}` +
          (refused > 0
            ? `, ${refused.toLocaleString('en')} not sent (they failed the checks)`
            : '') +
          `: sending to project ${flags.project}${flags.dataset === undefined ? '' : `, dataset ${flags.dataset}`}`,
      );

      const sink = openReport(flags.report);
      let counts = noOutcomes();
      /** The first document the service refused or may not have received: named on stderr. */
      let firstFailure: ReportLine | undefined;
      const lines: ReportLine[] = [];
      try {
        const target: UploadTarget = {
          project: flags.project,
          ...(flags.dataset === undefined ? {} : { dataset: flags.dataset }),
          ...(flags.annotate ? { annotate: flags.annotate } : {}),
          ...(flags.returnEntry ? { returnEntry: RETURN_ENTRY } : {}),
        };
        const report = session.send(
          client,
          target,
          {
            record: (sending) => sink.record(sending),
            onBatch: (done) => {
              sink.write(lines.splice(0));
              counts = done;
              const reported = Object.values(done).reduce((sum, each) => sum + each, 0);
              say(
                `upload: ${reported.toLocaleString('en')} of ${count(documents, 'document')} (${describeCounts(done)})`,
              );
            },
          },
          { stop: stop.signal, signal: abort.signal },
        );
        for await (const line of report) {
          lines.push(line);
          if (line.outcome === 'refused' || line.outcome === 'unknown') firstFailure ??= line;
        }
      } finally {
        // What was reported is kept even after a failure (it says what was sent), and a retry's
        // report keeps the earlier lines of the documents not reached.
        try {
          for await (const each of session.rest()) lines.push(each);
          sink.write(lines.splice(0));
        } finally {
          await sink.close();
        }
      }
      say(`${count(documents, 'document')}: ${describeCounts(counts)}`);
      // spec/cli.md: a refusal names the API's code and text; the report has every one.
      if (firstFailure !== undefined)
        toStderr(
          `mmq upload: ${file}:${firstFailure.line}: ${firstFailure.outcome}` +
            (firstFailure.status_code === undefined ? '' : ` (code ${firstFailure.status_code})`) +
            `: ${oneLine(firstFailure.message ?? '')}` +
            (counts.refused + counts.unknown > 1 ? ' (the first; the report lists each)' : '') +
            '\n',
        );
      if (stop.signal.aborted) return 130;
      return counts.applied === documents ? 0 : 1;
    } finally {
      // The report a retry folds into is closed however the upload ends.
      await session.close();
    }
  } finally {
    process.off('SIGINT', interrupt);
    await client.close();
  }
}

export function registerUpload(program: Command): void {
  program
    .command('upload')
    .description(
      'check the documents of a JSON, NDJSON or CSV file, upload them in batches, and report each (NDJSON)',
    )
    .argument(
      '<file>',
      'the documents: .json (an object or an array), .ndjson or .csv (a header row)',
    )
    .requiredOption('--project <id>', 'the project the documents go into')
    .option('--dataset <id>', "one of the project's datasets (its custom metrics are checked)")
    .addOption(
      new Option('--mode <mode>', 'create, update or upsert each document')
        .choices(UPLOAD_OPERATIONS)
        .default('create'),
    )
    .addOption(
      new Option(
        '--annotate <annotation>',
        "dataset uploads: have the service score each document's sentiment",
      ).choices(ANNOTATIONS),
    )
    .option(
      '--return-entry',
      'dataset uploads: each applied line of the report holds the document as stored (entry)',
    )
    .option('--report <file>', 'write the report there instead of stdout')
    .addOption(
      new Option(
        '--input-format <format>',
        "the file's format (default: by its extension)",
      ).choices(INPUT_FORMATS),
    )
    .option('--valid-only', 'send the documents that pass the checks even when others do not')
    .option(
      '--retry <report>',
      'send again only the documents this earlier report does not list as applied',
    )
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (file, flags) => {
      process.exitCode = await runUpload(file, flags);
    });
}
