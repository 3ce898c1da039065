// Document upload (api.md "Document upload", "Uploadable document fields"; gaps.md uploads and
// "What the service's published answers show": the single-document path also takes `delete` and
// `undelete`).
import * as z from 'zod/mini';
import { DocumentData } from './document';
import { envelope } from './envelope';
import { list, maybe } from './lenient';

export const UPLOAD_OPERATIONS = ['create', 'update', 'upsert'] as const;
export type UploadOperation = (typeof UPLOAD_OPERATIONS)[number];

/** What the single-document path does to a stored document besides writing it. */
export const DOCUMENT_REMOVALS = ['delete', 'undelete'] as const;
export type DocumentRemoval = (typeof DOCUMENT_REMOVALS)[number];

/** At most this many documents in one batch, and this many bytes in one document body. */
export const MAX_BATCH_DOCUMENTS = 500;
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

export const UploadDocument = z.looseObject({
  url: z.optional(z.string().check(z.minLength(1))),
  title: z.optional(z.string()),
  content: z.optional(z.string()),
  /** Epoch ms, sent as a string. */
  published: z.optional(
    z.string().check(z.regex(/^\d+$/, 'published must be epoch milliseconds as a string')),
  ),
  parent_url: z.optional(z.string()),
  extra_author_attributes: z.optional(
    z.looseObject({ name: z.optional(z.string()), gender: z.optional(z.string()) }),
  ),
  extra_source_attributes: z.optional(z.record(z.string(), z.unknown())),
  engagement: z.optional(
    z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'engagement must be a number sent as a string')),
  ),
  rating: z.optional(z.number()),
  custom: z.optional(z.record(z.string(), z.number())),
  label: z.optional(z.array(z.object({ type: z.string(), id: z.string() }))),
});
export type UploadDocument = z.infer<typeof UploadDocument>;

/**
 * Dataset uploads' query parameters (api.md "Document upload"): the values seen, the only ones
 * sent. `return_entry=show` answers each stored document as `entry`; `annotate=sentiment` scores
 * each document's sentiment.
 */
export const RETURN_ENTRY = 'show';
export const ANNOTATIONS = ['sentiment'] as const;
export type Annotation = (typeof ANNOTATIONS)[number];

/** What create requires; update needs only the fields it changes (and the url). */
export const CREATE_REQUIRED = ['url', 'title', 'content', 'published'] as const;

export const BatchEntry = z.union([
  z.strictObject({ create: UploadDocument }),
  z.strictObject({ update: UploadDocument }),
  z.strictObject({ upsert: UploadDocument }),
]);
export const UploadBatch = z.array(BatchEntry).check(z.maxLength(MAX_BATCH_DOCUMENTS));
export type UploadBatch = z.infer<typeof UploadBatch>;

/**
 * What the upload paths take whole: a batch is an array of at most 500 entries, a single
 * document any JSON value. Each document is then checked on its own and answers its own outcome
 * (a bad one never refuses the others), so these, not UploadBatch, are the operations' bodies.
 */
export const BatchBody = z
  .array(z.unknown(), {
    error: 'a batch is a JSON array of {"create"|"update"|"upsert": document} entries',
  })
  .check(
    z.maxLength(
      MAX_BATCH_DOCUMENTS,
      `a batch holds at most ${MAX_BATCH_DOCUMENTS} documents: split it`,
    ),
  );
export const DocumentBody = z.unknown();

export const UploadOutcome = z.object({
  action: maybe(z.string()),
  status_code: z.string(),
  status_message: maybe(z.string()),
  url: maybe(z.string()),
  /** With `return_entry=show`: the document as stored. */
  entry: maybe(DocumentData),
});
export type UploadOutcome = z.infer<typeof UploadOutcome>;

export const UploadResponse = envelope('result_searchdoc', list(UploadOutcome));
export type UploadResponse = z.infer<typeof UploadResponse>;
