// Runs the built `mmq` command (dist/cli.js) as a user or a CI pipeline would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const CLI = resolve('dist/cli.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function mmq(
  args: readonly string[],
  options: { stdin?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const result = outputOf(child);
  child.stdin.end(options.stdin ?? '');
  return result;
}

/** What a process started with piped stdout and stderr printed, and its exit status. */
export function outputOf(child: ChildProcess): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolvePromise({ status, stdout, stderr }));
  });
}

/** A fresh directory with the given files (names may contain `/`); returns its path. */
export async function workspace(files: Record<string, string>): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'mmq-cli-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(directory, name)), { recursive: true });
    await writeFile(join(directory, name), text, 'utf8');
  }
  return directory;
}

export function orOfTerms(count: number, prefix = 'w'): string {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' OR ');
}

export interface RunningMmq {
  readonly child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once stderr matches `pattern` (rejects if mmq exits first). */
  stderrMatches(pattern: RegExp): Promise<void>;
  /** The exit status, or the signal that ended it. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts `mmq ARGS` and leaves it running, for tests that interrupt or kill it. stdout goes to
 * the file descriptor `stdout` (a file, so that a kill never finds a write waiting on a reader)
 * or is ignored.
 */
export function startMmq(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; stdout?: number } = {},
): RunningMmq {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of waiters) waiter();
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolvePromise) =>
    child.on('close', (status, signal) => resolvePromise(status ?? signal)),
  );
  return {
    child,
    stderr: () => stderr,
    exited,
    stderrMatches: (pattern) =>
      new Promise<void>((resolvePromise, reject) => {
        const check = () => {
          if (!pattern.test(stderr)) return;
          waiters.delete(check);
          resolvePromise();
        };
        waiters.add(check);
        check();
        void exited.then(() => {
          if (waiters.delete(check))
            reject(new Error(`mmq exited before stderr matched ${pattern}: ${stderr}`));
        });
      }),
  };
}
