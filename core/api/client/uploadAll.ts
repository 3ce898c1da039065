// Uploading any number of documents: batches of at most 500 (gaps.md), one after another, and a
// report with one line per document whatever happens. Nothing is half-sent without saying so: a
// document is `applied` or `refused` as the service answered it, `unknown` when the connection
// failed after its batch was sent (check before sending it again), or `not-sent` when the upload
// stopped before its batch (cancelled, no credits, the token rejected, the rate limit) or no
// connection could be made for it (refused, no such host).
import type { DocumentData } from '../schemas/document';
import { MAX_BATCH_DOCUMENTS, type UploadBatch } from '../schemas/uploads';
import type { uploadBatch, UploadTarget } from './endpoints/documents';
import { isApiError, type ApiError } from './errors';
import type { Transport } from './transport';

/** What an upload needs of the client (client.ts, which offers uploadAll as a call of its own). */
export interface BatchClient {
  readonly documents: {
    batch(
      target: UploadTarget,
      entries: UploadBatch,
      options?: Parameters<typeof uploadBatch>[3],
    ): ReturnType<typeof uploadBatch>;
  };
  readonly transport: Pick<Transport, 'redact' | 'redactValue'>;
}

/** The outcomes of spec/cli.md's upload report, spelled as it spells them. */
export type DocumentFate = 'applied' | 'refused' | 'unknown' | 'not-sent';

/** What became of one document of a batch. */
export interface DocumentOutcome {
  readonly fate: DocumentFate;
  /** The service's status code for the document, when it answered one. */
  readonly statusCode?: string;
  readonly message: string;
  /** The document as stored, when the upload asked for it (`return_entry=show`). */
  readonly entry?: DocumentData;
}

export interface DocumentReport extends DocumentOutcome {
  /** The document's position in what was given. */
  readonly index: number;
  readonly url: string | undefined;
}

export interface UploadAllOptions {
  readonly signal?: AbortSignal;
  /** Told after each batch: documents done so far, of all. */
  readonly onProgress?: (done: number, total: number) => void;
}

type Entry = UploadBatch[number];

export function urlOf(entry: Entry): string | undefined {
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

export interface BatchResult {
  /** One per entry of the batch, in order. */
  readonly outcomes: DocumentOutcome[];
  /** Set when the next batches would fail as this one did: why they are not sent. */
  readonly stop?: string;
}

/** Sends one batch (at most 500 entries) and says what became of each of its documents. */
export async function sendBatch(
  client: BatchClient,
  target: UploadTarget,
  batch: UploadBatch,
  signal?: AbortSignal,
  /** Stops the batch while it waits for the rate limit: its documents are then not-sent. */
  stopWaiting?: AbortSignal,
): Promise<BatchResult> {
  try {
    const answer = await client.documents.batch(target, batch, {
      ...(signal ? { signal } : {}),
      ...(stopWaiting ? { stopWaiting } : {}),
    });
    const answered = answer.result_searchdoc;
    return {
      outcomes: batch.map((_, offset): DocumentOutcome => {
        const outcome = answered[offset];
        if (!outcome)
          return {
            fate: 'unknown',
            message: 'the service answered for fewer documents than were sent',
          };
        // Passed on to reports and messages: a service that echoes the request (the token
        // with it) in an outcome must not put the token there.
        return {
          fate: outcome.status_code === '0' ? 'applied' : 'refused',
          message: client.transport.redact(
            outcome.status_message ?? (outcome.status_code === '0' ? 'OK' : ''),
          ),
          statusCode: client.transport.redact(outcome.status_code),
          ...(outcome.entry === undefined
            ? {}
            : { entry: client.transport.redactValue(outcome.entry) }),
        };
      }),
    };
  } catch (error: unknown) {
    if (!isApiError(error)) throw error;
    // An error envelope means the batch was refused whole; no answer means it may have landed,
    // unless it stopped before it was sent (cancelled while it waited for the rate limit, or no
    // connection made).
    const fate: DocumentFate =
      error.kind === 'service' ? 'refused' : error.notSent ? 'not-sent' : 'unknown';
    const outcome: DocumentOutcome = {
      fate,
      message: error.message,
      ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
    };
    return {
      outcomes: batch.map(() => outcome),
      ...(stopsTheUpload(error)
        ? { stop: `not sent after an earlier batch failed: ${error.message}` }
        : {}),
    };
  }
}

export async function uploadAll(
  client: BatchClient,
  target: UploadTarget,
  entries: UploadBatch,
  options: UploadAllOptions = {},
): Promise<DocumentReport[]> {
  const reports: DocumentReport[] = [];
  let stopped: string | undefined;
  for (let start = 0; start < entries.length; start += MAX_BATCH_DOCUMENTS) {
    const batch = entries.slice(start, start + MAX_BATCH_DOCUMENTS);
    if (stopped === undefined && options.signal?.aborted) stopped = 'cancelled';
    const { outcomes, stop }: BatchResult =
      stopped === undefined
        ? await sendBatch(client, target, batch, options.signal)
        : { outcomes: batch.map(() => ({ fate: 'not-sent', message: stopped ?? '' }) as const) };
    outcomes.forEach((outcome, offset) =>
      reports.push({ index: start + offset, url: urlOf(batch[offset] as Entry), ...outcome }),
    );
    stopped ??= stop;
    options.onProgress?.(Math.min(start + batch.length, entries.length), entries.length);
  }
  return reports;
}
