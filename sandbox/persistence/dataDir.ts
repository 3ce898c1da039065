// A sandbox's data directory: meta.json (the corpus it was created with), journal.jsonl (see
// journal.ts) and a lock file naming the process that uses it, so that two sandboxes never
// interleave one journal. A lock left by a process that no longer runs (kill -9) is taken over.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Journal, type OpenedJournal } from './journal';
import { DataDirMeta } from './records';

export class DataDirError extends Error {}

const META = 'meta.json';
const JOURNAL = 'journal.jsonl';
const LOCK = 'sandbox.lock';

export interface CorpusChoice {
  /** As the user gave them; undefined takes the data directory's (or the default). */
  readonly seed: number | undefined;
  readonly docs: number | undefined;
  readonly defaults: { readonly seed: number; readonly docs: number };
  /** The virtual time now, the anchor of a new directory's corpus. */
  readonly now: number;
}

export interface OpenedDataDir extends OpenedJournal {
  readonly meta: DataDirMeta;
  /** True when this start created the directory's state. */
  readonly created: boolean;
  close(): void;
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

function lock(directory: string): () => void {
  const path = join(directory, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => unlinkSync(path);
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder))
        throw new DataDirError(
          `${directory} is in use by another sandbox (process ${holder}); stop it or choose another --data-dir`,
        );
      // A stale lock (its process is gone): take it over.
      unlinkSync(path);
    }
  }
  throw new DataDirError(`could not lock ${directory}: another sandbox keeps taking it`);
}

/** Writes a file so that a crash leaves either the old or the new content, never a mix. */
function writeDurably(directory: string, name: string, text: string): void {
  const temporary = join(directory, `.${name}.${process.pid}.tmp`);
  const fd = openSync(temporary, 'w');
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, join(directory, name));
  const directoryFd = openSync(directory, 'r');
  try {
    fsyncSync(directoryFd);
  } finally {
    closeSync(directoryFd);
  }
}

function readMeta(directory: string): DataDirMeta | undefined {
  let text: string;
  try {
    text = readFileSync(join(directory, META), 'utf8');
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DataDirError(`${join(directory, META)} is not JSON; the data directory is damaged`);
  }
  const parsed = DataDirMeta.safeParse(value);
  if (!parsed.success)
    throw new DataDirError(
      `${join(directory, META)} is not a sandbox data directory description (format 1)`,
    );
  return parsed.data;
}

function agree(
  name: 'seed' | 'docs',
  given: number | undefined,
  stored: number,
  directory: string,
) {
  if (given !== undefined && given !== stored)
    throw new DataDirError(
      `${directory} holds a sandbox created with --${name} ${stored}, not ${given}: start it with --${name} ${stored} or choose another --data-dir`,
    );
}

export function openDataDir(directory: string, choice: CorpusChoice): OpenedDataDir {
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error: unknown) {
    throw new DataDirError(`cannot create ${directory}: ${(error as Error).message}`);
  }
  const unlock = lock(directory);
  try {
    let meta = readMeta(directory);
    const created = meta === undefined;
    if (meta) {
      agree('seed', choice.seed, meta.seed, directory);
      agree('docs', choice.docs, meta.docs, directory);
    } else {
      meta = {
        format: 1,
        seed: choice.seed ?? choice.defaults.seed,
        docs: choice.docs ?? choice.defaults.docs,
        anchor: choice.now,
        created: new Date(choice.now).toISOString(),
      };
      writeDurably(directory, META, `${JSON.stringify(meta, null, 2)}\n`);
    }
    const opened = Journal.open(join(directory, JOURNAL));
    let open = true;
    return {
      ...opened,
      meta,
      created,
      close: () => {
        if (!open) return;
        open = false;
        opened.journal.close();
        unlock();
      },
    };
  } catch (error: unknown) {
    unlock();
    throw error;
  }
}
