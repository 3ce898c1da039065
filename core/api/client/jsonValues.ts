// Parsed JSON objects from a byte stream, fast in the common case. The service and the sandbox
// write one object per line, so a line that starts with `{` is first given to JSON.parse whole:
// when it parses to an object, that is the object, with no scan of its bytes. Anything else (a
// pretty-printed object, objects back to back, a line cut by the connection) goes to the brace
// scanner (jsonObjects.ts) until the scanner stands between objects at the end of a chunk.
//
// An object that is not valid JSON is mended when it can be (jsonrepair): the service's published
// answers hold a chunk whose text quotes a phrase in raw double quotes. Each mended object is
// counted (`repaired`), so that the reader can say so; one that cannot be mended is an error.
import { jsonrepair } from 'jsonrepair';
import { JsonObjectSplitter, MAX_OBJECT_BYTES, StreamFormatError } from './jsonObjects';

const NEWLINE = 0x0a;
const OPEN = 0x7b;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class JsonObjectParser {
  /** While an object does not fit the line fast path. */
  private scanner: JsonObjectSplitter | undefined;
  /** A line begun in an earlier chunk. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Bytes consumed before the current chunk, for error positions. */
  private offset = 0;
  /** Objects that were not valid JSON and were mended. */
  repaired = 0;

  constructor(private readonly maxObjectBytes = MAX_OBJECT_BYTES) {}

  /** The objects this chunk completes, parsed, in order. */
  push(chunk: Uint8Array): unknown[] {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const values: unknown[] = [];
    let at = 0;
    while (at < bytes.length) {
      if (this.scanner) {
        for (const text of this.scanner.push(bytes.subarray(at))) values.push(this.parse(text));
        if (this.scanner.idle) this.scanner = undefined;
        break;
      }
      const newline = bytes.indexOf(NEWLINE, at);
      if (newline < 0) {
        this.keep(bytes.subarray(at));
        break;
      }
      const lineStart = this.offset + at - this.partialBytes;
      const line =
        this.partialBytes > 0
          ? this.joined(bytes.subarray(at, newline))
          : bytes.subarray(at, newline);
      const value = this.lineValue(line);
      if (value !== undefined) {
        values.push(value);
        at = newline + 1;
        continue;
      }
      if (isBlank(line)) {
        at = newline + 1;
        continue;
      }
      // Not one object on one line: scan it, and the rest of this chunk, by braces.
      this.scanner = new JsonObjectSplitter(this.maxObjectBytes, lineStart);
      for (const text of this.scanner.push(line)) values.push(this.parse(text));
      at = newline;
    }
    this.offset += bytes.length;
    return values;
  }

  /** Whether the stream may end here: no object is half received. */
  get idle(): boolean {
    return (this.scanner?.idle ?? true) && isBlank(Buffer.concat(this.partial));
  }

  /** Call at the end of the stream: a last line without a newline is parsed; half an object is an error. */
  end(): unknown[] {
    if (this.scanner) {
      this.scanner.end();
      return [];
    }
    const rest = Buffer.concat(this.partial);
    this.partial = [];
    this.partialBytes = 0;
    if (isBlank(rest)) return [];
    const value = this.lineValue(rest);
    if (value !== undefined) return [value];
    const scanner = new JsonObjectSplitter(this.maxObjectBytes, this.offset - rest.length);
    const values = scanner.push(rest).map((text) => this.parse(text));
    scanner.end();
    return values;
  }

  /** The line's object when the line is exactly one JSON object. */
  private lineValue(line: Buffer): unknown {
    let start = 0;
    while (start < line.length && isSpace(line[start] as number)) start++;
    if (line[start] !== OPEN) return undefined;
    try {
      const value: unknown = JSON.parse(line.toString('utf8', start));
      return isPlainObject(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** One object's text, parsed, or mended and parsed; a SyntaxError when it cannot be mended. */
  private parse(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch (error: unknown) {
      let mended: unknown;
      try {
        mended = JSON.parse(jsonrepair(text));
      } catch {
        throw error;
      }
      if (!isPlainObject(mended)) throw error;
      this.repaired += 1;
      return mended;
    }
  }

  private keep(part: Buffer): void {
    this.partialBytes += part.length;
    if (this.partialBytes > this.maxObjectBytes)
      throw new StreamFormatError(`a line in the stream exceeds ${this.maxObjectBytes} bytes`);
    this.partial.push(Buffer.from(part));
  }

  private joined(tail: Buffer): Buffer {
    const line = Buffer.concat([...this.partial, tail]);
    this.partial = [];
    this.partialBytes = 0;
    return line;
  }
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (!isSpace(byte)) return false;
  return true;
}
