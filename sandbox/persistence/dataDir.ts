// A sandbox's data directory: meta.json (the corpus it was created with, and the id its journal
// names), journal.jsonl (see journal.ts) and a lock (lock.ts), so that two sandboxes never
// interleave one journal. A journal without its meta.json, or a meta.json of an older format,
// stops the start: replayed against another corpus, a journal would rebuild another state.
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Journal, type OpenedJournal } from './journal';
import { lock, LockRefused } from './lock';
import { DataDirMeta, FORMAT } from './records';

/**
 * Why a data directory cannot be opened: `locked` by another running sandbox, `mismatch` with the
 * corpus asked for (another seed or size), or anything else (`damaged`, unwritable).
 */
export type DataDirProblem = 'locked' | 'mismatch' | 'other';

export class DataDirError extends Error {
  constructor(
    message: string,
    readonly problem: DataDirProblem = 'other',
  ) {
    super(message);
  }
}

const META = 'meta.json';
const JOURNAL = 'journal.jsonl';

function journalSize(directory: string): number {
  try {
    return statSync(join(directory, JOURNAL)).size;
  } catch {
    return 0;
  }
}

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
  const format = (value as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format < FORMAT)
    throw new DataDirError(
      `${directory} was written by an earlier mmq (format ${format}), whose journal this one cannot verify: move it away and start with a new --data-dir`,
    );
  const parsed = DataDirMeta.safeParse(value);
  if (!parsed.success)
    throw new DataDirError(
      `${join(directory, META)} is not a sandbox data directory description (format ${FORMAT})`,
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
      'mismatch',
    );
}

export function openDataDir(directory: string, choice: CorpusChoice): OpenedDataDir {
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error: unknown) {
    throw new DataDirError(`cannot create ${directory}: ${(error as Error).message}`);
  }
  let unlock: () => void;
  try {
    unlock = lock(directory);
  } catch (error: unknown) {
    if (error instanceof LockRefused) throw new DataDirError(error.message, 'locked');
    throw error;
  }
  try {
    let meta = readMeta(directory);
    const created = meta === undefined;
    if (!meta && journalSize(directory) > 0)
      throw new DataDirError(
        `${join(directory, META)} is missing but ${JOURNAL} holds a journal: without it the journal cannot be replayed against the corpus it was written for; restore meta.json, or move the directory away`,
      );
    if (meta) {
      agree('seed', choice.seed, meta.seed, directory);
      agree('docs', choice.docs, meta.docs, directory);
    } else {
      meta = {
        format: FORMAT,
        seed: choice.seed ?? choice.defaults.seed,
        docs: choice.docs ?? choice.defaults.docs,
        anchor: choice.now,
        created: new Date(choice.now).toISOString(),
        journal: randomUUID(),
      };
      writeDurably(directory, META, `${JSON.stringify(meta, null, 2)}\n`);
    }
    const opened = Journal.open(join(directory, JOURNAL), meta.journal);
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
