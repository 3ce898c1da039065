// `mmq sandbox [options]`: runs the API emulator standalone. The first line on stdout is exactly
// `listening on http://HOST:PORT` with the real port (spec/cli.md), for scripts to read.
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { startSandbox } from '../../sandbox/server';
import { UsageError } from '../io';
import { DataDirError } from '../../sandbox/persistence/dataDir';
import { JournalCorrupt } from '../../sandbox/persistence/journal';

function wholeNumber(
  flag: string,
  value: string | undefined,
  fallback: number,
  minimum = 0,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum)
    throw new UsageError(`--${flag} takes a whole number of at least ${minimum}, not ${value}`);
  return number;
}

function optionalWholeNumber(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : wholeNumber(flag, value, 0);
}

export async function sandboxCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      seed: { type: 'string' },
      docs: { type: 'string' },
      rate: { type: 'string' },
      token: { type: 'string' },
      'read-only-token': { type: 'string' },
      credits: { type: 'string' },
      'data-dir': { type: 'string' },
      'corpus-cache': { type: 'string' },
      quiet: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`mmq sandbox takes no files: ${positionals.join(' ')}`);
  const port = wholeNumber('port', values.port, DEFAULT_OPTIONS.port);
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`);
  const rate = values.rate === undefined ? DEFAULT_OPTIONS.rate : Number(values.rate);
  if (!Number.isFinite(rate) || rate < 0)
    throw new UsageError(`--rate takes documents per second (0 or more), not ${values.rate}`);
  const dataDir = values['data-dir'];
  if (dataDir === '') throw new UsageError('--data-dir needs a directory');
  const corpusCache = values['corpus-cache'];
  if (corpusCache === '') throw new UsageError('--corpus-cache needs a directory');
  let sandbox;
  try {
    sandbox = await startSandbox({
      host: values.host ?? DEFAULT_OPTIONS.host,
      port,
      // Absent, they come from the data directory (or the defaults): a restart needs no flags.
      seed: optionalWholeNumber('seed', values.seed),
      docs: optionalWholeNumber('docs', values.docs),
      rate,
      token: values.token ?? DEFAULT_OPTIONS.token,
      readOnlyToken: values['read-only-token'],
      credits: wholeNumber('credits', values.credits, DEFAULT_OPTIONS.credits),
      dataDir,
      snapshotDir: corpusCache,
      // A line per request on stderr, unless asked for silence (stdout stays the address only).
      ...(values.quiet ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
    });
  } catch (error: unknown) {
    if (error instanceof DataDirError || error instanceof JournalCorrupt)
      throw new UsageError(error.message);
    throw error;
  }
  process.stdout.write(`listening on ${sandbox.url}\n`);
  if (sandbox.restored) {
    const { records, diverged } = sandbox.restored;
    process.stderr.write(
      `mmq: restored ${records} journal record${records === 1 ? '' : 's'} from ${dataDir ?? ''}` +
        (diverged > 0
          ? `; ${diverged} replayed request${diverged === 1 ? '' : 's'} failed this time`
          : '') +
        '\n',
    );
  }
  return new Promise<number>((resolve) => {
    const stop = () => {
      sandbox.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
