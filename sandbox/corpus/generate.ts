// The sandbox's synthetic corpus: documents that look like real coverage, over `days` back from
// `now` with daily and weekly rhythms and a few news spikes, in many languages and countries,
// from every source type, by a pool of authors of whom a few write most, with heavy-tailed
// engagement. Pure: no I/O, no clock; the same seed always gives the same documents.
//
// Three independent PRNG streams come from the seed: the world (sites, authors), the corpus and
// the live documents. So the world does not depend on `now` or `count`, and live documents do not
// depend on how many corpus documents were generated before them.
import { Composer } from './compose';
import type { SandboxDocument } from './document';
import { mixSeed, Random } from './random';
import { DAY, planSpikes, Rhythm, type Spike } from './timeline';
import { buildWorld, type World } from './world';

export type { SandboxDocument } from './document';

export interface CorpusOptions {
  readonly seed: number;
  readonly count: number;
  /** Epoch ms: documents are published in [now − days, now). */
  readonly now: number;
  /** Default 30. */
  readonly days?: number;
}

export type CorpusStateOptions = Omit<CorpusOptions, 'count'>;

/** A news spike of the corpus, for tests and demos that want to find it. */
export interface SpikeInfo {
  readonly at: number;
  readonly brand: string;
  readonly event: string;
  readonly cluster: string;
}

/** A seed's world and generators; corpus and live documents continue from it. */
export class CorpusState {
  readonly start: number;
  readonly spikes: readonly SpikeInfo[];
  /** Authors in the pool (vocabulary's AUTHOR_POOL_SIZE). */
  readonly authors: number;
  /** @internal */
  readonly corpus: Composer;
  /** @internal */
  readonly live: Composer;

  constructor(
    readonly seed: number,
    readonly now: number,
    readonly days: number,
  ) {
    const world: World = buildWorld(new Random(mixSeed(seed, 0)));
    const random = new Random(mixSeed(seed, 1));
    this.start = now - days * DAY;
    const spikes: Spike[] = planSpikes(random, world, this.start, days);
    const rhythm = new Rhythm(this.start, days);
    const shared = { world, seed, now, rhythm };
    this.corpus = new Composer({ ...shared, random, spikes, prefix: 'd' });
    this.live = new Composer({
      ...shared,
      random: new Random(mixSeed(seed, 2)),
      spikes: [],
      prefix: 'l',
    });
    this.spikes = spikes.map((spike) => ({
      at: spike.at,
      brand: spike.topic.brand.id,
      event: spike.topic.event.id,
      cluster: spike.cluster,
    }));
    this.authors = world.authors;
  }
}

function check(options: CorpusStateOptions): number {
  const days = options.days ?? 30;
  if (!Number.isFinite(options.seed))
    throw new RangeError(`seed must be a number: ${options.seed}`);
  if (!Number.isFinite(options.now)) throw new RangeError(`now must be epoch ms: ${options.now}`);
  if (!(days > 0) || !Number.isFinite(days)) throw new RangeError(`days must be positive: ${days}`);
  return days;
}

export function createCorpusState(options: CorpusStateOptions): CorpusState {
  return new CorpusState(options.seed, options.now, check(options));
}

/** The next `count` corpus documents of a state, ordered by `search_indexed`. */
export function generateDocuments(state: CorpusState, count: number): SandboxDocument[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number: ${count}`);
  const documents: SandboxDocument[] = new Array<SandboxDocument>(count);
  for (let index = 0; index < count; index++) documents[index] = state.corpus.compose();
  return byIndexTime(documents, state.start);
}

/**
 * Documents ordered by `search_indexed`, equal times in generation order. Time and position are
 * packed into one number and sorted as a typed array, several times faster than a comparator;
 * when they would not fit in 53 bits, a (stable) comparator sort does it.
 */
function byIndexTime(documents: SandboxDocument[], start: number): SandboxDocument[] {
  const positions = 2 ** Math.ceil(Math.log2(documents.length + 1));
  const span = documents.reduce(
    (most, document) => Math.max(most, document.search_indexed - start),
    0,
  );
  const first = documents.reduce(
    (least, document) => Math.min(least, document.search_indexed),
    start,
  );
  if ((span + start - first + 1) * positions > Number.MAX_SAFE_INTEGER)
    return documents.sort((a, b) => a.search_indexed - b.search_indexed);
  const keys = new Float64Array(documents.length);
  documents.forEach((document, index) => {
    keys[index] = (document.search_indexed - first) * positions + index;
  });
  keys.sort();
  return Array.from(keys, (key) => documents[key % positions] as SandboxDocument);
}

export function generateCorpus(options: CorpusOptions): SandboxDocument[] {
  return generateDocuments(createCorpusState(options), options.count);
}

/**
 * A document arriving live at `at` (epoch ms; its `search_indexed`). For a seed, the same
 * sequence of calls gives the same documents, whatever corpus was generated.
 */
export function generateLiveDocument(state: CorpusState, at: number): SandboxDocument {
  if (!Number.isFinite(at)) throw new RangeError(`at must be epoch ms: ${at}`);
  return state.live.compose(at);
}

/** The shape the sandbox server and benchmarks use: one state, the corpus, then live documents. */
export class CorpusGenerator {
  private readonly state: CorpusState;

  constructor(seed: number, now: number, days = 30) {
    this.state = createCorpusState({ seed, now, days });
  }

  corpus(count: number): SandboxDocument[] {
    return generateDocuments(this.state, count);
  }

  live(at: number): SandboxDocument {
    return generateLiveDocument(this.state, at);
  }
}
