// Whether a process named in a lock file still runs. A pid alone does not say: after a crash the
// system gives the pid to some other process, and a process killed with SIGKILL stays a zombie
// (its pid taken, signals accepted) until its parent collects it, which may take a while or
// never come. So a holder is alive only when its pid runs, is not a zombie, and started when the
// lock says it did.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The fields of /proc/PID/stat after the command name (which may hold spaces and parens). */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in the system's own terms, or null if it cannot say. */
export function processStart(pid: number): string | null {
  if (process.platform === 'linux') return procStat(pid)?.[19] ?? null;
  if (process.platform === 'win32') return null;
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started === '' ? null : started;
  } catch {
    return null;
  }
}

/** Whether `pid` has ended but not been collected: it holds nothing any more. */
function isZombie(pid: number): boolean {
  if (process.platform === 'linux') {
    const state = procStat(pid)?.[0];
    return state === 'Z' || state === 'X';
  }
  if (process.platform === 'win32') return false;
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return state.startsWith('Z');
  } catch {
    return false;
  }
}

/** Whether process `pid` runs (and is not a zombie). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error: unknown) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/**
 * Whether the process that wrote `started` for `pid` still runs: a process that started at
 * another time is another process under a recycled pid. `started` null: the system could not
 * say when it wrote it, so the pid decides alone.
 */
export function stillRuns(pid: number, started: string | null): boolean {
  if (!isRunning(pid)) return false;
  return started === null || processStart(pid) === started;
}
