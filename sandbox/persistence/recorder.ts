// Connects a running sandbox to its journal: records every cause of a state change as it
// happens (write requests before their handler runs, firehose batches before they arrive, export
// task progress, credits charged by calls), and replays a journal into a fresh sandbox.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VirtualClock } from '../clock';
import type { CreditLedger } from '../credits';
import type { ExportTasks } from '../exports/tasks';
import type { RateLimiter } from '../http/rateLimits';
import type { Firehose } from '../live/firehose';
import type { Journal } from './journal';
import type { JournalRecord, RequestRecord } from './records';

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
  /** Replayed requests answered with an error although they had succeeded when made. */
  readonly diverged: number;
}

/**
 * Whether a request is journaled: only endpoints marked `journaled` (state-changing writes), and
 * only once the token, rate limit, body and the endpoint's checks have let it through: this runs
 * as a preHandler, after all of them (http/serve.ts).
 */
function recordedWrite(request: FastifyRequest): boolean {
  return request.routeOptions.config.journaled === true;
}

/** The request's path and query without its access token: the journal never holds a token. */
export function withoutToken(url: string): string {
  const parsed = new URL(url, 'http://sandbox');
  parsed.searchParams.delete('access_token');
  return `${parsed.pathname}${parsed.search}`;
}

function withToken(url: string, token: string): string {
  const parsed = new URL(url, 'http://sandbox');
  parsed.searchParams.set('access_token', token);
  return `${parsed.pathname}${parsed.search}`;
}

export class Recorder {
  private replaying = false;
  private nextId: number;
  private readonly ids = new WeakMap<FastifyRequest, number>();

  constructor(
    private readonly journal: Journal,
    recorded: readonly JournalRecord[],
  ) {
    this.nextId = recorded.reduce(
      (most, record) => (record.k === 'request' ? Math.max(most, record.id + 1) : most),
      0,
    );
  }

  private append(record: JournalRecord): void {
    if (!this.replaying) this.journal.append(record);
  }

  attach(parts: RecordedParts): void {
    const { app, clock } = parts;
    app.addHook('preHandler', (request, _reply, done) => {
      if (!this.replaying && recordedWrite(request)) {
        const id = this.nextId++;
        this.ids.set(request, id);
        this.append({
          k: 'request',
          id,
          wall: clock.hold(),
          method: request.method,
          url: withoutToken(request.url),
          ...(request.body === undefined ? {} : { body: request.body }),
        });
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const id = this.ids.get(request);
      if (id !== undefined && reply.statusCode >= 400) this.append({ k: 'void', id });
      done();
    });
    parts.credits.onCallCharge = (amount) =>
      this.append({ k: 'charge', virtual: clock.now(), amount });
    parts.tasks.onProgress = () => this.append({ k: 'tick', virtual: clock.now() });
    parts.firehose.onBatch = (count) => this.append({ k: 'live', virtual: clock.now(), count });
  }

  /** Rebuilds the state the records describe; `token` is the read-write token to replay with. */
  async replay(
    parts: RecordedParts,
    records: readonly JournalRecord[],
    token: string,
  ): Promise<ReplaySummary> {
    const voided = new Set(records.flatMap((record) => (record.k === 'void' ? [record.id] : [])));
    let diverged = 0;
    this.replaying = true;
    parts.limiter.suspended = true;
    parts.firehose.suspend();
    try {
      for (const record of records) {
        switch (record.k) {
          case 'request':
            if (!voided.has(record.id) && !(await this.replayRequest(parts, record, token)))
              diverged += 1;
            break;
          case 'live':
            await parts.clock.replayAt({ virtual: record.virtual }, () =>
              parts.firehose.deliver(record.count),
            );
            break;
          case 'tick':
            await parts.clock.replayAt({ virtual: record.virtual }, () => parts.tasks.tick());
            break;
          case 'charge':
            await parts.clock.replayAt({ virtual: record.virtual }, () =>
              parts.credits.restoreCharge(record.amount),
            );
            break;
          case 'void':
            break;
        }
      }
    } finally {
      this.replaying = false;
      parts.limiter.suspended = false;
      parts.firehose.resume();
    }
    return { records: records.length, diverged };
  }

  private async replayRequest(
    parts: RecordedParts,
    record: RequestRecord,
    token: string,
  ): Promise<boolean> {
    const response = await parts.clock.replayAt({ wall: record.wall }, () =>
      parts.app.inject({
        method: record.method as 'POST',
        url: withToken(record.url, token),
        ...(record.body === undefined
          ? {}
          : {
              payload: JSON.stringify(record.body),
              headers: { 'content-type': 'application/json' },
            }),
      }),
    );
    return response.statusCode < 400;
  }
}
