// The directory of corpus snapshots (the extension's global storage, or `mmq sandbox
// --corpus-cache`): one file per corpus key, at most KEEP of them, the least recently used
// deleted first. Several processes may use one directory at once (VS Code windows): every step
// here tolerates another having done it first.
import { readdir, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { SnapshotKey } from './file';
import { CORPUS_VERSION } from './version';

/** Snapshots kept: a few seeds or sizes in use, and the previous version's, are enough. */
export const KEEP = 3;
/** A temporary file this old was left by a writer that died: no write takes this long. */
const ABANDONED_MS = 60 * 60 * 1000;
const SNAPSHOT = /^corpus-.*\.snap$/;
const TEMPORARY = /^corpus-.*\.snap\..*\.tmp$/;

/** The days a corpus covers unless told otherwise (the sandbox's global data: 30 days). */
export const DEFAULT_CORPUS_DAYS = 30;

/** The key of a corpus's snapshot: what it is drafted from, and the version of what it holds. */
export function corpusKey(seed: number, docs: number, days: number): SnapshotKey {
  return { corpus: CORPUS_VERSION, seed, docs, days };
}

/** The file of a key: readable, and safe as a name whatever the key's values. */
export function snapshotPath(directory: string, key: SnapshotKey): string {
  const parts = Object.entries(key).map(
    ([name, value]) => `${name}${String(value).replace(/[^A-Za-z0-9.-]/g, '_')}`,
  );
  return join(directory, `corpus-${parts.join('-')}.snap`);
}

/** Marks a snapshot as just used, so that eviction keeps it longest. */
export async function touchSnapshot(path: string): Promise<void> {
  const now = new Date();
  await utimes(path, now, now);
}

/** Deletes all but the KEEP most recently used snapshots, and abandoned temporary files. */
export async function evictSnapshots(directory: string, keep = KEEP): Promise<string[]> {
  const names = await readdir(directory);
  const now = Date.now();
  const found = await Promise.all(
    names
      .filter((name) => SNAPSHOT.test(name) || TEMPORARY.test(name))
      .map(async (name) => {
        // Gone already: another process evicted or renamed it.
        const stats = await stat(join(directory, name)).catch(() => undefined);
        return stats && { name, used: stats.mtimeMs };
      }),
  );
  const present = found.filter((entry) => entry !== undefined);
  const snapshots = present
    .filter((entry) => SNAPSHOT.test(entry.name))
    .sort((a, b) => b.used - a.used);
  const doomed = [
    ...snapshots.slice(keep),
    ...present.filter((entry) => TEMPORARY.test(entry.name) && now - entry.used > ABANDONED_MS),
  ].map((entry) => entry.name);
  await Promise.all(doomed.map((name) => unlink(join(directory, name)).catch(() => undefined)));
  return doomed;
}
