// An upload's report file written as the documents are reported (never held whole): lines go to
// `<report>.partial` with the stream's back-pressure respected, and the file takes the report's
// name only once complete, so a crash mid-upload never leaves a half report in place of the
// earlier one. Before each batch is sent, its `sending` lines are written and synced (a journal,
// as `mmq upload` writes: core/uploads/report.ts), so that the partial file says what may have
// landed whatever ends the upload; once complete, it is rewritten with one line per document.
// A write failure (disk full) is kept and thrown by the next write or commit.
import { createWriteStream, fsync, openSync, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { compactReport } from '../../../core/uploads/compactReport';
import type { ReportLine } from '../../../core/uploads/report';

export class ReportWriter {
  private failure: Error | undefined;
  private readonly stream: WriteStream;
  private readonly partial: string;
  /** The partial file's descriptor, which the stream writes and `record` syncs. */
  private readonly fd: number;
  private recorded = false;
  /** Lines written but `sending` ones: the lines of the report once it is rewritten. */
  private written = 0;

  constructor(private readonly path: string) {
    this.partial = `${path}.partial`;
    this.fd = openSync(this.partial, 'w');
    this.stream = createWriteStream(this.partial, { fd: this.fd });
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  async write(line: ReportLine): Promise<void> {
    await this.writeText(JSON.stringify(line));
  }

  /** A line as it is: one of an earlier report that could not be read, kept in its place. */
  async writeText(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    this.written++;
    if (!this.stream.write(`${text}\n`)) await once(this.stream, 'drain');
  }

  /**
   * Lines written so far but `sending` ones: the number of the last one in the finished report
   * (the rewrite leaves one line per document, in the order they were written here).
   */
  get lines(): number {
    return this.written;
  }

  /** A batch's `sending` lines, on the disk before the batch is sent. */
  async record(lines: readonly ReportLine[]): Promise<void> {
    if (this.failure) throw this.failure;
    this.recorded = true;
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    await new Promise<void>((resolve, reject) =>
      this.stream.write(text, (error) => (error ? reject(error) : resolve())),
    );
    await promisify(fsync)(this.fd);
  }

  private async end(): Promise<void> {
    if (!this.stream.closed) {
      this.stream.end();
      await once(this.stream, 'close');
    }
    if (this.failure) throw this.failure;
  }

  /** The report complete: it replaces the file of its name. */
  async commit(): Promise<void> {
    await this.end();
    if (this.recorded) await compactReport(this.partial);
    await rename(this.partial, this.path);
  }

  /** Nothing to report: the partial file goes, the earlier report stays. */
  async abandon(): Promise<void> {
    await this.end().catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}
