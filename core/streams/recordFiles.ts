// The complete record of a tail: NDJSON files in a folder, `<base>-0001.ndjson`, `-0002`, ...,
// a new part once one passes its size. The position (part, size) is kept with the tail's resume
// point after every write, so that a tail restored after a crash or a reload first cuts away what
// was written after the point it resumes from (it comes again): nothing repeated, nothing lost.
// Parts that exist when a new tail starts are never written to: it starts after them.
//
// Each source has names of its own (a readable part of its id and a hash of the whole id), and
// only files of exactly those names are ever cut or deleted: a restore never touches another
// tail's record. One writer at a time: the record's lock (`.<base>.lock`, core/files/lockFile.ts)
// refuses a second tail of the same source into the same folder, from another window or process.
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, rm, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { LockHeld, takeLock, takeLockWaiting } from '../files/lockFile';

export interface RecordPosition {
  /** The part being written, from 1. */
  readonly part: number;
  /** Its size in bytes once the last kept write was done. */
  readonly size: number;
}

const partName = (base: string, part: number) => `${base}-${String(part).padStart(4, '0')}.ndjson`;

/** Characters of the id kept in the name, for people looking at the folder. */
const SLUG_LENGTH = 60;

/**
 * A base name safe in any file system (an id may hold anything) and unique per source: ids that
 * read alike once made safe (`news/eu`, `news?eu`, `News eu`) or share their first characters
 * differ in the hash of the exact id, which is in lower case so that names differ on file
 * systems that ignore case too.
 */
export function recordBaseName(kind: string, id: string): string {
  const slug = id.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, SLUG_LENGTH);
  const hash = createHash('sha256').update(`${kind}\0${id}`).digest('hex').slice(0, 12);
  return `${kind}-${slug}-${hash}`;
}

/**
 * The name earlier versions gave a record, which ids could share: their parts are never cut
 * or deleted (whose they are cannot be known); a restored tail says where they are.
 */
export function legacyRecordBaseName(kind: string, id: string): string {
  return `${kind}-${id.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)}`;
}

/** The record is being written by another tail: another window, or another process. */
export class RecordLocked extends Error {}

/** The part numbers of the record `base` in `folder`: files of exactly its names. */
export async function recordParts(folder: string, base: string): Promise<number[]> {
  const pattern = new RegExp(`^${base.replace(/[.]/g, '\\.')}-(\\d{4,})\\.ndjson$`);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const match = pattern.exec(name);
    return match ? [Number(match[1])] : [];
  });
}

export class RecordFiles {
  private constructor(
    readonly folder: string,
    private readonly base: string,
    private readonly maxBytes: number,
    private part: number,
    private size: number,
    private handle: FileHandle,
    private readonly unlock: () => void,
  ) {}

  /**
   * Opens the record. With `restore` (the position kept with a resume point), what lies past it
   * is cut away; `continueLast` (a stream's tail: nothing comes again) appends to the last part.
   * A record that another tail holds is refused (RecordLocked), after waiting up to
   * `lockWaitMs` for it to let go.
   */
  static async open(options: {
    readonly folder: string;
    readonly base: string;
    readonly maxBytes: number;
    readonly restore?: RecordPosition;
    readonly continueLast?: boolean;
    readonly lockWaitMs?: number;
  }): Promise<RecordFiles> {
    const { folder, base } = options;
    await mkdir(folder, { recursive: true });
    const unlock = await lockRecord(folder, base, options.lockWaitMs ?? 0);
    try {
      const { part, size, handle } = await openPart(options);
      return new RecordFiles(folder, base, options.maxBytes, part, size, handle, unlock);
    } catch (error: unknown) {
      unlock();
      throw error;
    }
  }

  get position(): RecordPosition {
    return { part: this.part, size: this.size };
  }

  /** The part being written. */
  get path(): string {
    return join(this.folder, partName(this.base, this.part));
  }

  /** Appends whole lines; a new part first when they would take this one past its size. */
  async append(text: string): Promise<RecordPosition> {
    const bytes = Buffer.from(text, 'utf8');
    if (this.size > 0 && this.size + bytes.length > this.maxBytes) {
      await this.handle.close();
      this.part += 1;
      this.size = 0;
      this.handle = await open(this.path, 'a');
    }
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, written);
      written += bytesWritten;
    }
    this.size += bytes.length;
    return this.position;
  }

  /** Closes the part and lets go of the record. */
  async close(): Promise<void> {
    try {
      await this.handle.close();
    } finally {
      this.unlock();
    }
  }
}

async function lockRecord(folder: string, base: string, waitMs: number): Promise<() => void> {
  const path = join(folder, `.${base}.lock`);
  try {
    return waitMs > 0 ? await takeLockWaiting(path, waitMs) : takeLock(path);
  } catch (error: unknown) {
    if (!(error instanceof LockHeld)) throw error;
    const holder =
      error.holder?.pid === process.pid
        ? 'this window'
        : error.holder
          ? `process ${error.holder.pid}`
          : 'other processes';
    throw new RecordLocked(
      `the record ${join(folder, `${base}-*.ndjson`)} is being written by another tail (${holder}, see ${path}): stop that tail, or record into another folder`,
    );
  }
}

/** The part to write and its size: after the existing parts, or where a restore says. */
async function openPart(options: {
  readonly folder: string;
  readonly base: string;
  readonly restore?: RecordPosition;
  readonly continueLast?: boolean;
}): Promise<{ part: number; size: number; handle: FileHandle }> {
  const { folder, base, restore } = options;
  const parts = await recordParts(folder, base);
  // No part of its own (a first tail, or a record of an earlier version's name, which is left
  // alone): a record starts at part 1, and nothing is cut.
  if (restore && parts.length > 0 && !options.continueLast) {
    for (const later of parts.filter((each) => each > restore.part))
      await rm(join(folder, partName(base, later)), { force: true });
    const path = join(folder, partName(base, restore.part));
    const handle = await open(path, 'a');
    const { size: actual } = await handle.stat();
    if (actual > restore.size) await truncate(path, restore.size);
    return { part: restore.part, size: Math.min(actual, restore.size), handle };
  }
  const part =
    restore && parts.length > 0 ? Math.max(restore.part, ...parts) : Math.max(0, ...parts) + 1;
  const handle = await open(join(folder, partName(base, part)), 'a');
  return { part, size: (await handle.stat()).size, handle };
}
