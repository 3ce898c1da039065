// What the readers of upload files yield: each document with the 1-based line it starts on (for
// reports, diagnostics and `FILE:LINE:` messages), or a problem on a line where no document could
// be read. A malformed piece of input is one problem on its line, never the end of the reading.
import { MAX_DOCUMENT_BYTES } from '../api/schemas/uploads';
import type { Span, ValueLocator } from './spans';

export type Fields = Record<string, unknown>;

/** A file's bytes as they are read: a stream, or (in tests) chunks at hand. */
export type Chunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Values one after another, as a stream gives them or at hand. */
export type Items<T> = AsyncIterable<T> | Iterable<T>;

export interface SourceDocument {
  readonly kind: 'document';
  readonly line: number;
  readonly fields: Fields;
  /** Where its values are in the file, when the reader knows. */
  readonly locate?: ValueLocator;
}

export interface SourceProblem {
  readonly kind: 'problem';
  readonly line: number;
  readonly message: string;
  /** The value the problem is about, when the reader knows where it is. */
  readonly at?: Span;
}

export type SourceItem = SourceDocument | SourceProblem;

/**
 * The longest piece of input (an NDJSON line, a JSON array element, a CSV record) held in memory.
 * The service takes at most 1 MiB per document; a generous multiple allows for whitespace and
 * escapes that sending drops, and anything longer is a problem without ever being held whole.
 */
export const MAX_PIECE_BYTES = 4 * MAX_DOCUMENT_BYTES;

/** Deeper than this a document is refused unparsed: the API's documents nest three levels. */
export const MAX_NESTING = 32;

export const problem = (line: number, message: string, at?: Span): SourceProblem => ({
  kind: 'problem',
  line,
  message,
  ...(at ? { at } : {}),
});

export const tooLong = (line: number, bytes: number, what: string): SourceProblem =>
  problem(
    line,
    `${what} is ${bytes.toLocaleString('en')} bytes or more: a document is at most ${MAX_DOCUMENT_BYTES.toLocaleString('en')} bytes`,
  );
