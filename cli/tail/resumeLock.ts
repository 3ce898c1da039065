// One tail at a time on a resume file: two would read from the same point, both write every
// result, and each replace the other's point (duplicates in the output, and with one temporary
// name, a run failing on the other's rename). `mmq tail --resume-file F` takes the lock `F.lock`
// before reading F and lets go when it ends; a second tail is refused naming the first one's
// process. A lock left by a run that was killed is taken over (core/files/lockFile.ts).
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { LockHeld, takeLock } from '../../core/files/lockFile';
import { isRunning } from '../../core/files/processes';
import { TEMPORARY_SUFFIX } from '../../core/files/temporaryName';
import { describeIoError, errorCode, UsageError } from '../errors';

/** Takes the lock of the resume file `path`; answers its release. */
export function lockResumeFile(path: string): () => void {
  const lockPath = `${path}.lock`;
  let release: () => void;
  try {
    release = takeLock(lockPath);
  } catch (error: unknown) {
    if (error instanceof LockHeld)
      throw new UsageError(
        `the resume file ${path} is in use by another mmq tail (${error.holder ? `process ${error.holder.pid}` : 'several processes'}, see ${lockPath}): ` +
          'stop it, or give another --resume-file',
      );
    throw new UsageError(
      `cannot lock the resume file ${path} (${lockPath}): ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
  removeLeftovers(path);
  return release;
}

/** Temporary files of runs that were killed between writing one and renaming it. */
function removeLeftovers(path: string): void {
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMPORARY_SUFFIX)) continue;
    const middle = name.slice(prefix.length, -TEMPORARY_SUFFIX.length);
    // Ours: `<pid>.<hex>`, or empty (the one fixed name of earlier versions).
    const ours = /^(?:(\d+)\.[0-9a-f]+)?$/.exec(middle);
    if (!ours) continue;
    // Another process's that still runs (an mmq that takes no lock) is left to it.
    if (ours[1] !== undefined && isRunning(Number(ours[1]))) continue;
    rmSync(join(dirname(path), name), { force: true });
  }
}
