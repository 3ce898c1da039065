// The journal file: append-only JSON lines, each one on disk (fdatasync) before append()
// returns, so whatever a response or a chunk acknowledges survives a crash. A crash can tear the
// last line only; opening drops that torn tail. Any other unreadable line is corruption, and
// opening refuses with its line number rather than replay a history with a hole in it.
import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { JournalRecord } from './records';

export class JournalCorrupt extends Error {}

export interface OpenedJournal {
  readonly journal: Journal;
  readonly records: readonly JournalRecord[];
  /** Bytes of a torn last line that were dropped. */
  readonly tornBytes: number;
}

function parseLine(path: string, line: string, number: number): JournalRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new JournalCorrupt(`${path}:${number}: not a JSON object; the journal is damaged`);
  }
  const parsed = JournalRecord.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JournalCorrupt(
      `${path}:${number}: not a journal record (${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

export class Journal {
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {}

  static open(path: string): OpenedJournal {
    const fd = openSync(path, 'a+');
    try {
      const text = readFileSync(path, 'utf8');
      const complete = text.lastIndexOf('\n') + 1;
      const tornBytes = Buffer.byteLength(text.slice(complete), 'utf8');
      if (tornBytes > 0) {
        ftruncateSync(fd, fstatSync(fd).size - tornBytes);
        fdatasyncSync(fd);
      }
      const records: JournalRecord[] = [];
      text
        .slice(0, complete)
        .split('\n')
        .forEach((line, index) => {
          if (line.trim() !== '') records.push(parseLine(path, line, index + 1));
        });
      return { journal: new Journal(path, fd), records, tornBytes };
    } catch (error: unknown) {
      closeSync(fd);
      throw error;
    }
  }

  /** Writes one record and waits until it is on disk. */
  append(record: JournalRecord): void {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
    for (let written = 0; written < bytes.length;)
      written += writeSync(this.fd, bytes, written, bytes.length - written);
    fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
