// Document upload (api.md "Document upload", "Uploadable document fields"; gaps.md uploads).
import { z } from 'zod';
import { DocumentData } from './document';
import { envelope } from './envelope';

export const UPLOAD_OPERATIONS = ['create', 'update', 'upsert'] as const;
export type UploadOperation = (typeof UPLOAD_OPERATIONS)[number];

/** At most this many documents in one batch, and this many bytes in one document body. */
export const MAX_BATCH_DOCUMENTS = 500;
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

export const UploadDocument = z
  .object({
    url: z.string().min(1),
    title: z.string(),
    content: z.string(),
    /** Epoch ms, sent as a string. */
    published: z.string().regex(/^\d+$/, 'published must be epoch milliseconds as a string'),
    parent_url: z.string(),
    extra_author_attributes: z
      .object({ name: z.string().optional(), gender: z.string().optional() })
      .loose(),
    extra_source_attributes: z.record(z.string(), z.unknown()),
    engagement: z.string().regex(/^-?\d+(\.\d+)?$/, 'engagement must be a number sent as a string'),
    rating: z.number(),
    custom: z.record(z.string(), z.number()),
    label: z.array(z.object({ type: z.string(), id: z.string() })),
  })
  .partial()
  .loose();
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
  z.object({ create: UploadDocument }).strict(),
  z.object({ update: UploadDocument }).strict(),
  z.object({ upsert: UploadDocument }).strict(),
]);
export const UploadBatch = z.array(BatchEntry).max(MAX_BATCH_DOCUMENTS);
export type UploadBatch = z.infer<typeof UploadBatch>;

export const UploadOutcome = z.object({
  action: z.string(),
  status_code: z.string(),
  status_message: z.string(),
  url: z.string().optional(),
  /** With `return_entry=show`: the document as stored. */
  entry: DocumentData.optional(),
});
export type UploadOutcome = z.infer<typeof UploadOutcome>;

export const UploadResponse = envelope('result_searchdoc', z.array(UploadOutcome));
export type UploadResponse = z.infer<typeof UploadResponse>;
