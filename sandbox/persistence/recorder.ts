// Connects a running sandbox to its journal: records every cause of a state change as it
// happens (write requests before their handler runs, firehose batches before they arrive, export
// task progress, credits charged by calls), and replays a journal into a fresh sandbox.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VirtualClock } from '../clock';
import type { CreditLedger } from '../credits';
import type { ExportTasks } from '../exports/tasks';
import type { RateLimiter } from '../http/rateLimits';
import type { Firehose } from '../live/firehose';
import { isTokenParameter } from '../../core/api/redact';
import { ErrorEnvelope } from '../../core/api/schemas/envelope';
import { clip } from '../http/quote';
import type { Journal, JournalContents } from './journal';
import type { JournalLine, RequestRecord } from './records';

/** The parts of a sandbox whose changes the journal records. */
export interface RecordedParts {
  readonly app: FastifyInstance;
  readonly clock: VirtualClock;
  readonly credits: CreditLedger;
  readonly limiter: RateLimiter;
  readonly tasks: ExportTasks;
  readonly firehose: Firehose;
}

export interface ReplaySummary {
  readonly records: number;
  /** Records that failed this time (a request answered with an error), skipped. */
  readonly diverged: number;
  /** What the first of them were, one line each (`journal.jsonl:LINE: …`). */
  readonly failures: readonly string[];
}

/** Failures listed in a summary; the rest are counted. */
const LISTED_FAILURES = 20;

/**
 * Whether a request is journaled: only endpoints marked `journaled` (state-changing writes), and
 * only once the token, rate limit, body and the endpoint's checks have let it through: this runs
 * as a preHandler, after all of them (http/serve.ts).
 */
function recordedWrite(request: FastifyRequest): RequestRecord['method'] | undefined {
  const { method } = request;
  return request.routeOptions.config.journaled === true &&
    (method === 'POST' || method === 'PUT' || method === 'DELETE')
    ? method
    : undefined;
}

/**
 * The request's path and query without its access token, in any spelling (redact.ts): the
 * journal never holds a token. The rest stays exactly as sent.
 */
export function withoutToken(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  if (query === undefined) return path;
  const kept = query
    .split('&')
    .filter((pair) => pair !== '' && !isTokenParameter(pair.split('=', 1)[0] ?? ''));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

function withToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

export class Recorder {
  private replaying = false;
  /** The journal number of each request being answered, to void it if it is refused. */
  private readonly numbers = new WeakMap<FastifyRequest, number>();

  constructor(private readonly journal: Journal) {}

  attach(parts: RecordedParts): void {
    const { app, clock } = parts;
    app.addHook('preHandler', (request, _reply, done) => {
      const method = this.replaying ? undefined : recordedWrite(request);
      if (method) {
        this.numbers.set(
          request,
          this.journal.append({
            k: 'request',
            wall: clock.hold(),
            method,
            url: withoutToken(request.url),
            ...(request.body === undefined ? {} : { body: request.body }),
          }),
        );
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const n = this.numbers.get(request);
      // Lost in a crash, a void costs nothing: the request fails again when replayed, and is skipped.
      if (n !== undefined && reply.statusCode >= 400)
        this.journal.append({ k: 'void', of: n }, 'soon');
      done();
    });
    const append = (record: Parameters<Journal['append']>[0], durability: 'now' | 'soon') => {
      if (!this.replaying) this.journal.append(record, durability);
    };
    // Charges of reads change nothing a client acknowledged but the credits: synced soon.
    parts.credits.onCallCharge = (amount) =>
      append({ k: 'charge', virtual: clock.now(), amount }, 'soon');
    parts.tasks.onProgress = () => append({ k: 'tick', virtual: clock.now() }, 'now');
    // Durable before any reader sees the batch's documents.
    parts.firehose.onBatch = (count, at) => append({ k: 'live', virtual: at, count }, 'now');
  }

  /**
   * Rebuilds the state the records describe; `token` is the read-write token to replay with. A
   * record that fails is reported and skipped: a start never stops at one.
   */
  async replay(
    parts: RecordedParts,
    records: JournalContents,
    token: string,
  ): Promise<ReplaySummary> {
    let diverged = 0;
    const failures: string[] = [];
    const fail = (line: JournalLine, why: string) => {
      diverged += 1;
      if (failures.length < LISTED_FAILURES)
        failures.push(clip(`journal.jsonl:${line.n}: ${why}`, 300));
    };
    this.replaying = true;
    parts.limiter.suspended = true;
    parts.firehose.suspend();
    try {
      for (const line of records) {
        try {
          await this.replayLine(parts, line, records.voided, token, (why) => fail(line, why));
        } catch (error: unknown) {
          fail(
            line,
            `${line.k} record not replayable: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    } finally {
      this.replaying = false;
      parts.limiter.suspended = false;
      parts.firehose.resume();
    }
    return { records: records.count, diverged, failures };
  }

  private async replayLine(
    parts: RecordedParts,
    line: JournalLine,
    voided: ReadonlySet<number>,
    token: string,
    fail: (why: string) => void,
  ): Promise<void> {
    switch (line.k) {
      case 'request':
        if (!voided.has(line.n)) await this.replayRequest(parts, line, token, fail);
        return;
      case 'live':
        await parts.clock.replayAt({ virtual: line.virtual }, () =>
          parts.firehose.deliver(line.count, line.virtual),
        );
        return;
      case 'tick':
        await parts.clock.replayAt({ virtual: line.virtual }, () => parts.tasks.tick());
        return;
      case 'charge':
        await parts.clock.replayAt({ virtual: line.virtual }, () =>
          parts.credits.restoreCharge(line.amount),
        );
        return;
      case 'void':
        return;
    }
  }

  private async replayRequest(
    parts: RecordedParts,
    record: RequestRecord,
    token: string,
    fail: (why: string) => void,
  ): Promise<void> {
    const response = await parts.clock.replayAt({ wall: record.wall }, () =>
      parts.app.inject({
        method: record.method,
        url: withToken(record.url, token),
        ...(record.body === undefined
          ? {}
          : {
              payload: JSON.stringify(record.body),
              headers: { 'content-type': 'application/json' },
            }),
      }),
    );
    if (response.statusCode < 400) return;
    let message = '';
    try {
      message = ErrorEnvelope.parse(JSON.parse(response.body)).status_message;
    } catch {
      // Not the envelope: the status says enough.
    }
    fail(`${record.method} ${record.url} answered ${response.statusCode} this time: ${message}`);
  }
}
