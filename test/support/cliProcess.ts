// `mmq sandbox` as a child process (dist/cli.js, built by the test script's first stage): for the
// tests that kill it, read its stderr, or must not share the test runner's memory.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface CliSandbox {
  readonly child: ChildProcess;
  readonly url: string;
  /** Every stderr line so far. */
  readonly stderr: string[];
  readonly exited: Promise<number | null>;
  /** Ends it: SIGTERM (a clean stop) or SIGKILL (a crash). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** The first stderr line that `matches`, once it is written. */
  line(matches: (line: string) => boolean): Promise<string>;
}

/**
 * Starts `mmq sandbox ARGS`; resolves once it listens, rejects with its stderr if it exits. `cli`
 * is the built CLI (the in-editor suite runs elsewhere than the repository).
 */
export async function startCli(args: readonly string[], cli = 'dist/cli.js'): Promise<CliSandbox> {
  const child = spawn(process.execPath, [cli, 'sandbox', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stderr: string[] = [];
  const lineReader = createInterface({ input: child.stderr });
  lineReader.on('line', (line) => stderr.push(line));
  const line = (matches: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const found = stderr.find(matches);
      if (found !== undefined) return resolve(found);
      const listener = (each: string) => {
        if (!matches(each)) return;
        lineReader.off('line', listener);
        resolve(each);
      };
      lineReader.on('line', listener);
      void exited.then(() => reject(new Error(`exited first: ${stderr.join('\n')}`)));
    });
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then((code) => {
      throw new Error(`mmq sandbox exited with ${code}: ${stderr.join('\n')}`);
    }),
  ]);
  assert.match(first, /^listening on /);
  return {
    child,
    url: first.slice('listening on '.length),
    stderr,
    exited,
    line,
    stop: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs `mmq sandbox ARGS` expecting it to refuse to start: its exit code and stderr. */
export async function refusedCli(
  args: readonly string[],
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['dist/cli.js', 'sandbox', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    // It started after all: stop it, the caller's assertion says what was expected.
    if (stdout.includes('listening on')) child.kill('SIGKILL');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr };
}
