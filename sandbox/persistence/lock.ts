// The lock that keeps two sandboxes out of one data directory: `sandbox.lock` names the process
// holding it by pid, the time that process started, and a random instance id. A lock is held
// only while that very process runs: a pid alone is not enough, since after a crash the system
// gives the pid to some other process, and a lock naming it would keep the directory locked for
// ever. Same process (two sandboxes started in it): the instance id decides.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export class LockRefused extends Error {}

const LOCK = 'sandbox.lock';

const LockHolder = z.object({
  pid: z.number().int().positive(),
  /** When the process started, as the system tells it; null where it cannot. */
  started: z.string().nullable(),
  instance: z.string(),
});
type LockHolder = z.infer<typeof LockHolder>;

/** Instances holding a lock in this process. */
const held = new Set<string>();

/** When process `pid` started, in the system's own terms, or null if it cannot say. */
export function processStart(pid: number): string | null {
  try {
    if (process.platform === 'linux') {
      // Field 22 of /proc/PID/stat, after the command name (which may hold spaces and parens).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    }
    if (process.platform === 'win32') return null;
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started === '' ? null : started;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holds(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return held.has(holder.instance);
  if (!isRunning(holder.pid)) return false;
  // A process that started at another time is another process under a recycled pid.
  return holder.started === null || processStart(holder.pid) === holder.started;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = LockHolder.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Unreadable: written by no sandbox of this version, or cut short by a crash.
    return undefined;
  }
}

/** Takes the directory's lock, or refuses naming the process that holds it; answers the unlock. */
export function lock(directory: string): () => void {
  const path = join(directory, LOCK);
  const me: LockHolder = {
    pid: process.pid,
    started: processStart(process.pid),
    instance: randomUUID(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeFileSync(fd, `${JSON.stringify(me)}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(me.instance);
      return () => {
        held.delete(me.instance);
        if (readHolder(path)?.instance === me.instance) unlinkSync(path);
      };
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && holds(holder))
        throw new LockRefused(
          `${directory} is in use by another sandbox (process ${holder.pid}); stop it or choose another --data-dir`,
        );
      // A stale lock (its process is gone, or the pid is another process's now): take it over.
      unlinkSync(path);
    }
  }
  throw new LockRefused(`could not lock ${directory}: another sandbox keeps taking it`);
}
