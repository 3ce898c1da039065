// Uploading any number of documents: batches of at most 500 (gaps.md), one after another, and a
// report with one line per document whatever happens. Nothing is half-sent without saying so: a
// document is `applied` or `refused` as the service answered it, `unknown` when the connection
// failed after its batch was sent (check before sending it again), or `not sent` when the upload
// stopped before its batch (cancelled, no credits, the token rejected, the rate limit).
import { MAX_BATCH_DOCUMENTS, type UploadBatch } from '../schemas/uploads';
import type { MediaMonitoringClient } from './client';
import type { UploadTarget } from './endpoints/documents';
import { ApiError } from './errors';

export type DocumentFate = 'applied' | 'refused' | 'unknown' | 'not sent';

export interface DocumentReport {
  /** The document's position in what was given. */
  readonly index: number;
  readonly url: string | undefined;
  readonly fate: DocumentFate;
  /** The service's status code for the document, when it answered one. */
  readonly statusCode?: string;
  readonly message: string;
}

export interface UploadAllOptions {
  readonly signal?: AbortSignal;
  /** Told after each batch: documents done so far, of all. */
  readonly onProgress?: (done: number, total: number) => void;
}

type Entry = UploadBatch[number];

function urlOf(entry: Entry): string | undefined {
  const document = Object.values(entry)[0] as { url?: unknown } | undefined;
  return typeof document?.url === 'string' ? document.url : undefined;
}

/** Whether a failed batch means the next ones would fail too. */
function stopsTheUpload(error: ApiError): boolean {
  return (
    error.kind === 'cancelled' ||
    error.isTokenRejected ||
    error.isOutOfCredits ||
    error.isRateLimited ||
    error.statusCode === '13'
  );
}

export async function uploadAll(
  client: MediaMonitoringClient,
  target: UploadTarget,
  entries: UploadBatch,
  options: UploadAllOptions = {},
): Promise<DocumentReport[]> {
  const reports: DocumentReport[] = [];
  let stopped: string | undefined;
  for (let start = 0; start < entries.length; start += MAX_BATCH_DOCUMENTS) {
    const batch = entries.slice(start, start + MAX_BATCH_DOCUMENTS);
    const report = (offset: number, fate: DocumentFate, message: string, statusCode?: string) =>
      reports.push({
        index: start + offset,
        url: urlOf(batch[offset] as Entry),
        fate,
        message,
        ...(statusCode === undefined ? {} : { statusCode }),
      });
    if (stopped === undefined && options.signal?.aborted) stopped = 'cancelled';
    if (stopped !== undefined) {
      batch.forEach((_, offset) => report(offset, 'not sent', stopped ?? ''));
      continue;
    }
    try {
      const answer = await client.documents.batch(
        target,
        batch,
        options.signal ? { signal: options.signal } : {},
      );
      const outcomes = answer.result_searchdoc;
      batch.forEach((_, offset) => {
        const outcome = outcomes[offset];
        if (!outcome)
          report(offset, 'unknown', 'the service answered for fewer documents than were sent');
        else
          report(
            offset,
            outcome.status_code === '0' ? 'applied' : 'refused',
            outcome.status_message,
            outcome.status_code,
          );
      });
    } catch (error: unknown) {
      if (!(error instanceof ApiError)) throw error;
      // An error envelope means the batch was refused whole; no answer means it may have landed.
      const fate: DocumentFate = error.kind === 'service' ? 'refused' : 'unknown';
      batch.forEach((_, offset) => report(offset, fate, error.message, error.statusCode));
      if (stopsTheUpload(error))
        stopped = `not sent after an earlier batch failed: ${error.message}`;
    }
    options.onProgress?.(Math.min(start + batch.length, entries.length), entries.length);
  }
  return reports;
}
