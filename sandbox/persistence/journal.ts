// The journal file: append-only JSON lines, numbered and chained (records.ts). What a response or
// a chunk acknowledges is on disk (fdatasync) before it is acknowledged; credits charged by reads
// are written at once but synced within CHARGE_SYNC_MS or with the next write, whichever is
// first: a power failure may lose the last moment's charges, never an acknowledged write, and a
// crash of the process (kill -9) loses nothing written.
//
// Opening reads the file line by line (lines.ts), checks every line's number and chain, and
// drops a torn last line (a crash mid-write). Anything else amiss is corruption: opening refuses,
// naming the file and line, rather than replay a history with a hole in it. A deleted last line
// looks like a crash that came before it, and cannot be told from one.
import { createHash } from 'node:crypto';
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { readLines } from './lines';
import { JournalLine, type JournalRecord } from './records';

export class JournalCorrupt extends Error {}

/** How long a charge may wait for its fsync. */
export const CHARGE_SYNC_MS = 200;

/** The verified records of a journal, read again from the file each time they are iterated. */
export interface JournalContents extends Iterable<JournalLine> {
  readonly count: number;
  /** Numbers of requests whose handler refused them after they were journaled. */
  readonly voided: ReadonlySet<number>;
  /** Bytes of a torn last line that were dropped. */
  readonly tornBytes: number;
}

export interface OpenedJournal {
  readonly journal: Journal;
  readonly records: JournalContents;
}

/** What the next line's `p` must be: a digest of this line. */
export const digest = (text: string): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 16);

function parseLine(path: string, text: string, number: number): JournalLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JournalCorrupt(`${path}:${number}: not a JSON object; the journal is damaged`);
  }
  const parsed = JournalLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JournalCorrupt(
      `${path}:${number}: not a journal record (${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

export type Durability = 'now' | 'soon';

export class Journal {
  private closed = false;
  private unsynced = false;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private next: number,
    private previous: string,
    private size: number,
    private readonly flush: (fd: number) => void,
  ) {}

  /**
   * Opens (creating) the journal whose first line names `genesis`, and checks every line.
   * `flush` puts written lines on disk (tests count the calls).
   */
  static open(
    path: string,
    genesis: string,
    flush: (fd: number) => void = fdatasyncSync,
  ): OpenedJournal {
    const fd = openSync(path, 'a+');
    try {
      let expected = 1;
      let previous = genesis;
      const voided = new Set<number>();
      const lines = readLines(path);
      let step = lines.next();
      for (; !step.done; step = lines.next()) {
        const { text, number } = step.value;
        const line = parseLine(path, text, number);
        if (line.n !== expected)
          throw new JournalCorrupt(
            `${path}:${number}: record ${line.n} where record ${expected} was due: ${line.n > expected ? 'records before it are missing' : 'a record is repeated'}; the journal is damaged`,
          );
        if (line.p !== previous)
          throw new JournalCorrupt(
            number === 1
              ? `${path}:1: this journal does not belong to the meta.json beside it; the data directory is damaged`
              : `${path}:${number}: does not follow line ${number - 1}: a line before it was changed; the journal is damaged`,
          );
        if (line.k === 'void') voided.add(line.of);
        previous = digest(text);
        expected += 1;
      }
      const complete = step.value;
      const tornBytes = fstatSync(fd).size - complete;
      if (tornBytes > 0) {
        ftruncateSync(fd, complete);
        fdatasyncSync(fd);
      }
      const records: JournalContents = {
        count: expected - 1,
        voided,
        tornBytes,
        *[Symbol.iterator]() {
          for (const { text, number } of readLines(path, complete))
            yield parseLine(path, text, number);
        },
      };
      return { journal: new Journal(path, fd, expected, previous, complete, flush), records };
    } catch (error: unknown) {
      closeSync(fd);
      throw error;
    }
  }

  /**
   * Writes one record and answers its number. `now`: on disk before this returns (what will be
   * acknowledged); `soon`: within CHARGE_SYNC_MS, or with the next `now`.
   */
  append(record: JournalRecord, durability: Durability = 'now'): number {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    const n = this.next;
    const line = JSON.stringify({ n, p: this.previous, ...record });
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    try {
      for (let written = 0; written < bytes.length;)
        written += writeSync(this.fd, bytes, written, bytes.length - written);
    } catch (error: unknown) {
      // A line half written (a full disk) would damage every line after it: take it back.
      ftruncateSync(this.fd, this.size);
      throw error;
    }
    this.size += bytes.length;
    this.next = n + 1;
    this.previous = digest(line);
    if (durability === 'now') this.sync();
    else this.syncSoon();
    return n;
  }

  private sync(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush(this.fd);
    this.unsynced = false;
  }

  private syncSoon(): void {
    this.unsynced = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.closed && this.unsynced) this.sync();
    }, CHARGE_SYNC_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.closed) return;
    if (this.unsynced) this.sync();
    clearTimeout(this.timer);
    this.closed = true;
    closeSync(this.fd);
  }
}
