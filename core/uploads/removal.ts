// Deleting stored documents from search, or bringing deleted ones back (`undelete`), by url: one
// call per url (the API has no batch of these), each through the client's rate governor (class
// `upload`, 120 a minute), one line per url saying what became of it. Shared by `mmq docs` and
// VS Code. As with uploads, nothing is half-done without saying so: a url is done or refused as
// the service answered it, `unknown` when the connection failed after it was sent, `not-sent`
// when the run stopped before it (a stop asked for, or a failure every next call would meet).
import type { MediaMonitoringClient } from '../api/client/client';
import type { UploadTarget } from '../api/client/endpoints/documents';
import { isApiError, type ApiError } from '../api/client/errors';
import type { DocumentRemoval } from '../api/schemas/uploads';
import type { Items } from './items';

/** Where the documents are: a project, or one of its datasets. */
export type RemovalTarget = Pick<UploadTarget, 'project' | 'dataset'>;

export type RemovalFate = 'deleted' | 'undeleted' | 'refused' | 'unknown' | 'not-sent';

export const REMOVAL_FATES: readonly RemovalFate[] = [
  'deleted',
  'undeleted',
  'refused',
  'unknown',
  'not-sent',
];

/** One url's line (`mmq docs` writes it as NDJSON). */
export interface RemovalLine {
  readonly url: string;
  readonly outcome: RemovalFate;
  /** The service's status code, when it answered one. */
  readonly status_code?: string;
  readonly message: string;
}

export type RemovalCounts = Record<RemovalFate, number>;

export const noRemovals = (): RemovalCounts => ({
  deleted: 0,
  undeleted: 0,
  refused: 0,
  unknown: 0,
  'not-sent': 0,
});

/** `8 deleted, 1 refused`: the outcomes that occurred. */
export function describeRemovals(counts: RemovalCounts): string {
  const parts = REMOVAL_FATES.filter((fate) => counts[fate] > 0).map(
    (fate) => `${counts[fate].toLocaleString('en')} ${fate}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** What a url becomes when the service does the action. */
export const doneFate = (action: DocumentRemoval): RemovalFate =>
  action === 'delete' ? 'deleted' : 'undeleted';

export interface RemovalOptions {
  /**
   * Stops before the next url: the call under way finishes (its outcome is then known), the rest
   * are `not-sent`. A call still waiting for the rate limit stops at once, `not-sent` too.
   */
  readonly stop?: AbortSignal;
  /** Aborts the call under way too: its url is then `unknown`. */
  readonly signal?: AbortSignal;
  /** After each url: the outcomes so far. */
  readonly onProgress?: (counts: RemovalCounts) => void;
}

/** Whether every next call would fail as this one did (the same target, the same token). */
function stopsTheRun(error: ApiError): boolean {
  return (
    error.kind === 'cancelled' ||
    error.kind === 'contract' ||
    error.isTokenRejected ||
    error.isOutOfCredits ||
    error.isRateLimited ||
    error.reason === 'forbidden' ||
    // No such project or dataset: the same answer for every url.
    error.reason === 'notFound'
  );
}

async function removeOne(
  client: MediaMonitoringClient,
  target: RemovalTarget,
  action: DocumentRemoval,
  url: string,
  options: RemovalOptions,
): Promise<{ line: RemovalLine; stop?: string }> {
  try {
    const answer = await client.documents.remove(target, action, url, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.stop ? { stopWaiting: options.stop } : {}),
    });
    const [outcome] = answer.result_searchdoc;
    if (!outcome)
      return { line: { url, outcome: 'unknown', message: 'the service answered no outcome' } };
    const done = outcome.status_code === '0';
    return {
      line: {
        url,
        outcome: done ? doneFate(action) : 'refused',
        status_code: outcome.status_code,
        message: outcome.status_message ?? (done ? 'OK' : 'refused without a reason'),
      },
    };
  } catch (error: unknown) {
    if (!isApiError(error)) throw error;
    // An error envelope: refused whole; no answer: it may have been done, unless it never left.
    const outcome: RemovalFate =
      error.kind === 'service' ? 'refused' : error.notSent ? 'not-sent' : 'unknown';
    return {
      line: {
        url,
        outcome,
        ...(error.statusCode === undefined ? {} : { status_code: error.statusCode }),
        message: error.notSent ? 'cancelled before it was sent' : error.message,
      },
      ...(stopsTheRun(error)
        ? {
            stop:
              error.kind === 'cancelled'
                ? 'cancelled before it was sent'
                : `not sent after an earlier call failed: ${error.message}`,
          }
        : {}),
    };
  }
}

/** Deletes or undeletes each url in turn, yielding its line as soon as it is known. */
export async function* removeDocuments(
  client: MediaMonitoringClient,
  target: RemovalTarget,
  action: DocumentRemoval,
  urls: Items<string>,
  options: RemovalOptions = {},
): AsyncGenerator<RemovalLine> {
  const counts = noRemovals();
  let stopped: string | undefined;
  for await (const url of urls) {
    if (stopped === undefined && (options.stop?.aborted || options.signal?.aborted))
      stopped = 'cancelled before it was sent';
    let line: RemovalLine;
    if (stopped === undefined) {
      const result = await removeOne(client, target, action, url, options);
      line = result.line;
      stopped = result.stop;
    } else line = { url, outcome: 'not-sent', message: stopped };
    counts[line.outcome]++;
    yield line;
    options.onProgress?.({ ...counts });
  }
}
