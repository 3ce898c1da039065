// A process that has ended (SIGKILL) but that its parent has not collected: a shell that execs
// into `sleep` never waits for the child it started. Its pid still answers signals, and
// /proc/<pid>/stat says `Z`, until the shell is ended too (`end`).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { eventually } from './eventually';

export interface Zombie {
  readonly pid: number;
  end(): void;
}

/** The command a process runs now (its name), or '' once it is gone. */
function commandOf(pid: number | undefined): string {
  try {
    return pid === undefined ? '' : readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function state(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/**
 * A zombie, made from `command` run in the background of a shell; `ready` is told the pid while
 * the process still runs (to read when it started, or wait for it to take a lock) and the
 * process is killed once it has resolved.
 */
export async function zombie(
  command = 'sleep 600',
  ready: (pid: number) => unknown = () => undefined,
): Promise<Zombie> {
  const shell = spawn('sh', ['-c', `${command} & echo $!; exec sleep 600`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    shell.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await ready(pid);
  // Killed only once the shell has become `sleep`: a shell still running its script may collect
  // a child that ended (dash does, before its next command), and no zombie is left. On a loaded
  // machine the shell took long enough to get there for that to happen.
  await eventually(() => commandOf(shell.pid) === 'sleep', {
    what: `the shell ${shell.pid ?? '?'} to exec sleep`,
  });
  process.kill(pid, 'SIGKILL');
  // The signal is delivered asynchronously: until the system shows the zombie.
  await eventually(() => state(pid).startsWith('Z'), {
    what: `process ${pid} to show as a zombie`,
  });
  return { pid, end: () => shell.kill('SIGKILL') };
}
