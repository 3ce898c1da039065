// When corpus documents were published, crawled and indexed, drawn apart from the window they
// fall in. The corpus covers the days before `now`, and where a draw lands depends on `now` (the
// rhythms follow local time of day and week); what is drawn does not. So a document's timing is
// kept as its draws, and placed in a window afterwards: a kept corpus (sandbox/snapshot) is
// placed at each start exactly as a fresh one would be.
import { DAY, Rhythm } from './timeline';

/** Delays after publication: the crawl's lag (ms, fractional) and the search index's (ms). */
interface Delays {
  readonly lag: number;
  readonly delay: number;
}

export type Timing =
  /** A live document's times, known when it is made. */
  | ({ readonly kind: 'fixed' } & Times)
  /** By the rhythms at the author's place: `hour` and `within` are uniform draws. */
  | ({
      readonly kind: 'rhythm';
      readonly utcOffset: number;
      readonly hour: number;
      readonly within: number;
    } & Delays)
  /** `gap` ms after a spike breaks; if that is past the window, `fallback` of the way to it. */
  | ({
      readonly kind: 'spike';
      readonly offset: number;
      readonly gap: number;
      readonly fallback: number;
    } & Delays)
  /** `gap` ms after the parent's publication (a comment, copy, reply or repost); as a spike's. */
  | ({
      readonly kind: 'after';
      readonly parent: Timing;
      readonly gap: number;
      readonly fallback: number;
    } & Delays);

export interface Times {
  readonly published: number;
  readonly indexed: number;
  readonly search_indexed: number;
}

/** The window a corpus is placed in: `days` before `now` (epoch ms). */
export class TimeFrame {
  readonly start: number;
  private readonly rhythm: Rhythm;
  /** Parents are placed once, however many children refer to them. */
  private readonly placed = new Map<Timing, Times>();

  constructor(
    readonly now: number,
    readonly days: number,
  ) {
    this.start = now - days * DAY;
    this.rhythm = new Rhythm(this.start, days);
  }

  /** When a spike planned `offset` ms into the window breaks. */
  spikeAt(offset: number): number {
    return Math.round(this.start + offset);
  }

  times(timing: Timing): Times {
    if (timing.kind === 'fixed') return timing;
    let times = this.placed.get(timing);
    if (!times) {
      times = this.place(timing);
      this.placed.set(timing, times);
    }
    return times;
  }

  private place(timing: Exclude<Timing, { kind: 'fixed' }>): Times {
    const now = this.now;
    let published: number;
    if (timing.kind === 'rhythm') {
      published = this.rhythm.place(timing.utcOffset, timing.hour, timing.within);
    } else {
      const start =
        timing.kind === 'spike' ? this.spikeAt(timing.offset) : this.times(timing.parent).published;
      published = start + timing.gap;
      if (published >= now) published = start + timing.fallback * (now - start);
    }
    published = Math.min(Math.round(published), now - 1);
    const indexed = Math.min(now - 1, Math.round(published + timing.lag));
    return { published, indexed, search_indexed: Math.min(now - 1, indexed + timing.delay) };
  }
}
