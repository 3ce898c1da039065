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

const RHYTHM = 0;
const SPIKE = 1;
const AFTER = 2;

/**
 * The timings of a corpus's documents, by sequence number, a column per draw: how placement
 * reads them, and how a snapshot keeps them (20,000 numbers per column rather than 20,000
 * objects to make again).
 */
export interface TimingColumns {
  /** 0: by the rhythms, 1: in a spike, 2: after a parent. */
  readonly kind: Uint8Array;
  /** The UTC offset (rhythm), the spike's offset (spike), or the parent's sequence number. */
  readonly base: Float64Array;
  /** `hour` (rhythm) or `gap`. */
  readonly first: Float64Array;
  /** `within` (rhythm) or `fallback`. */
  readonly second: Float64Array;
  readonly lag: Float64Array;
  readonly delay: Float64Array;
}

/** The columns of a corpus's timings (its documents' in order, from sequence number 0). */
export function timingColumns(timings: readonly Timing[]): TimingColumns {
  const sequence = new Map<Timing, number>();
  const columns: TimingColumns = {
    kind: new Uint8Array(timings.length),
    base: new Float64Array(timings.length),
    first: new Float64Array(timings.length),
    second: new Float64Array(timings.length),
    lag: new Float64Array(timings.length),
    delay: new Float64Array(timings.length),
  };
  timings.forEach((timing, index) => {
    sequence.set(timing, index);
    switch (timing.kind) {
      case 'fixed':
        throw new Error('a live document among the corpus');
      case 'rhythm':
        columns.kind[index] = RHYTHM;
        columns.base[index] = timing.utcOffset;
        columns.first[index] = timing.hour;
        columns.second[index] = timing.within;
        break;
      case 'spike':
      case 'after': {
        const parent = timing.kind === 'after' ? sequence.get(timing.parent) : undefined;
        if (timing.kind === 'after' && parent === undefined)
          throw new Error(`the parent of document ${index} comes after it`);
        columns.kind[index] = timing.kind === 'spike' ? SPIKE : AFTER;
        columns.base[index] = timing.kind === 'spike' ? timing.offset : (parent as number);
        columns.first[index] = timing.gap;
        columns.second[index] = timing.fallback;
        break;
      }
    }
    columns.lag[index] = timing.lag;
    columns.delay[index] = timing.delay;
  });
  return columns;
}

/** Placed times, by sequence number. */
export interface PlacedTimes {
  readonly published: Float64Array;
  readonly indexed: Float64Array;
  readonly searchIndexed: Float64Array;
}

/** The window a corpus is placed in: `days` before `now` (epoch ms). */
export class TimeFrame {
  readonly start: number;
  private readonly rhythm: Rhythm;

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

  /** Every timing's times, in one pass: a parent comes before its children. */
  place(columns: TimingColumns): PlacedTimes {
    const { kind, base, first, second, lag, delay } = columns;
    const count = kind.length;
    const placed: PlacedTimes = {
      published: new Float64Array(count),
      indexed: new Float64Array(count),
      searchIndexed: new Float64Array(count),
    };
    const now = this.now;
    for (let index = 0; index < count; index++) {
      let published: number;
      const where = base[index] as number;
      if (kind[index] === RHYTHM) {
        published = this.rhythm.place(where, first[index] as number, second[index] as number);
      } else {
        if (kind[index] === AFTER && !(Number.isInteger(where) && where >= 0 && where < index))
          throw new Error(`the parent of document ${index} is not before it`);
        const start =
          kind[index] === SPIKE ? this.spikeAt(where) : (placed.published[where] as number);
        published = start + (first[index] as number);
        if (published >= now) published = start + (second[index] as number) * (now - start);
      }
      published = Math.min(Math.round(published), now - 1);
      const indexed = Math.min(now - 1, Math.round(published + (lag[index] as number)));
      placed.published[index] = published;
      placed.indexed[index] = indexed;
      placed.searchIndexed[index] = Math.min(now - 1, indexed + (delay[index] as number));
    }
    return placed;
  }
}
