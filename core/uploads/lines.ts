// Lines of a byte stream, each with its 1-based number, without ever holding more than one line:
// a line longer than the limit is reported by its length and skipped to its end unread, so a
// file without a line break costs no more memory than the limit. Splitting on the byte 0x0A is
// safe in UTF-8 (no byte of a multi-byte character is ASCII); each line is decoded whole.

export type Line =
  | {
      readonly line: number;
      readonly text: string;
      /** The stream's last line, with no line break after it: maybe cut short by a kill. */
      readonly unterminated?: true;
    }
  | { readonly line: number; readonly tooLong: number };

import type { Chunks } from './items';

const NEWLINE = 0x0a;

export class LineSplitter {
  private number = 1;
  private pieces: Buffer[] = [];
  private held = 0;
  /** Bytes of the current line once it is over the limit (and no longer held). */
  private skipped = 0;

  constructor(private readonly maxBytes: number) {}

  /** The lines this chunk completes. */
  push(chunk: Uint8Array): Line[] {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const lines: Line[] = [];
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
      this.take(bytes.subarray(start, end));
      lines.push(this.finish());
      start = end + 1;
    }
    this.take(bytes.subarray(start));
    return lines;
  }

  /** The last line, when the stream does not end with a line break. */
  end(): Line[] {
    if (this.held === 0 && this.skipped === 0) return [];
    const last = this.finish();
    return ['text' in last ? { ...last, unterminated: true } : last];
  }

  private take(part: Buffer): void {
    if (this.skipped > 0) this.skipped += part.length;
    else if (this.held + part.length > this.maxBytes) {
      this.skipped = this.held + part.length;
      this.pieces = [];
      this.held = 0;
    } else if (part.length > 0) {
      // Copied: the stream may reuse the chunk's memory.
      this.pieces.push(Buffer.from(part));
      this.held += part.length;
    }
  }

  private finish(): Line {
    const done: Line =
      this.skipped > 0
        ? { line: this.number, tooLong: this.skipped }
        : {
            line: this.number,
            text: Buffer.concat(this.pieces, this.held).toString('utf8').replace(/\r$/, ''),
          };
    this.pieces = [];
    this.held = 0;
    this.skipped = 0;
    this.number += 1;
    return done;
  }
}

export async function* linesOf(chunks: Chunks, maxBytes: number): AsyncGenerator<Line> {
  const splitter = new LineSplitter(maxBytes);
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}
