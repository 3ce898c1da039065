// An upload's report file written as the documents are reported (never held whole): lines go to
// `<report>.partial` with the stream's back-pressure respected, and the file takes the report's
// name only once complete, so a crash mid-upload never leaves a half report in place of the
// earlier one. A write failure (disk full) is kept and thrown by the next write or commit.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { ReportLine } from '../../core/uploads/report';

export class ReportWriter {
  private failure: Error | undefined;
  private readonly stream: WriteStream;
  private readonly partial: string;
  private written = 0;

  constructor(private readonly path: string) {
    this.partial = `${path}.partial`;
    this.stream = createWriteStream(this.partial);
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

  /** Lines written so far: the number of the last one. */
  get lines(): number {
    return this.written;
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
    await rename(this.partial, this.path);
  }

  /** Nothing to report: the partial file goes, the earlier report stays. */
  async abandon(): Promise<void> {
    await this.end().catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}
