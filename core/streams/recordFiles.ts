// The complete record of a tail: NDJSON files in a folder, `<base>-0001.ndjson`, `-0002`, ...,
// a new part once one passes its size. The position (part, size) is kept with the tail's resume
// point after every write, so that a tail restored after a crash or a reload first cuts away what
// was written after the point it resumes from (it comes again): nothing repeated, nothing lost.
// Parts that exist when a new tail starts are never written to: it starts after them.
import { mkdir, open, readdir, rm, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export interface RecordPosition {
  /** The part being written, from 1. */
  readonly part: number;
  /** Its size in bytes once the last kept write was done. */
  readonly size: number;
}

const partName = (base: string, part: number) => `${base}-${String(part).padStart(4, '0')}.ndjson`;

/** A base name safe in any file system: a stream or collector id may hold anything. */
export function recordBaseName(kind: string, id: string): string {
  return `${kind}-${id.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)}`;
}

async function partsOf(folder: string, base: string): Promise<number[]> {
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
  ) {}

  /**
   * Opens the record. With `restore` (the position kept with a resume point), what lies past it
   * is cut away; `continueLast` (a stream's tail: nothing comes again) appends to the last part.
   */
  static async open(options: {
    readonly folder: string;
    readonly base: string;
    readonly maxBytes: number;
    readonly restore?: RecordPosition;
    readonly continueLast?: boolean;
  }): Promise<RecordFiles> {
    const { folder, base, maxBytes, restore } = options;
    await mkdir(folder, { recursive: true });
    const parts = await partsOf(folder, base);
    let part: number;
    let size: number;
    if (restore && !options.continueLast) {
      for (const later of parts.filter((each) => each > restore.part))
        await rm(join(folder, partName(base, later)), { force: true });
      part = restore.part;
      size = restore.size;
      const handle = await open(join(folder, partName(base, part)), 'a');
      const { size: actual } = await handle.stat();
      if (actual > size) await truncate(join(folder, partName(base, part)), size);
      else size = actual;
      return new RecordFiles(folder, base, maxBytes, part, size, handle);
    }
    if (restore && options.continueLast) part = Math.max(restore.part, ...parts);
    else part = Math.max(0, ...parts) + 1;
    const handle = await open(join(folder, partName(base, part)), 'a');
    size = (await handle.stat()).size;
    return new RecordFiles(folder, base, maxBytes, part, size, handle);
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

  async close(): Promise<void> {
    await this.handle.close();
  }
}
