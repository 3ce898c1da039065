// "Retry the failed ones": from an earlier report, the documents it does not list as applied,
// and how to send each again. A document whose outcome is `unknown` may have landed (the
// connection failed after its batch was sent): a second `create` of it would be refused as a
// repeated url (the service's and the sandbox's rule), so it goes as `upsert`, which creates it
// if it is missing and rewrites it with the same fields if it is there: never a duplicate. An
// `update` is sent again as it was (repeating it changes nothing more).
import type { UploadOperation } from '../api/schemas/uploads';
import type { DocumentFate } from '../api/client/uploadAll';
import { MAX_PIECE_BYTES, type Chunks } from './items';
import { linesOf } from './lines';
import { parseReportLine } from './report';

export interface RetryEntry {
  readonly url?: string;
  readonly outcome: Exclude<DocumentFate, 'applied'>;
}

/** The report's lines not applied, by the line of the upload file they name. */
export type RetryPlan = ReadonlyMap<number, RetryEntry>;

export class RetryReportError extends Error {}

/**
 * The plan of a report. A line that is not a report line refuses the whole report, unless
 * `skipUnreadable` (VS Code's retry, which shows such lines with the report rather than refuse
 * it): then it is passed over, and the document it might have named is not retried.
 */
export async function readRetryPlan(
  chunks: Chunks,
  options: { readonly skipUnreadable?: boolean } = {},
): Promise<RetryPlan> {
  const plan = new Map<number, RetryEntry>();
  for await (const each of linesOf(chunks, MAX_PIECE_BYTES)) {
    if ('text' in each && each.text.trim() === '') continue;
    const value = 'text' in each ? parseReportLine(each.text) : undefined;
    if (value === undefined) {
      if (options.skipUnreadable) continue;
      throw new RetryReportError(
        `line ${each.line} is not a report line ({"line": N, "outcome": …} as mmq upload writes)`,
      );
    }
    if (value.outcome === 'applied') continue;
    plan.set(value.line, {
      outcome: value.outcome,
      ...(typeof value.url === 'string' ? { url: value.url } : {}),
    });
  }
  return plan;
}

/** The operation a document is sent again with. */
export function retryMode(mode: UploadOperation, entry: RetryEntry): UploadOperation {
  return mode === 'create' && entry.outcome === 'unknown' ? 'upsert' : mode;
}
