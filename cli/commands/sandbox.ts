// `mmq sandbox [options]`: runs the API emulator standalone. The first line on stdout is exactly
// `listening on http://HOST:PORT` with the real port (spec/cli.md), for scripts to read.
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { startSandbox } from '../../sandbox/server';
import { UsageError } from '../io';

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
    },
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`mmq sandbox takes no files: ${positionals.join(' ')}`);
  if (values['data-dir'] !== undefined) {
    // Refused rather than ignored: a user who asks for persistence must not lose data silently.
    throw new UsageError(
      '--data-dir is not supported yet: the sandbox keeps everything in memory for now',
    );
  }
  const port = wholeNumber('port', values.port, DEFAULT_OPTIONS.port);
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`);
  const rate = values.rate === undefined ? DEFAULT_OPTIONS.rate : Number(values.rate);
  if (!Number.isFinite(rate) || rate < 0)
    throw new UsageError(`--rate takes documents per second (0 or more), not ${values.rate}`);
  const sandbox = await startSandbox({
    host: values.host ?? DEFAULT_OPTIONS.host,
    port,
    seed: wholeNumber('seed', values.seed, DEFAULT_OPTIONS.seed),
    docs: wholeNumber('docs', values.docs, DEFAULT_OPTIONS.docs),
    rate,
    token: values.token ?? DEFAULT_OPTIONS.token,
    readOnlyToken: values['read-only-token'],
    credits: wholeNumber('credits', values.credits, DEFAULT_OPTIONS.credits),
    dataDir: values['data-dir'],
  });
  process.stdout.write(`listening on ${sandbox.url}\n`);
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
