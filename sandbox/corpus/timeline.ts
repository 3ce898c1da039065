// When documents are published. People write by their own clock: the rhythm of the day (quiet at
// night, busiest early afternoon) and of the week (quieter weekends) is applied in each country's
// local time, so the global curve is the sum of shifted local ones. Spikes are news events: a
// burst of documents on one story that starts at once and decays over hours.
import { brandNamed, type Brand } from './brands';
import { eventNamed, type NewsEvent } from './events';
import { mixSeed, Random } from './random';
import type { World } from './world';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Relative activity per local hour of the day. */
const HOURS = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.55, 0.8, 0.95, 1, 1, 0.95, 1, 1, 0.97, 0.9, 0.85, 0.8,
  0.75, 0.7, 0.6, 0.5, 0.38,
];
/** Relative activity per local day of the week, Sunday first. */
const WEEKDAYS = [0.42, 1, 1, 1, 1, 0.95, 0.48];

/**
 * Publication times in [start, start + days) following the rhythms, for a given UTC offset. One
 * cumulative table of hourly weights per offset, searched by bisection.
 */
export class Rhythm {
  private readonly tables = new Map<number, Float64Array>();
  private readonly hours: number;

  constructor(
    private readonly start: number,
    days: number,
  ) {
    this.hours = Math.max(1, Math.round(days * 24));
  }

  /**
   * The time of two uniform draws in [0, 1): the first picks the hour by its weight, the second
   * the moment within it. Drawn once, placed in any window (corpus documents: timing.ts).
   */
  place(utcOffset: number, hour: number, within: number): number {
    const table = this.table(utcOffset);
    const target = hour * (table[table.length - 1] ?? 0);
    let low = 0;
    let high = table.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((table[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return this.start + (low + within) * HOUR;
  }

  private table(utcOffset: number): Float64Array {
    let table = this.tables.get(utcOffset);
    if (!table) {
      table = new Float64Array(this.hours);
      let sum = 0;
      for (let hour = 0; hour < this.hours; hour++) {
        const local = new Date(this.start + (hour + 0.5) * HOUR + utcOffset * HOUR);
        sum += (HOURS[local.getUTCHours()] ?? 1) * (WEEKDAYS[local.getUTCDay()] ?? 1);
        table[hour] = sum;
      }
      this.tables.set(utcOffset, table);
    }
    return table;
  }
}

export interface Topic {
  readonly brand: Brand;
  readonly event: NewsEvent;
  readonly product: number;
}

/** A news spike's story, whether of the corpus or live. */
export interface SpikeStory {
  readonly topic: Topic;
  /** Mean hours between the event and a document about it. */
  readonly decay: number;
  /** Relative size among the spikes. */
  readonly weight: number;
  /** The wire story most outlets copy: its documents share this cluster. */
  readonly cluster: string;
}

/**
 * A spike of the corpus. It breaks `offset` ms after the window's start: the corpus is drawn
 * without knowing when its window ends, and placed in time afterwards (timing.ts).
 */
export interface Spike extends SpikeStory {
  readonly offset: number;
}

/** A live spike, breaking at `at` (epoch ms). */
export interface LiveSpike extends SpikeStory {
  readonly at: number;
}

/** The first spike's story: the fixture project's "Recalls and lawsuits" topic should have one. */
const FIRST_STORY: Topic = { brand: brandNamed('acme'), event: eventNamed('recall'), product: 0 };

function drawNewsworthy(random: Random, world: World): NewsEvent {
  let event = world.events.draw(random);
  while (!event.spike) event = world.events.draw(random);
  return event;
}

function drawTopic(random: Random, world: World): Topic {
  const brand = world.brands.draw(random);
  const event = drawNewsworthy(random, world);
  return { brand, event, product: world.products.get(brand)?.drawIndex(random) ?? 0 };
}

/** A spike every six days or so, spread over the window; the first is an Acme recall. */
export function planSpikes(random: Random, world: World, days: number): Spike[] {
  const count = Math.max(1, Math.round(days / 6));
  const span = days * DAY;
  // Each spike is about another brand: two bursts about one brand in a month would read as one
  // long story, and would give that brand an outsized share of the corpus.
  const used = new Set<Brand>([FIRST_STORY.brand]);
  return Array.from({ length: count }, (_, index) => {
    let topic = drawTopic(random, world);
    for (let tries = 0; used.has(topic.brand) && tries < 20; tries++)
      topic = drawTopic(random, world);
    used.add(topic.brand);
    const slot = (index + 0.2 + random.next() * 0.6) / count;
    return {
      topic: index === 0 ? FIRST_STORY : topic,
      offset: Math.min(span - 3 * HOUR, Math.max(2 * HOUR, slot * span)),
      decay: 3 + random.next() * 6,
      weight: index === 0 ? 1.5 : 0.5 + random.next(),
      cluster: `s${index.toString(36)}`,
    };
  });
}

/** Live spikes: a six-hour window holds a breaking story for about one window in four. */
const LIVE_WINDOW = 6 * HOUR;

export function liveSpike(seed: number, world: World, at: number): LiveSpike | undefined {
  const window = Math.floor(at / LIVE_WINDOW);
  const random = new Random(mixSeed(seed, 0x5eed + window));
  if (!random.chance(0.25)) return undefined;
  return {
    topic: drawTopic(random, world),
    at: window * LIVE_WINDOW + random.int(LIVE_WINDOW / 2),
    decay: 2,
    weight: 1,
    cluster: `ls${window.toString(36)}`,
  };
}
