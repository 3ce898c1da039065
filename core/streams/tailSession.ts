// One tail of a stream, a collector or a project's live results, without VS Code: reads through
// the client (tailSource.ts opens each read), formats each result as a line, and hands results on
// in batches (so that a burst of thousands a second costs a few writes a second), with the NDJSON
// record and the checkpoint after each batch. Pause, resume and stop; a lost connection is taken
// up again by itself.
//
// Exactly once for collectors: each batch is written (lines, then the record), then its
// checkpoint saved: the resume point of its last result and the record's position. A tail
// restored from that checkpoint cuts the record back to the position and reads on from the
// point, so what was written after the checkpoint comes again once (recordFiles.ts).
// Streams and a project's live results have no offsets (they are live): a reconnected tail of
// one misses what arrived while it was away, and repeats nothing.
import { counted } from '../plural';
import type { MediaMonitoringClient } from '../api/client/client';
import { isApiError, type FailureReason } from '../api/client/errors';
import { ResumePoint, type ResumeMark } from '../api/client/resumePoint';
import type { ReadEvent } from '../api/client/streamReader';
import type { RecordFiles, RecordPosition } from './recordFiles';
import { resultLine } from './resultLine';
import { isLive, readEvents, type TailSource } from './tailSource';

export type { TailSource } from './tailSource';

export interface TailCheckpoint {
  /** Collectors: where to read on from. */
  readonly point?: ResumePoint;
  /** The record's position when the point was kept. */
  readonly record?: RecordPosition;
  /**
   * Live tails with a limit (`maxHits`): the results delivered so far, so that a tail restored
   * from the checkpoint reads only the rest of what was asked.
   */
  readonly received?: number;
}

export type TailState = 'connecting' | 'tailing' | 'paused' | 'waiting' | 'ended' | 'stopped';

export interface TailSinks {
  /** Formatted lines of a batch, one per result, each ending in a newline. */
  lines(text: string, results: number): void;
  /** Something to say between results: a reconnection, a pause, the end. */
  note(message: string): void;
  /** The checkpoint after a batch was written everywhere. */
  save(checkpoint: TailCheckpoint): Promise<void>;
  /** The state or the count changed. */
  changed(): void;
}

export interface TailOptions {
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly sinks: TailSinks;
  readonly record?: RecordFiles;
  readonly checkpoint?: TailCheckpoint;
  /** How long a result may wait for its batch to be written (default 100 ms). */
  readonly flushMs?: number;
  /** Results in a batch before the read waits for it to be written (default 2,000). */
  readonly maxBatch?: number;
  /** Waits before reconnecting, in ms, by attempt (default 1 s doubling to 30 s). */
  readonly backoff?: (attempt: number) => number;
}

interface Batch {
  lines: string[];
  records: string[];
  mark: ResumeMark | undefined;
}

const emptyBatch = (): Batch => ({ lines: [], records: [], mark: undefined });

/** The reasons a tail cannot go on by reconnecting: the user must act. */
const FINAL_REASONS = new Set<FailureReason>([
  'tokenRejected',
  'noCredits',
  'forbidden',
  'notFound',
  'badRequest',
  'contract',
]);

export class TailSession {
  private stateNow: TailState = 'connecting';
  private received = 0;
  private batch = emptyBatch();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private writeFailure: unknown;
  private reading: AbortController | undefined;
  private wake: (() => void) | undefined;
  private point: ResumePoint | undefined;
  /** Why the tail ended by itself, when it did. */
  private endReason: string | undefined;
  readonly done: Promise<void>;

  constructor(
    readonly source: TailSource,
    private readonly options: TailOptions,
  ) {
    this.point = options.checkpoint?.point;
    if (this.limit !== undefined) this.received = options.checkpoint?.received ?? 0;
    this.done = this.run();
  }

  get state(): TailState {
    return this.stateNow;
  }

  /** How many results a live tail delivers before it ends, when it was given a limit. */
  private get limit(): number | undefined {
    return isLive(this.source) ? this.source.maxHits : undefined;
  }

  /** Results received by this session (with a limit, by the tails it was restored from too). */
  get count(): number {
    return this.received;
  }

