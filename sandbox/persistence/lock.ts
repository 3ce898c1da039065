// The lock that keeps two sandboxes out of one data directory: `sandbox.lock`, held only while
// the sandbox that took it runs (core/files/lockFile.ts says how a stale one is told and taken
// over).
import { join } from 'node:path';
import { LockHeld, takeLock } from '../../core/files/lockFile';

export class LockRefused extends Error {}

const LOCK = 'sandbox.lock';

/** Takes the directory's lock, or refuses naming the process that holds it; answers the unlock. */
export function lock(directory: string): () => void {
  try {
    return takeLock(join(directory, LOCK));
  } catch (error: unknown) {
    if (!(error instanceof LockHeld)) throw error;
    throw new LockRefused(
      error.holder
        ? `${directory} is in use by another sandbox (process ${error.holder.pid}); stop it or choose another --data-dir`
        : `could not lock ${directory}: another sandbox keeps taking it`,
    );
  }
}
