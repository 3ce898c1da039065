// `mmq docs delete|undelete --project ID [--dataset ID] (URL... | --from FILE)`: takes stored
// documents out of search, or brings deleted ones back, by url, one call per url through the rate
// governor (120 a minute). FILE (or - for stdin) holds one URL a line, or is an upload report
// (`mmq upload`'s NDJSON), whose applied lines' urls are taken: an upload undone from its report.
// Every line is checked before anything is sent (a bad one is `FILE:LINE: message`, exit 2). A
// line per url on stdout as it is known, NDJSON `{url, outcome, status_code?, message}`, outcome
// `deleted`/`undeleted`, `refused` (the service's reason), `unknown` or `not-sent`; progress on
// stderr. Exit 0 when every url was done, 1 when any was not, 2 usage or I/O, 130 interrupted.
import type { Command } from '@commander-js/extra-typings';
import type { DocumentRemoval } from '../../core/api/schemas/uploads';
import type { Chunks } from '../../core/uploads/items';
import {
  describeRemovals,
  doneFate,
  noRemovals,
  removeDocuments,
  type RemovalLine,
} from '../../core/uploads/removal';
import { readUrlList, urlListOf, type UrlList } from '../../core/uploads/urlList';
import { baseUrlOption, connect, quietOption, type ApiFlags } from '../api/connect';
import { UsageError } from '../errors';
import { writeAll } from '../syncWrite';
import { checkReadable, fileChunks } from '../upload/fileChunks';
import { jsonLine, toStderr } from '../terminal';
import { oneLine } from '../../core/text/controls';

interface DocsFlags extends ApiFlags {
  project: string;
  dataset?: string;
  from?: string;
}

/** A progress line at most this often: a long list at 120 a minute says how far it is. */
const PROGRESS_EVERY_MS = 5_000;

const count = (n: number) => `${n.toLocaleString('en')} URL${n === 1 ? '' : 's'}`;

async function urlsOf(given: readonly string[], flags: DocsFlags): Promise<[UrlList, string]> {
  if (given.length > 0 && flags.from !== undefined)
    throw new UsageError('give the URLs as arguments or --from FILE, not both');
  if (given.length > 0) return [urlListOf(given.join('\n')), 'argument'];
  if (flags.from === undefined)
    throw new UsageError('give the documents: their URLs as arguments, or --from FILE');
  if (flags.from === '-') return [await readUrlList(process.stdin as Chunks), '<stdin>'];
  checkReadable(flags.from);
  return [await readUrlList(fileChunks(flags.from)), flags.from];
}

async function runRemoval(
  action: DocumentRemoval,
  given: readonly string[],
  flags: DocsFlags,
): Promise<number> {
  const [list, source] = await urlsOf(given, flags);
  if (list.problems.length > 0) {
    toStderr(
      list.problems.map((problem) => `${source}:${problem.line}: ${problem.message}\n`).join(''),
    );
    throw new UsageError(
      `${list.problems.length.toLocaleString('en')} line${list.problems.length === 1 ? ' is' : 's are'} not URLs: nothing was sent`,
    );
  }
  const say = (message: string) => {
    if (!flags.quiet) toStderr(`mmq: ${message}\n`);
  };
  const skipped = [
    list.repeated > 0 ? `${count(list.repeated)} given again, sent once` : '',
    list.notApplied > 0 ? `${list.notApplied.toLocaleString('en')} report lines not applied` : '',
  ].filter(Boolean);
  if (skipped.length > 0) say(`${source}: ${skipped.join('; ')}`);
  const total = list.urls.length;
  if (total === 0) {
    say(`${source}: no URLs to ${action}`);
    return 0;
  }
  const where = `project ${flags.project}${flags.dataset === undefined ? '' : `, dataset ${flags.dataset}`}`;
  say(`${action}: ${count(total)} of ${where}`);

  const client = connect(flags);
  // As mmq upload: the first Ctrl-C lets the call under way finish and sends no more; a second
  // aborts that call too (its url is then `unknown`).
  const stop = new AbortController();
  const abort = new AbortController();
  const interrupt = () => {
    if (stop.signal.aborted) {
      abort.abort();
      return;
    }
    stop.abort();
    say('interrupted: nothing more is sent once the call under way ends (Ctrl-C again: now)');
  };
  process.on('SIGINT', interrupt);
  let counts = noRemovals();
  let firstFailure: RemovalLine | undefined;
  let lastSaid = Date.now();
  try {
    const lines = removeDocuments(
      client,
      {
        project: flags.project,
        ...(flags.dataset === undefined ? {} : { dataset: flags.dataset }),
      },
      action,
      list.urls,
      {
        stop: stop.signal,
        signal: abort.signal,
        onProgress: (done) => {
          counts = done;
          if (Date.now() - lastSaid < PROGRESS_EVERY_MS) return;
          lastSaid = Date.now();
          const reported = Object.values(done).reduce((sum, each) => sum + each, 0);
          say(
            `${action}: ${reported.toLocaleString('en')} of ${count(total)} (${describeRemovals(done)})`,
          );
        },
      },
    );
    for await (const line of lines) {
      writeAll(1, jsonLine(line));
      if (line.outcome !== doneFate(action)) firstFailure ??= line;
    }
  } finally {
    process.off('SIGINT', interrupt);
    await client.close();
  }
  say(`${count(total)}: ${describeRemovals(counts)}`);
  // spec/cli.md: a refusal names the API's code and text; stdout has every one.
  if (firstFailure !== undefined)
    toStderr(
      `mmq docs ${action}: ${firstFailure.url}: ${firstFailure.outcome}` +
        (firstFailure.status_code === undefined ? '' : ` (code ${firstFailure.status_code})`) +
        `: ${oneLine(firstFailure.message)}` +
        (total - counts[doneFate(action)] > 1 ? ' (the first; stdout lists each)' : '') +
        '\n',
    );
  if (stop.signal.aborted) return 130;
  return counts[doneFate(action)] === total ? 0 : 1;
}

function registerRemoval(docs: Command, action: DocumentRemoval, description: string): void {
  docs
    .command(action)
    .description(description)
    .argument('[urls...]', 'the documents, by URL')
    .requiredOption('--project <id>', 'the project the documents are in')
    .option('--dataset <id>', "one of the project's datasets, when they are in one")
    .option(
      '--from <file>',
      'read the URLs from FILE (- for stdin): one a line, or an upload report whose applied lines are taken',
    )
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (urls, flags) => {
      process.exitCode = await runRemoval(action, urls, flags);
    });
}

export function registerDocs(program: Command): void {
  const docs = program
    .command('docs')
    .description('delete uploaded documents from search, or bring deleted ones back');
  registerRemoval(
    docs,
    'delete',
    'take stored documents out of search, by URL (undelete brings them back); a line per URL (NDJSON)',
  );
  registerRemoval(
    docs,
    'undelete',
    'bring deleted documents back into search, by URL; a line per URL (NDJSON)',
  );
}