  /** Why it ended, when it ended by itself (code 24, an error, the end of the buffer). */
  get ended(): string | undefined {
    return this.endReason;
  }

  get recordPath(): string | undefined {
    return this.options.record?.path;
  }

  pause(): void {
    if (this.stateNow === 'ended' || this.stateNow === 'stopped' || this.stateNow === 'paused')
      return;
    this.setState('paused');
    this.reading?.abort();
    this.wake?.();
  }

  resume(): void {
    if (this.stateNow !== 'paused') return;
    this.setState('connecting');
    this.wake?.();
  }

  /** Stops reading, writes what was received, and closes the record. */
  async stop(): Promise<void> {
    if (this.stateNow !== 'ended') this.setState('stopped');
    this.reading?.abort();
    this.wake?.();
    await this.done;
  }

  private setState(state: TailState): void {
    if (this.stateNow === state) return;
    this.stateNow = state;
    this.options.sinks.changed();
  }

  private get finished(): boolean {
    return this.stateNow === 'ended' || this.stateNow === 'stopped';
  }

  private async run(): Promise<void> {
    let attempt = 0;
    try {
      while (!this.finished) {
        if (this.stateNow === 'paused') {
          await this.flush();
          this.options.sinks.note('paused');
          await new Promise<void>((resolve) => (this.wake = resolve));
          if ((this.stateNow as TailState) === 'connecting') this.options.sinks.note('resumed');
          continue;
        }
        const before = this.received;
        const outcome = await this.readOnce();
        if (this.received > before) attempt = 0;
        if (outcome.kind === 'end') {
          await this.end(outcome.reason);
          break;
        }
        if (outcome.kind === 'interrupted') continue;
        // A lost connection: take it up again after a while.
        const wait = (this.options.backoff ?? defaultBackoff)(++attempt);
        this.setState('waiting');
        await this.noteAfterLines(
          `${outcome.reason}; reconnecting in ${Math.round(wait / 1000)} s${isLive(this.source) ? ` (a ${this.source.kind} tail is live: what arrives meanwhile is not delivered)` : ''}`,
        );
        await this.sleep(wait);
        if (this.stateNow === 'waiting') this.setState('connecting');
      }
    } finally {
      if (this.timer) clearTimeout(this.timer);
      await this.flush();
      await this.options.record?.close();
      this.options.sinks.changed();
    }
  }

  private async end(reason: string): Promise<void> {
    this.endReason = reason;
    await this.noteAfterLines(reason);
    this.setState('ended');
  }

  /**
   * Says `message` after the results taken before it: a note written while their batch waits for
   * its flush would come before them (an end said above its last results).
   */
  private async noteAfterLines(message: string): Promise<void> {
    await this.flush();
    this.options.sinks.note(message);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** One connection, until it ends. */
  private async readOnce(): Promise<
    { kind: 'end'; reason: string } | { kind: 'lost'; reason: string } | { kind: 'interrupted' }
  > {
    const controller = new AbortController();
    this.reading = controller;
    const { signal } = controller;
    if (this.limit !== undefined && this.received >= this.limit)
      return { kind: 'end', reason: `ended: ${this.limit} results, as asked` };
    try {
      const client = await this.options.client();
      const events = readEvents(client, this.source, {
        signal,
        point: this.point,
        received: this.received,
      });
      for await (const event of events) {
        if (this.stateNow === 'connecting' || this.stateNow === 'waiting') this.setState('tailing');
        const stop = await this.take(event);
        if (stop) return stop;
      }
      if (signal.aborted) return { kind: 'interrupted' };
      if (this.limit !== undefined)
        return { kind: 'end', reason: `ended: ${counted(this.limit, 'result')}, as asked` };
      if (this.source.kind === 'collector' && this.source.endBehaviour === 'stop')
        return { kind: 'end', reason: 'ended: every buffered result was read' };
      return { kind: 'lost', reason: 'the service closed the connection' };
    } catch (error: unknown) {
      if (signal.aborted) return { kind: 'interrupted' };
      const reason = reasonOf(error);
      const message = error instanceof Error ? error.message : String(error);
      if (reason && FINAL_REASONS.has(reason))
        return { kind: 'end', reason: `stopped: ${message}` };
      return { kind: 'lost', reason: message };
    } finally {
      this.reading = undefined;
    }
  }

  /** Handles one event; what ends the connection, if it does. */
  private async take(
    event: ReadEvent,
  ): Promise<{ kind: 'end'; reason: string } | { kind: 'lost'; reason: string } | undefined> {
    switch (event.kind) {
      case 'result': {
        this.received++;
        this.batch.lines.push(`${resultLine(event.result)}\n`);
        if (this.options.record) this.batch.records.push(`${JSON.stringify(event.result)}\n`);
        if (event.mark) this.batch.mark = event.mark;
        if (this.batch.lines.length >= (this.options.maxBatch ?? 2_000)) await this.flush();
        else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 100);
        return undefined;
      }
      case 'control':
        if (event.mark) this.batch.mark = event.mark;
        return undefined;
      case 'reconnect':
        await this.noteAfterLines(`reconnecting from the last offset: ${event.reason}`);
        return undefined;
      case 'error': {
        const { error } = event;
        if (error.statusCode === '24')
          return {
            kind: 'end',
            reason:
              'stopped: a newer connection opened on this stream and took it over (code 24); tail it again to take it back',
          };
        if (!event.fatal) {
          await this.noteAfterLines(error.message);
          return undefined;
        }
        return FINAL_REASONS.has(error.reason)
          ? { kind: 'end', reason: `stopped: ${error.message}` }
          : { kind: 'lost', reason: error.message };
      }
    }
  }

