// Sending checked documents as they are read, in batches of at most 500 (the client's sendBatch,
// core/api/client/uploadAll.ts), and yielding the report line by line in input order. At most one
// batch of items is held at a time, so a file of any size uploads in bounded memory. Documents
// that failed the checks (sent with --valid-only) keep their place in the report as `not-sent`.
import { sendBatch, type DocumentOutcome } from '../api/client/uploadAll';
import type { MediaMonitoringClient } from '../api/client/client';
import type { UploadTarget } from '../api/client/endpoints/documents';
import { MAX_BATCH_DOCUMENTS, type UploadBatch } from '../api/schemas/uploads';
import type { Items } from './items';
import { noOutcomes, type OutcomeCounts, type ReportLine } from './report';

export type Prepared =
  | {
      readonly kind: 'send';
      readonly line: number;
      readonly url: string;
      readonly entry: UploadBatch[number];
    }
  | {
      readonly kind: 'skip';
      readonly line: number;
      readonly url?: string;
      readonly message: string;
    };

export interface UploadStreamOptions {
  /**
   * Stops before the next batch: the batch in flight finishes, the rest is `not-sent`. A batch
   * still waiting for the rate limit (up to a minute) stops at once and is `not-sent` too.
   */
  readonly stop?: AbortSignal;
  /** Aborts the batch in flight too: its documents are then `unknown` (they may have landed). */
  readonly signal?: AbortSignal;
  /** After each batch: the documents reported so far, by outcome. */
  readonly onBatch?: (counts: OutcomeCounts) => void;
}

export async function* uploadStream(
  client: MediaMonitoringClient,
  target: UploadTarget,
  items: Items<Prepared>,
  options: UploadStreamOptions = {},
): AsyncGenerator<ReportLine> {
  const counts = noOutcomes();
  let stopped: string | undefined;
  let pending: Prepared[] = [];
  async function* flush(): AsyncGenerator<ReportLine> {
    const batch = pending;
    pending = [];
    if (stopped === undefined && (options.stop?.aborted || options.signal?.aborted))
      stopped = 'cancelled before it was sent';
    const sending = batch.filter((item) => item.kind === 'send');
    const result =
      stopped === undefined && sending.length > 0
        ? await sendBatch(
            client,
            target,
            sending.map((item) => item.entry),
            options.signal,
            options.stop,
          )
        : undefined;
    let next = 0;
    for (const item of batch) {
      const line: ReportLine =
        item.kind === 'skip'
          ? {
              line: item.line,
              ...(item.url ? { url: item.url } : {}),
              outcome: 'not-sent',
              message: item.message,
            }
          : result === undefined
            ? { line: item.line, url: item.url, outcome: 'not-sent', message: stopped ?? '' }
            : reportOf(item, result.outcomes[next++]);
      counts[line.outcome]++;
      yield line;
    }
    // A stop asked for says so; else why the next batches would fail as this one did.
    if (stopped === undefined && (options.stop?.aborted || options.signal?.aborted))
      stopped = 'cancelled before it was sent';
    if (result?.stop !== undefined) stopped ??= result.stop;
    options.onBatch?.({ ...counts });
  }
  for await (const item of items) {
    pending.push(item);
    // Every item counts toward the flush, not only those sent: what is held stays bounded.
    if (pending.length >= MAX_BATCH_DOCUMENTS) yield* flush();
  }
  if (pending.length > 0) yield* flush();
}

function reportOf(
  item: Prepared & { kind: 'send' },
  outcome: DocumentOutcome | undefined,
): ReportLine {
  if (outcome === undefined)
    return { line: item.line, url: item.url, outcome: 'unknown', message: 'no outcome' };
  return {
    line: item.line,
    url: item.url,
    outcome: outcome.fate,
    ...(outcome.statusCode === undefined ? {} : { status_code: outcome.statusCode }),
    message: outcome.message,
    ...(outcome.entry === undefined ? {} : { entry: outcome.entry }),
  };
}
