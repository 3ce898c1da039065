// Sending checked documents as they are read, in batches of at most 500 (the client's sendBatch,
// core/api/client/uploadAll.ts), and yielding the report line by line in input order. At most one
// batch of items is held at a time, so a file of any size uploads in bounded memory. Documents
// that failed the checks (sent with --valid-only) keep their place in the report as `not-sent`.
// Before a batch is sent, `record` is given a `sending` line per document of it and awaited: the
// report then says they may have landed whatever ends the upload before their answer is read.
import { sendBatch, type DocumentOutcome } from '../api/client/uploadAll';
import type { MediaMonitoringClient } from '../api/client/client';
import type { UploadTarget } from '../api/client/endpoints/documents';
import { MAX_BATCH_DOCUMENTS, type UploadBatch } from '../api/schemas/uploads';
import type { Items } from './items';
import { noOutcomes, sendingLine, type OutcomeCounts, type ReportLine } from './report';

export type Prepared =
  | {
      readonly kind: 'send';
      readonly line: number;
      /** The document's place in the file (report.ts). */
      readonly position: number;
      readonly url: string;
      readonly entry: UploadBatch[number];
    }
  | {
      readonly kind: 'skip';
      readonly line: number;
      readonly position: number;
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
  /**
   * Before each batch is sent: a `sending` line per document of it, to be kept where a kill
   * cannot undo it. When it fails, nothing more is sent (the failure is thrown).
   */
  readonly record?: (sending: readonly ReportLine[]) => void | Promise<void>;
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
    const sending = batch.filter(
      (item): item is Prepared & { kind: 'send' } => item.kind === 'send',
    );
    const sends = stopped === undefined && sending.length > 0;
    if (sends)
      await options.record?.(
        sending.map((item) => sendingLine(item.line, item.position, item.url)),
      );
    const result = sends
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
              position: item.position,
              ...(item.url ? { url: item.url } : {}),
              outcome: 'not-sent',
              message: item.message,
            }
          : result === undefined
            ? {
                line: item.line,
                position: item.position,
                url: item.url,
                outcome: 'not-sent',
                message: stopped ?? '',
              }
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
  const document = { line: item.line, position: item.position, url: item.url };
  if (outcome === undefined) return { ...document, outcome: 'unknown', message: 'no outcome' };
  return {
    ...document,
    outcome: outcome.fate,
    ...(outcome.statusCode === undefined ? {} : { status_code: outcome.statusCode }),
    message: outcome.message,
    ...(outcome.entry === undefined ? {} : { entry: outcome.entry }),
  };
}
