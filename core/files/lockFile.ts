// A lock file that keeps two processes from writing the same files: `<path>` names the process
// holding it by pid, the time that process started and a random instance id (several holders in
// one process: the instance decides). Taken with O_EXCL semantics, held only while that very
// process runs (processes.ts): a lock whose holder is gone, crashed, killed or a zombie, is taken
// over by the next taker. No library: proper-lockfile judges staleness by a timestamp it must
// keep refreshing, and cannot say which process holds the lock, which is what the refusal names.
//
// The lock's text is written whole to a temporary file first and then hard-linked to `<path>`
// (which fails if `<path>` exists), so that whoever finds the lock finds it complete: a lock
// created empty and written after would look unreadable, and so stale, to a second taker in that
// instant. A stale lock is moved aside before it is removed, and checked to be the one judged
// stale, so that two takers cannot both remove it and then each take the lock.
import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { processStart, stillRuns } from './processes';
import { temporaryBeside } from './temporaryName';

const LockHolder = z.object({
  pid: z.number().int().positive(),
  /** When the process started, as the system tells it; null where it cannot. */
  started: z.string().nullable(),
  instance: z.string(),
});
export type LockHolder = z.infer<typeof LockHolder>;

/**
 * The lock is held by a running process (perhaps this one), named in `holder`; no holder when
 * other takers kept taking it while this one tried.
 */
export class LockHeld extends Error {
  constructor(
    readonly path: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${path} is held by ${holder ? `process ${holder.pid}` : 'other processes'}`);
  }
}

/** Instances holding a lock in this process. */
const held = new Set<string>();

function holds(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return held.has(holder.instance);
  return stillRuns(holder.pid, holder.started);
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = LockHolder.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Unreadable or gone: written by no program of ours, or cut short by a full disk.
    return undefined;
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Removes the stale lock `seen` at `path`, unless another taker has replaced it meanwhile. */
function removeStale(path: string, seen: LockHolder | undefined): void {
  const aside = temporaryBeside(`${path}.stale`);
  try {
    renameSync(path, aside);
  } catch (error: unknown) {
    if (errorCode(error) === 'ENOENT') return; // another taker removed it first
    throw error;
  }
  try {
    const moved = readHolder(aside);
    // Another taker's fresh lock, moved by mistake: it goes back where it was.
    if (moved?.instance !== seen?.instance) linkSync(aside, path);
  } catch {
    // Someone holds `path` again: the next attempt reads who.
  } finally {
    unlinkSync(aside);
  }
}

/** Writes the lock: linked from a complete temporary file; false when `path` exists. */
function create(path: string, text: string): boolean {
  const temporary = temporaryBeside(path);
  writeFileSync(temporary, text, { flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error: unknown) {
    if (errorCode(error) === 'EEXIST') return false;
    // A file system without hard links (FAT, some network shares): exclusive creation alone.
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(errorCode(error) ?? '')) throw error;
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return true;
    } catch (fallback: unknown) {
      if (errorCode(fallback) === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Takes the lock at `path`, or throws LockHeld naming the process that holds it. Answers the
 * release, which removes the lock if it is still this one's.
 */
export function takeLock(path: string): () => void {
  const me: LockHolder = {
    pid: process.pid,
    started: processStart(process.pid),
    instance: randomUUID(),
  };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(path, text)) {
      held.add(me.instance);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(me.instance);
        if (readHolder(path)?.instance !== me.instance) return;
        try {
          unlinkSync(path);
        } catch {
          // Already gone (removed by hand): nothing is held.
        }
      };
    }
    const holder = readHolder(path);
    if (holder && holds(holder)) throw new LockHeld(path, holder);
    removeStale(path, holder);
  }
  throw new LockHeld(path, readHolder(path));
}

/**
 * Takes the lock, waiting up to `waitMs` for a holder that still runs to let go (a window that
 * reloads: the old extension host may still be closing its tails). Polls: no file system tells
 * portably when a file is removed.
 */
export async function takeLockWaiting(path: string, waitMs: number): Promise<() => void> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return takeLock(path);
    } catch (error: unknown) {
      if (!(error instanceof LockHeld) || Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
