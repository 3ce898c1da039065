// The sandbox's synthetic corpus: documents that look like real coverage, over `days` back from
// `now` with daily and weekly rhythms and a few news spikes, in many languages and countries,
// from every source type, by a pool of authors of whom a few write most, with heavy-tailed
// engagement. Pure: no I/O, no clock; the same seed always gives the same documents.
//
// Three independent PRNG streams come from the seed: the world (sites, authors), the corpus and
// the live documents. So the world does not depend on `now` or `count`, and live documents do not
// depend on how many corpus documents were generated before them.
//
// Corpus documents are drawn without `now` (a draft) and then placed in the window before it
// (place.ts, timing.ts): a draft depends only on the seed, the count and the days, so it can be
// kept and placed again at a later start (sandbox/snapshot).
import { Composer, type Composed, type DocumentWords } from './compose';
import type { SandboxDocument } from './document';
import { placeDraft, type Draft } from './place';
import { mixSeed, Random } from './random';
import { planSpikes, type Spike } from './timeline';
import { TimeFrame, timingColumns } from './timing';
import { buildWorld, type World } from './world';

export type { Composed, DocumentWords } from './compose';
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

  /** @internal */
  readonly frame: TimeFrame;

  constructor(
    readonly seed: number,
    readonly now: number,
    readonly days: number,
  ) {
    const world: World = buildWorld(new Random(mixSeed(seed, 0)));
    const random = new Random(mixSeed(seed, 1));
    this.frame = new TimeFrame(now, days);
    this.start = this.frame.start;
    const spikes: Spike[] = planSpikes(random, world, days);
    const shared = { world, seed };
    this.corpus = new Composer({ ...shared, random, spikes, prefix: 'd' });
    this.live = new Composer({
      ...shared,
      random: new Random(mixSeed(seed, 2)),
      spikes: [],
      prefix: 'l',
    });
    this.spikes = spikes.map((spike) => ({
      at: this.frame.spikeAt(spike.offset),
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

/**
 * The next `count` corpus documents of a state, as drawn: to be placed in time (place.ts). Each
 * document's words are kept in the draft, or given to `onWords` as it is drafted and not kept:
 * 50,000 documents' lists of words, kept to the end, were objects the garbage collector copied
 * twice (a start posts them as they come: openCorpus).
 */
export function draftDocuments(
  state: CorpusState,
  count: number,
  onWords?: (index: number, document: SandboxDocument, words: DocumentWords) => void,
): Draft {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number: ${count}`);
  const first = state.corpus.timings.length;
  const documents: SandboxDocument[] = new Array<SandboxDocument>(count);
  const words: DocumentWords[] | undefined = onWords ? undefined : new Array<DocumentWords>(count);
  for (let index = 0; index < count; index++) {
    const composed = state.corpus.compose();
    documents[index] = composed.document;
    if (words) words[index] = composed.words;
    else onWords?.(index, composed.document, composed.words);
  }
  if (state.corpus.timings.length !== first + count)
    throw new Error('a corpus document was drafted without its timing');
  const timings = timingColumns(state.corpus.timings);
  return words ? { documents, timings, first, words } : { documents, timings, first };
}

/** The next `count` corpus documents of a state, ordered by `search_indexed`. */
export function generateDocuments(state: CorpusState, count: number): SandboxDocument[] {
  return placeDraft(draftDocuments(state, count), state.frame).documents;
}

export function generateCorpus(options: CorpusOptions): SandboxDocument[] {
  return generateDocuments(createCorpusState(options), options.count);
}

/**
 * A document arriving live at `at` (epoch ms; its `search_indexed`). For a seed, the same
 * sequence of calls gives the same documents, whatever corpus was generated.
 */
export function generateLiveDocument(state: CorpusState, at: number): SandboxDocument {
  return composeLiveDocument(state, at).document;
}

/** The same, with the document's words (for the search index). */
export function composeLiveDocument(state: CorpusState, at: number): Composed {
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
