// A snapshot file: named binary sections behind a header that says what they are of (the key),
// how long each is, and their CRC-32 (checksum.ts). A file is only ever trusted whole: a wrong magic, key,
// byte order or length, or a checksum that does not match, and it is refused with the reason.
// Written to a file of its own and renamed into place, so a reader (another VS Code window)
// sees the old file or the new one, never half of either.
//
// Layout: MAGIC, the header's length (u32 LE), the header (JSON), then the sections, each
// starting on an 8-byte boundary so that typed arrays can view them where they lie.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { endianness } from 'node:os';
import { threadId } from 'node:worker_threads';
import { crc32 } from './checksum';

/** 2: a CRC-32 rather than a SHA-256 (a file of format 1 is "not a snapshot", and made again). */
const MAGIC = Buffer.from('MMQSNAP2', 'latin1');
const ALIGN = 8;

export type SnapshotKey = Readonly<Record<string, number | string>>;

interface Header {
  readonly key: SnapshotKey;
  readonly endianness: string;
  readonly sections: readonly { readonly name: string; readonly length: number }[];
  readonly crc32: number;
}

export type Sections = ReadonlyMap<string, Uint8Array>;

export class SnapshotRefused extends Error {}

const padding = (length: number) => (ALIGN - (length % ALIGN)) % ALIGN;

function bodyOf(sections: Sections): { parts: Uint8Array[]; lengths: Header['sections'] } {
  const parts: Uint8Array[] = [];
  const lengths: { name: string; length: number }[] = [];
  for (const [name, bytes] of sections) {
    parts.push(bytes, Buffer.alloc(padding(bytes.byteLength)));
    lengths.push({ name, length: bytes.byteLength });
  }
  return { parts, lengths };
}

/** The file's bytes, as a list of buffers to write in order. */
export function snapshotBytes(key: SnapshotKey, sections: Sections): Uint8Array[] {
  const { parts, lengths } = bodyOf(sections);
  const header: Header = {
    key,
    endianness: endianness(),
    sections: lengths,
    crc32: crc32(parts),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.byteLength);
  const start = MAGIC.byteLength + 4 + json.byteLength;
  return [MAGIC, length, json, Buffer.alloc(padding(start)), ...parts];
}

/** Writes a snapshot atomically: to a temporary file of this thread's, then renamed over `path`. */
export async function writeSnapshot(
  path: string,
  key: SnapshotKey,
  sections: Sections,
): Promise<void> {
  // Unique per process, thread and call: two windows writing at once each rename a whole file.
  const temporary = `${path}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const file = await open(temporary, 'wx');
    try {
      // No fsync: a file cut short by a crash fails its checksum and is made again.
      await file.writev(snapshotBytes(key, sections));
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error: unknown) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

function sameKey(a: SnapshotKey, b: SnapshotKey): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((name) => a[name] === b[name]);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isHeader(value: unknown): value is Header {
  return (
    isRecord(value) &&
    isRecord(value.key) &&
    typeof value.endianness === 'string' &&
    typeof value.crc32 === 'number' &&
    Array.isArray(value.sections) &&
    value.sections.every(
      (section: unknown) =>
        isRecord(section) &&
        typeof section.name === 'string' &&
        typeof section.length === 'number' &&
        Number.isInteger(section.length) &&
        section.length >= 0,
    )
  );
}

function parseHeader(file: Buffer): { header: Header; start: number } {
  if (file.byteLength < MAGIC.byteLength + 4 || !file.subarray(0, MAGIC.byteLength).equals(MAGIC))
    throw new SnapshotRefused('not a snapshot');
  const length = file.readUInt32LE(MAGIC.byteLength);
  const end = MAGIC.byteLength + 4 + length;
  if (end > file.byteLength) throw new SnapshotRefused('cut short in its header');
  let header: unknown;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.byteLength + 4, end));
  } catch {
    throw new SnapshotRefused('a damaged header');
  }
  if (!isHeader(header)) throw new SnapshotRefused('a damaged header');
  return { header, start: end + padding(end) };
}

/** Reads and checks a snapshot of `key`; SnapshotRefused says why it cannot be used. */
export async function readSnapshot(path: string, key: SnapshotKey): Promise<Sections> {
  const early = ahead;
  ahead = undefined;
  return parseSnapshot(await (early?.path === path ? early.bytes : readWhole(path)), key);
}

/** The read readAhead began, until readSnapshot takes it (or drops it, for another path). */
let ahead: { readonly path: string; readonly bytes: Promise<Buffer> } | undefined;

/**
 * Begins reading the snapshot at `path` for the next readSnapshot, before the sandbox's code is
 * loaded (`mmq sandbox`): the read, on the thread pool, then costs the start nothing. Checked
 * as any read is, when readSnapshot takes it.
 */
export function readAhead(path: string): void {
  const bytes = readWhole(path);
  // Reported by readSnapshot when taken (a missing file is the first start); else nothing.
  bytes.catch(() => undefined);
  ahead = { path, bytes };
}

/**
 * The file's bytes, read by one request to the thread pool where it can (readFile asks for
 * 512 KB at a time, each waiting for a turn of this thread, which the sandbox's start keeps
 * busy meanwhile: openCorpus reads while the app is built).
 */
async function readWhole(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await file.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    // A file that shrank while read is cut short: the header's lengths refuse it.
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await file.close();
  }
}

export function parseSnapshot(file: Buffer, key: SnapshotKey): Sections {
  const { header, start } = parseHeader(file);
  if (!sameKey(header.key, key))
    throw new SnapshotRefused(`of another corpus (${JSON.stringify(header.key)})`);
  if (header.endianness !== endianness())
    throw new SnapshotRefused(`written with another byte order (${header.endianness})`);
  const size = header.sections.reduce(
    (total, section) => total + section.length + padding(section.length),
    start,
  );
  if (size !== file.byteLength)
    throw new SnapshotRefused(`${file.byteLength} bytes long where its header says ${size}`);
  if (crc32([file.subarray(start)]) !== header.crc32)
    throw new SnapshotRefused('damaged (its checksum differs)');
  // Typed arrays need their sections aligned in memory, not only in the file.
  const body = file.byteOffset % ALIGN === 0 ? file : Buffer.from(file);
  const sections = new Map<string, Uint8Array>();
  let at = start;
  for (const section of header.sections) {
    sections.set(section.name, body.subarray(at, at + section.length));
    at += section.length + padding(section.length);
  }
  return sections;
}