  /**
   * Writes the batch so far: lines, then the record, then the checkpoint. Batches are written in
   * order, one at a time; the read waits for them only when one grows past `maxBatch`.
   */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch;
    this.batch = emptyBatch();
    // Counted now: results taken while the batch is written belong to the next one.
    const received = this.limit === undefined ? undefined : this.received;
    if (batch.lines.length === 0 && !batch.mark) return this.writing;
    this.writing = this.writing.then(async () => {
      if (this.writeFailure) return;
      try {
        if (batch.lines.length > 0)
          this.options.sinks.lines(batch.lines.join(''), batch.lines.length);
        const record =
          batch.records.length > 0
            ? await this.options.record?.append(batch.records.join(''))
            : this.options.record?.position;
        const point = batch.mark?.point() ?? this.point;
        if (point) this.point = point;
        await this.options.sinks.save({
          ...(point ? { point } : {}),
          ...(record ? { record } : {}),
          ...(received === undefined ? {} : { received }),
        });
        this.options.sinks.changed();
      } catch (error: unknown) {
        // The record cannot be written: stop rather than tail on without it.
        this.writeFailure = error;
        this.endReason = `stopped: the record could not be written: ${error instanceof Error ? error.message : String(error)}`;
        this.options.sinks.note(this.endReason);
        this.stateNow = 'ended';
        this.reading?.abort();
        this.wake?.();
      }
    });
    return this.writing;
  }
}

/** An ApiError's reason (isApiError: the client may come from another bundle). */
function reasonOf(error: unknown): FailureReason | undefined {
  return isApiError(error) ? error.reason : undefined;
}

function defaultBackoff(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5));
}

/** A checkpoint as kept (workspace state, a file), checked on reading it back. */
export function checkpointOf(value: unknown): TailCheckpoint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { point, record, received } = value as {
    point?: unknown;
    record?: unknown;
    received?: unknown;
  };
  if (received !== undefined && (!Number.isSafeInteger(received) || (received as number) < 0))
    return undefined;
  const parsedPoint = point === undefined ? undefined : ResumePoint.safeParse(point);
  if (parsedPoint && !parsedPoint.success) return undefined;
  let position: RecordPosition | undefined;
  if (record !== undefined) {
    const { part, size } = record as { part?: unknown; size?: unknown };
    if (!Number.isSafeInteger(part) || !Number.isSafeInteger(size)) return undefined;
    if ((part as number) < 1 || (size as number) < 0) return undefined;
    position = { part: part as number, size: size as number };
  }
  return {
    ...(parsedPoint?.success ? { point: parsedPoint.data } : {}),
    ...(position ? { record: position } : {}),
    ...(received === undefined ? {} : { received: received as number }),
  };
}
