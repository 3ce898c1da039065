// What one request may hold, in one table (docs/sandbox.md "Limits"). gaps.md states 1 MiB a
// document and 500 documents a batch; the rest are the sandbox's own, chosen so that a hostile
// request costs little: its body is refused before it is read or journaled, its echo is short,
// and a reader that stops reading holds a bounded buffer.
import { MAX_IMAGE_BYTES } from '../../core/api/schemas/images';
import { MAX_DOCUMENT_BYTES } from '../../core/api/schemas/uploads';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Request body sizes, by what an endpoint takes. */
export const BODY_LIMITS = {
  /** No body, or a few fields: pause, resume, delete, clock, reset, disconnect. */
  control: 64 * KIB,
  /** One document (gaps.md: at most 1 MiB). */
  document: MAX_DOCUMENT_BYTES,
  /**
   * A batch of up to 500 documents (and /_sandbox/live's 1,000). Not 500 × 1 MiB: one such body
   * would hold gigabytes in memory and make a journal line longer than a JavaScript string can be.
   */
  batch: 64 * MIB,
  /** Stream, collector, export and custom-metric definitions: 100 rules of 4,096 characters fit. */
  definition: MIB,
} as const;
export type BodySize = keyof typeof BODY_LIMITS;

/** A multipart image (image_file): the API's limit, core/api/schemas/images.ts. */
export { MAX_IMAGE_BYTES };

/** Nesting of arrays and objects in a JSON body; a document needs a handful. */
export const MAX_JSON_DEPTH = 64;

/** The request line and headers (Node's default is 16 KiB; a 4,096-character query in any script fits). */
export const MAX_HEADER_BYTES = 64 * KIB;

/** One path parameter (an id): longer ones are code 5 naming the parameter. */
export const MAX_PATH_PARAMETER = 256;

/** Input quoted in an error message. */
export const MAX_QUOTED_CHARACTERS = 200;

/** An error message, and each `result_error` value. */
export const MAX_MESSAGE_CHARACTERS = 1000;

/** The request line echoed in `request` and in the log. */
export const MAX_ECHOED_REQUEST = 2048;

/**
 * Bytes waiting to be sent on one result connection. A stream reader further behind is dropped
 * (CT_ERROR code 30); a collector reader is simply not fed until it reads (its collector keeps
 * the documents).
 */
export const MAX_BUFFERED_BYTES = MIB;

export const MEBIBYTE = MIB;
