// `mmq sandbox` start-up at its default 50,000 documents, spawn to the `listening` line: a first
// start (the corpus drafted and indexed) and a second one (read from the corpus kept by an earlier
// start, `--corpus-cache`), beside two floors measured in the same rounds: `node -e ""` (starting
// Node) and `mmq sandbox --docs 0` (Node, the CLI's bundle, Fastify, listening: every start's
// share that is not the corpus). Runs interleave, so that the machine's load falls on all alike.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { elapsedMs, summarise, type Measurement } from './measure';

export const STARTUP_DOCUMENTS = 50_000;

const SANDBOX = ['dist/cli.js', 'sandbox', '--port', '0', '--rate', '0', '--quiet'];

/** Milliseconds from spawning `args` to its first stdout line containing `until`, then ends it. */
function timeTo(args: readonly string[], until: string): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += String(chunk)));
  return new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      if (!output.includes(until)) return;
      const ms = elapsedMs(started);
      child.kill('SIGKILL');
      resolve(ms);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!output.includes(until)) reject(new Error(`exited (${code}) first: ${errors}`));
    });
  });
}

/** Milliseconds from spawning `node -e ""` to its exit: starting Node and nothing else. */
function nodeAlone(): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(elapsedMs(started)));
  });
}

/** Starts `mmq sandbox` once to keep its corpus in `directory`, and waits until it is written. */
async function keepCorpus(directory: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      ...SANDBOX.filter((arg) => arg !== '--quiet'),
      ...['--docs', String(STARTUP_DOCUMENTS), '--corpus-cache', directory],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += String(chunk);
      if (/corpus kept in/.test(log)) resolve();
      else if (/corpus not kept/.test(log)) reject(new Error(log));
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before keeping: ${log}`)));
  });
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface StartupBench {
  readonly node: Measurement;
  readonly empty: Measurement;
  readonly first: Measurement;
  readonly second: Measurement;
}

export async function sandboxStartup(quick: boolean): Promise<StartupBench> {
  const cache = await mkdtemp(join(tmpdir(), 'mmq-bench-startup-'));
  try {
    await keepCorpus(cache);
    const docs = ['--docs', String(STARTUP_DOCUMENTS)];
    const subjects = {
      node: nodeAlone,
      empty: () => timeTo([...SANDBOX, '--docs', '0'], 'listening on'),
      first: () => timeTo([...SANDBOX, ...docs], 'listening on'),
      second: () => timeTo([...SANDBOX, ...docs, '--corpus-cache', cache], 'listening on'),
    };
    const samples: Record<keyof typeof subjects, number[]> = {
      node: [],
      empty: [],
      first: [],
      second: [],
    };
    // One untimed round warms the disk cache and the machine.
    for (const subject of Object.values(subjects)) await subject();
    for (let round = 0; round < (quick ? 1 : 5); round++)
      for (const [name, subject] of Object.entries(subjects))
        samples[name as keyof typeof subjects].push(await subject());
    return {
      node: summarise(samples.node),
      empty: summarise(samples.empty),
      first: summarise(samples.first),
      second: summarise(samples.second),
    };
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}
