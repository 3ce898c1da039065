// JSON upload files: one document (an object) or an array of them, read as a stream of bytes and
// cut into the array's elements by depth outside strings, each decoded and parsed alone. So a
// large array is never held whole, and a malformed element is a problem on the line it starts on
// while the elements after it are still read.
import { documentOf } from './jsonText';
import { MAX_PIECE_BYTES, problem, tooLong, type Chunks, type SourceItem } from './items';

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

const isWhitespace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const opens = (byte: number) => byte === 0x7b || byte === 0x5b;
const closes = (byte: number) => byte === 0x7d || byte === 0x5d;

/**
 * The UTF-16 code units (an editor's columns) a byte of UTF-8 adds: a character's first byte
 * counts, one of four bytes (outside the Basic Multilingual Plane) as a surrogate pair.
 */
const columnsOf = (byte: number) => ((byte & 0xc0) === 0x80 ? 0 : byte >= 0xf0 ? 2 : 1);

type Phase = 'start' | 'between' | 'element' | 'after' | 'done';

export class JsonScanner {
  private phase: Phase = 'start';
  /** Whether the file is an array (elements end at `,` or `]`), or one object. */
  private array = false;
  private line = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private elementLine = 1;
  /** Where on its line the element under way starts, and the column of the byte being read. */
  private elementColumn = 0;
  private column = 0;
  private pieces: Buffer[] = [];
  private held = 0;
  /** Bytes of the element under way once it is over the limit and no longer held. */
  private skipped = 0;
  /** Bytes of the file read so far: to drop a byte-order mark at its very start. */
  private offset = 0;

  constructor(private readonly maxBytes = MAX_PIECE_BYTES) {}

  push(chunk: Uint8Array): SourceItem[] {
    let bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.offset === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      bytes = bytes.subarray(3);
    this.offset += bytes.length;
    const items: SourceItem[] = [];
    let start = this.phase === 'element' ? 0 : -1;
    for (let index = 0; index < bytes.length && this.phase !== 'done'; index++) {
      const byte = bytes[index] as number;
      if (this.phase === 'element') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (byte === BACKSLASH) this.escaped = true;
          else if (byte === QUOTE) this.inString = false;
        } else if (byte === QUOTE) this.inString = true;
        else if (opens(byte)) this.depth++;
        else if (this.depth === 0 && this.array && (byte === COMMA || closes(byte))) {
          // The array's `,` or `]` ends the element and is not part of it.
          items.push(this.finish(bytes, start, index));
          start = -1;
          this.phase = byte === COMMA ? 'between' : 'after';
        } else if (closes(byte)) {
          this.depth--;
          if (this.depth === 0 && !this.array) {
            items.push(this.finish(bytes, start, index + 1));
            start = -1;
            this.phase = 'after';
          }
        }
      } else if (isWhitespace(byte)) {
        // Between values: nothing to do but count lines.
      } else if (this.phase === 'start' && byte === 0x5b) {
        this.array = true;
        this.phase = 'between';
      } else if (this.phase === 'between' && byte === 0x5d) {
        this.phase = 'after';
      } else if (this.phase === 'between' && byte === COMMA) {
        // A stray comma holds no document: nothing to report on.
      } else if (this.phase === 'start' && byte !== 0x7b) {
        items.push(
          problem(this.line, 'a JSON upload file holds one object or an array of objects'),
        );
        this.phase = 'done';
      } else if (this.phase === 'after') {
        items.push(
          problem(this.line, 'text after the end of the JSON value: nothing more is read'),
        );
        this.phase = 'done';
      } else {
        this.phase = 'element';
        this.elementLine = this.line;
        this.elementColumn = this.column;
        start = index;
        // Re-examined as the element's first byte.
        index--;
        continue;
      }
      if (byte === NEWLINE) {
        this.line++;
        this.column = 0;
      } else this.column += columnsOf(byte);
    }
    if (this.phase === 'element' && start >= 0) this.carry(bytes.subarray(start));
    return items;
  }

  /** At the end of the file: an element under way, and whether the array was closed. */
  end(): SourceItem[] {
    const items: SourceItem[] = [];
    if (this.phase === 'element') items.push(this.finish(Buffer.alloc(0), 0, 0));
    if (this.array && (this.phase === 'element' || this.phase === 'between'))
      items.push(problem(this.line, 'the file ends before the closing `]` of its array'));
    this.phase = 'done';
    return items;
  }

  private carry(part: Buffer): void {
    if (this.skipped > 0) this.skipped += part.length;
    else if (this.held + part.length > this.maxBytes) {
      this.skipped = this.held + part.length;
      this.pieces = [];
      this.held = 0;
    } else {
      // Copied: the stream may reuse the chunk's memory.
      this.pieces.push(Buffer.from(part));
      this.held += part.length;
    }
  }

  private finish(bytes: Buffer, start: number, end: number): SourceItem {
    this.carry(bytes.subarray(start, end));
    const item =
      this.skipped > 0
        ? tooLong(this.elementLine, this.skipped, 'the document')
        : documentOf(Buffer.concat(this.pieces, this.held).toString('utf8'), {
            line: this.elementLine,
            column: this.elementColumn,
          });
    this.pieces = [];
    this.held = 0;
    this.skipped = 0;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    return item;
  }
}

export async function* readJson(
  chunks: Chunks,
  maxBytes = MAX_PIECE_BYTES,
): AsyncGenerator<SourceItem> {
  const scanner = new JsonScanner(maxBytes);
  for await (const chunk of chunks) yield* scanner.push(chunk);
  yield* scanner.end();
}
