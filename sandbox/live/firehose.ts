// The firehose: `rate` new documents per second of the virtual clock. A timer delivers them as
// wall time passes, and moving the clock forward delivers the ones its jump skipped (capped, so a
// jump of days does not flood memory).
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { LiveFeed } from './feed';

/** At most this many documents for one clock jump. */
const MAX_CATCH_UP = 5_000;

export class Firehose {
  private timer: NodeJS.Timeout | undefined;
  private produced = 0;
  private since: number;

  constructor(
    private readonly feed: LiveFeed,
    private readonly rate: number,
    private readonly now: () => number,
    private readonly make: (sequence: number, at: number) => AnalyticsDocument,
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
    if (this.rate <= 0) return;
    const due = Math.min(MAX_CATCH_UP, Math.floor(((this.now() - this.since) / 1000) * this.rate));
    for (let index = 0; index < due; index++)
      this.feed.arrive(this.make(this.produced++, this.now()));
    if (due > 0) this.since = this.now();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
