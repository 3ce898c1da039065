// Splits a byte stream into its top-level JSON objects by brace depth outside strings (gaps.md
// "Streams and collectors"): one object per line, objects back to back, pretty-printed objects
// and blank lines all work, and a chunk may end anywhere, inside a string or inside a multi-byte
// UTF-8 character. Only ASCII bytes decide (`{`, `}`, `"`, `\`), and no byte of a multi-byte
// UTF-8 sequence is ASCII, so the bytes are scanned undecoded and each object is decoded whole.

const OPEN = 0x7b;
const CLOSE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Whitespace JSON allows between values: space, tab, line feed, carriage return. */
function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

export class StreamFormatError extends Error {}

/** The stream ended in the middle of an object: a cut connection, not a malformed stream. */
export class TruncatedStream extends StreamFormatError {}

/** The largest object accepted, so that a stream without a closing brace cannot take all memory. */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

export class JsonObjectSplitter {
  /** Bytes of the object under way that arrived in earlier chunks. */
  private carried: Buffer[] = [];
  private carriedBytes = 0;
  /** Nesting depth of `{` and `[` inside the object under way; 0 between objects. */
  private depth = 0;
  private inString = false;
  /** The last chunk ended inside a string on an odd run of backslashes. */
  private escapePending = false;
  /** Bytes consumed so far, for error positions. */
  private offset = 0;

  constructor(
    private readonly maxObjectBytes = MAX_OBJECT_BYTES,
    /** Where in the whole stream the first byte pushed lies, for error positions. */
    startOffset = 0,
  ) {
    this.offset = startOffset;
  }

  /** The complete objects' texts this chunk finishes, in order. */
  push(chunk: Uint8Array): string[] {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const objects: string[] = [];
    if (bytes.length === 0) return objects;
    let start = this.depth > 0 ? 0 : -1;
    let index = 0;
    const length = bytes.length;
    while (index < length) {
      if (this.inString) {
        index = this.endOfString(bytes, index);
        continue;
      }
      const byte = bytes[index] as number;
      if (this.depth === 0) {
        if (byte === OPEN) {
          start = index;
          this.depth = 1;
        } else if (!isWhitespace(byte)) {
          throw new StreamFormatError(
            `unexpected ${describe(byte)} at byte ${this.offset + index}: a stream holds JSON objects and whitespace only`,
          );
        }
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN || byte === OPEN_ARRAY) {
        this.depth += 1;
      } else if (byte === CLOSE || byte === CLOSE_ARRAY) {
        this.depth -= 1;
        if (this.depth === 0) {
          objects.push(this.finish(bytes, start, index + 1));
          start = -1;
        }
      }
      index += 1;
    }
    if (this.depth > 0 && start >= 0) this.carry(bytes.subarray(start));
    this.offset += length;
    return objects;
  }

  /** Whether the stream may end here: no object is half received. */
  get idle(): boolean {
    return this.depth === 0;
  }

  /** Call at the end of the stream: a half-received object is an error, with its size. */
  end(): void {
    if (this.depth > 0)
      throw new TruncatedStream(
        `the stream ended inside a JSON object (${this.carriedBytes} bytes received of it)`,
      );
  }

  /** Past the string's closing quote, or the chunk's end if the string goes on. */
  private endOfString(bytes: Buffer, from: number): number {
    // Backslashes are counted within this chunk only; the last chunk's are summed up in
    // escapePending: the byte after a backslash that ended it is escaped, whatever it is.
    const floor = this.escapePending ? from + 1 : from;
    this.escapePending = false;
    for (let searchFrom = floor; ;) {
      const quote = bytes.indexOf(QUOTE, searchFrom);
      if (quote < 0) {
        this.escapePending = oddBackslashesBefore(bytes, bytes.length, floor);
        return bytes.length;
      }
      if (!oddBackslashesBefore(bytes, quote, floor)) {
        this.inString = false;
        return quote + 1;
      }
      searchFrom = quote + 1;
    }
  }

  private carry(part: Buffer): void {
    this.carriedBytes += part.length;
    if (this.carriedBytes > this.maxObjectBytes)
      throw new StreamFormatError(
        `a JSON object in the stream exceeds ${this.maxObjectBytes} bytes without closing`,
      );
    // Copied: the caller may reuse the chunk's memory.
    this.carried.push(Buffer.from(part));
  }

  private finish(bytes: Buffer, start: number, end: number): string {
    if (this.carried.length === 0) return bytes.toString('utf8', start, end);
    const whole = Buffer.concat([...this.carried, bytes.subarray(0, end)]);
    this.carried = [];
    this.carriedBytes = 0;
    if (whole.length > this.maxObjectBytes)
      throw new StreamFormatError(
        `a JSON object in the stream exceeds ${this.maxObjectBytes} bytes`,
      );
    return whole.toString('utf8');
  }
}

/** Whether an odd number of backslashes runs up to `position` (not before `floor`). */
function oddBackslashesBefore(bytes: Buffer, position: number, floor: number): boolean {
  let count = 0;
  for (let index = position - 1; index >= floor && bytes[index] === BACKSLASH; index--) count++;
  return count % 2 === 1;
}

function describe(byte: number): string {
  return byte >= 0x20 && byte < 0x7f
    ? `\`${String.fromCharCode(byte)}\``
    : `byte 0x${byte.toString(16).padStart(2, '0')}`;
}
