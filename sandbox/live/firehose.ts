// The firehose: `rate` new documents per second of the virtual clock. A timer delivers them as
// wall time passes, and moving the clock forward delivers the ones its jump skipped (capped, so a
// jump of days does not flood memory).
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { KnownWords } from '../search/queryIndex';
import type { LiveFeed } from './feed';

/** A document the firehose delivers, with its words when its maker knows them. */
export interface Made {
  readonly document: AnalyticsDocument;
  readonly words?: KnownWords;
}

/** At most this many documents for one clock jump. */
const MAX_CATCH_UP = 5_000;

export class Firehose {
  private timer: NodeJS.Timeout | undefined;
  private produced = 0;
  private since: number;
  private suspended = false;
  /**
   * Told of each batch before it arrives: a persisted sandbox journals the batch (durably) first,
   * so no reader ever sees a live document that a crash could take back.
   */
  onBatch: ((count: number, at: number) => void) | undefined;

  constructor(
    private readonly feed: LiveFeed,
    private readonly rate: number,
    private readonly now: () => number,
    private readonly make: (sequence: number, at: number) => Made,
  ) {
    this.since = now();
  }

  start(): void {
    if (this.rate <= 0 || this.timer) return;
    this.timer = setInterval(() => this.catchUp(), Math.max(20, Math.round(1000 / this.rate)));
    this.timer.unref();
  }

  /** Delivers every document due by now. */
  catchUp(): void {
    if (this.rate <= 0 || this.suspended) return;
    // One time for the batch: the journal records it before the (fsynced, so slow) write ends,
    // and the documents carry the same time, so that a replay makes exactly these documents.
    const at = this.now();
    const due = Math.min(MAX_CATCH_UP, Math.floor(((at - this.since) / 1000) * this.rate));
    if (due <= 0) return;
    this.onBatch?.(due, at);
    this.deliver(due, at);
    this.since = at;
  }

  /** Delivers `count` documents made at `at` (a journaled batch being replayed: its time). */
  deliver(count: number, at = this.now()): void {
    for (let index = 0; index < count; index++) {
      const made = this.make(this.produced++, at);
      this.feed.arrive(made.document, made.words, at);
    }
  }

  /** While a journal replays, only its recorded batches arrive. */
  suspend(): void {
    this.suspended = true;
  }

  /** Goes on from now: what fell due while the sandbox was down or replaying never arrives. */
  resume(): void {
    this.suspended = false;
    this.since = this.now();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
