// `mmq sandbox [options]`: runs the API emulator standalone. The first line on stdout is exactly
// `listening on http://HOST:PORT` with the real port (spec/cli.md), for scripts to read.
import type { Command } from '@commander-js/extra-typings';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import type { RunningSandbox } from '../../sandbox/server';
import { DataDirError } from '../../sandbox/persistence/dataDir';
import { corpusKey, DEFAULT_CORPUS_DAYS, snapshotPath } from '../../sandbox/snapshot/directory';
import { readAhead } from '../../sandbox/snapshot/file';
import { JournalCorrupt } from '../../sandbox/persistence/journal';
import { UsageError } from '../errors';
import { listenProblem } from '../listenProblem';
import { nonEmpty, nonNegativeNumber, wholeNumber } from '../options';
import { toStderr, toStdout } from '../terminal';

interface SandboxFlags {
  host: string;
  port: number;
  seed?: number;
  docs?: number;
  rate: number;
  token: string;
  readOnlyToken?: string;
  unlimitedToken?: string;
  credits: number;
  dataDir?: string;
  corpusCache?: string;
  quiet?: true;
}

async function start({ quiet, corpusCache, ...options }: SandboxFlags): Promise<RunningSandbox> {
  // A kept corpus is read while the sandbox's code loads (a fifth of a second each, here). Not
  // with a data directory, whose seed and size may not be the flags'.
  if (corpusCache !== undefined && options.dataDir === undefined)
    readAhead(
      snapshotPath(
        corpusCache,
        corpusKey(
          options.seed ?? DEFAULT_OPTIONS.seed,
          options.docs ?? DEFAULT_OPTIONS.docs,
          DEFAULT_CORPUS_DAYS,
        ),
      ),
    );
  try {
    const { startSandbox } = await import('../../sandbox/server');
    return await startSandbox({
      ...options,
      ...(corpusCache === undefined ? {} : { snapshotDir: corpusCache }),
      // A line per request on stderr, unless asked for silence (stdout stays the address only).
      ...(quiet ? {} : { log: (line: string) => toStderr(`${line}\n`) }),
    });
  } catch (error: unknown) {
    if (error instanceof DataDirError || error instanceof JournalCorrupt)
      throw new UsageError(error.message);
    const problem = listenProblem(error, options.host, options.port);
    throw problem === undefined ? error : new UsageError(problem);
  }
}

async function sandbox(flags: SandboxFlags): Promise<number> {
  const running = await start(flags);
  toStdout(`listening on ${running.url}\n`);
  if (running.restored) {
    const { records, diverged, failures } = running.restored;
    toStderr(
      `mmq: restored ${records} journal record${records === 1 ? '' : 's'} from ${flags.dataDir ?? ''}` +
        (diverged > 0
          ? `; ${diverged} failed this time and ${diverged === 1 ? 'was' : 'were'} skipped`
          : '') +
        '\n',
    );
    for (const failure of failures) toStderr(`mmq:   ${failure}\n`);
  }
  return new Promise<number>((resolve) => {
    const stop = () => {
      running.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .description('run the API emulator (first line on stdout: listening on http://HOST:PORT)')
    .option('--host <host>', 'the address to listen on', DEFAULT_OPTIONS.host)
    .option(
      '--port <port>',
      'the port; 0 for a free one',
      wholeNumber(0, 65535),
      DEFAULT_OPTIONS.port,
    )
    // Without a default: absent, they come from the data directory (or the defaults), so that a
    // restart needs no flags.
    .option('--seed <n>', `the corpus's seed (default: ${DEFAULT_OPTIONS.seed})`, wholeNumber())
    .option(
      '--docs <n>',
      `documents in the corpus (default: ${DEFAULT_OPTIONS.docs})`,
      wholeNumber(),
    )
    .option('--rate <r>', 'new documents per second', nonNegativeNumber, DEFAULT_OPTIONS.rate)
    .option('--token <token>', 'the read-write token', DEFAULT_OPTIONS.token)
    .option('--read-only-token <token>', 'a token that write endpoints refuse')
    .option(
      '--unlimited-token <token>',
      'a read-write token exempt from the call limits, for load tests',
    )
    .option('--credits <n>', 'monthly credits', wholeNumber(), DEFAULT_OPTIONS.credits)
    .option('--data-dir <dir>', 'keep uploads, streams, collectors, tasks, credits here', nonEmpty)
    .option(
      '--corpus-cache <dir>',
      'keep the generated corpus here, so that a later start with the same seed and size is fast',
      nonEmpty,
    )
    .option('--quiet', 'no request log on stderr')
    .action(async (options) => {
      process.exitCode = await sandbox(options);
    });
}
