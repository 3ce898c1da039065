// The sandbox's corpus at start-up: from a snapshot of an earlier start when one is kept for this
// seed, size and CORPUS_VERSION, otherwise drafted here (and then kept, when there is a snapshot
// directory). Either way placed in the window before `now`, so both give the same documents.
//
// A snapshot that cannot be used (damaged, cut short, of another corpus, or disagreeing with this
// build's analysis) is logged and replaced, never trusted and never fatal.
import { mkdir } from 'node:fs/promises';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { SandboxDocument } from '../corpus/document';
import {
  composeLiveDocument,
  createCorpusState,
  draftDocuments,
  type Composed,
  type CorpusState,
  type DocumentWords,
} from '../corpus/generate';
import { placeDraft, Placement, type Draft, type Placed } from '../corpus/place';
import { TimeFrame } from '../corpus/timing';
import {
  knownWordsDisagree,
  postKnown,
  renumberPostings,
  type DocumentList,
  type Postings,
} from '../search/queryIndex';
import {
  corpusKey,
  DEFAULT_CORPUS_DAYS,
  evictSnapshots,
  snapshotPath,
  touchSnapshot,
} from './directory';
import { DraftEncoder, readDraft } from './draftSections';
import { KeptDocuments } from './keptDocuments';
import { readSnapshot, SnapshotRefused, writeSnapshot, type SnapshotKey } from './file';
import { placePostings, postingsDisagree, postingsSections, readPostings } from './postings';

export interface CorpusOptions {
  readonly seed: number;
  readonly docs: number;
  /** Epoch ms: the corpus covers `days` before it. */
  readonly now: number;
  readonly days?: number;
  /** Where snapshots are kept; none are read or written without it. */
  readonly snapshotDir?: string;
  readonly log?: (line: string) => void;
}

export interface OpenedCorpus {
  /** Where the documents come from: a kept snapshot, or drafted by this start (or none). */
  readonly source: 'snapshot' | 'drafted';
  /** Ordered by `search_indexed`: a snapshot's read (decoded and placed) as they are asked for. */
  readonly list: DocumentList<SandboxDocument>;
  /** `list` as an array (a snapshot's decoded whole: for tests). */
  readonly documents: readonly SandboxDocument[];
  /**
   * The documents' postings, to index them without analysing their text: a snapshot's, or made
   * from the words the generator wrote.
   */
  readonly postings: Postings | undefined;
  /** A live document arriving at `at`, with its words (the seed's live stream, made on first use). */
  live(at: number): Composed;
  /**
   * Given the postings of `documents` once indexed (and nothing else yet), prepares to keep the
   * corpus for later starts, if it was drafted here and there is a snapshot directory. Answers
   * the work itself, to start once the sandbox listens: it encodes between requests and never
   * rejects (a failure is logged).
   */
  keep(postings: Postings): () => Promise<void>;
  /**
   * Once the sandbox listens: reads, between requests, the documents of a snapshot that the
   * start left encoded (nothing for a drafted corpus). Stops early when `stop` is aborted; never
   * rejects.
   */
  settle(stop: AbortSignal): Promise<void>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
const nothing = () => Promise.resolve();

export async function openCorpus(options: CorpusOptions): Promise<OpenedCorpus> {
  const days = options.days ?? DEFAULT_CORPUS_DAYS;
  const { seed, docs, now, snapshotDir } = options;
  const log = options.log ?? (() => undefined);
  const key = corpusKey(seed, docs, days);
  const path = snapshotDir === undefined ? undefined : snapshotPath(snapshotDir, key);
  let state: CorpusState | undefined;
  const live = (at: number) =>
    composeLiveDocument((state ??= createCorpusState({ seed, now, days })), at);
  // No corpus: no world to build before listening (it is built for the first live document).
  if (docs === 0)
    return {
      source: 'drafted',
      list: [],
      documents: [],
      postings: undefined,
      live,
      keep: () => nothing,
      settle: nothing,
    };
  if (path !== undefined) {
    const started = performance.now();
    const kept = await fromSnapshot(path, key, docs, new TimeFrame(now, days), log);
    if (kept) {
      log(
        `corpus of ${docs} documents from ${path} in ${Math.round(performance.now() - started)} ms`,
      );
      void touchSnapshot(path).catch(() => undefined);
      const { list, postings } = kept;
      return {
        source: 'snapshot',
        list,
        get documents() {
          return Array.from(
            { length: list.length },
            (_, position) => list.at(position) as SandboxDocument,
          );
        },
        postings,
        live,
        keep: () => nothing,
        settle: (stop) => settle(list, stop, log),
      };
    }
  }
  state = createCorpusState({ seed, now, days });
  const posting = new DraftPostings(docs);
  const draft = draftDocuments(state, docs, posting.add);
  // With somewhere to keep it, the draft stays as drawn: it is encoded after the start.
  const placed: Placed = placeDraft(draft, state.frame, path !== undefined);
  return {
    source: 'drafted',
    list: placed.documents,
    documents: placed.documents,
    postings: posting.placed(placed.order, log),
    live,
    settle: nothing,
    keep(postings) {
      if (path === undefined || snapshotDir === undefined) return nothing;
      let postingsKept: Map<string, Uint8Array>;
      try {
        // Now, before live documents join the index.
        postingsKept = postingsSections(postings, placed.order);
      } catch (error: unknown) {
        log(`corpus not kept: ${describe(error)}`);
        return nothing;
      }
      return () =>
        keepDraft(draft, postingsKept, path, key, snapshotDir).then(
          (evicted) =>
            log(
              `corpus kept in ${path}${evicted.length > 0 ? `; deleted ${evicted.join(', ')}` : ''}`,
            ),
          (error: unknown) => log(`corpus not kept in ${path}: ${describe(error)}`),
        );
    },
  };
}

/**
 * The postings of a corpus as it is drafted, from the words the generator wrote: each document
 * posted under its place in the draft as it comes (its words then die young), and renumbered
 * once the documents are placed. Unless the analysis finds other words in a sample of them (a
 * generator change that broke the pieces' word boundaries): then none (logged), and the store
 * analyses every text.
 */
class DraftPostings {
  private readonly postings: Postings = { words: new Map(), keywords: new Map() };
  private readonly step: number;
  private disagreement: string | undefined;

  constructor(count: number, samples = 32) {
    this.step = Math.max(1, Math.floor(count / samples));
  }

  readonly add = (index: number, document: SandboxDocument, words: DocumentWords): void => {
    if (index % this.step === 0) this.disagreement ??= knownWordsDisagree(document, words);
    postKnown(this.postings, document, index, words);
  };

  /** The postings numbered as the placed documents (`order`: placed position → draft). */
  placed(order: Uint32Array, log: (line: string) => void): Postings | undefined {
    if (this.disagreement !== undefined) {
      log(`the corpus's words are not the analysis's (${this.disagreement}): analysing every text`);
      return undefined;
    }
    const placedAt = new Uint32Array(order.length);
    for (let position = 0; position < order.length; position++)
      placedAt[order[position] as number] = position;
    renumberPostings(this.postings, placedAt);
    return this.postings;
  }
}

/** Documents encoded between two turns of the event loop: about 10 ms of work here. */
const SLICE = 500;

/** Reads a kept corpus's documents SLICE at a time, between requests, until all are or `stop`. */
async function settle(
  list: KeptDocuments,
  stop: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  try {
    do await yieldToEvents();
    while (!stop.aborted && !list.warm(SLICE));
  } catch (error: unknown) {
    // A document the snapshot's checks let through but that cannot be read: the request that
    // reads it fails the same way, and says so; the sandbox goes on.
    log(`corpus snapshot: ${describe(error)}`);
  }
}

/**
 * Encodes the draft a slice at a time, letting requests be answered in between (the sandbox is
 * listening by then), writes the snapshot and evicts old ones: the names of those deleted.
 */
async function keepDraft(
  draft: Draft,
  postings: Map<string, Uint8Array>,
  path: string,
  key: SnapshotKey,
  directory: string,
): Promise<string[]> {
  const encoder = new DraftEncoder(draft);
  let sections: Map<string, Uint8Array> | undefined;
  do {
    await yieldToEvents();
    sections = encoder.step(SLICE);
  } while (!sections);
  await mkdir(directory, { recursive: true });
  await writeSnapshot(path, key, new Map([...sections, ...postings]));
  return evictSnapshots(directory);
}

/** The corpus placed in `frame` from the snapshot at `path`, or undefined (logged why not). */
async function fromSnapshot(
  path: string,
  key: SnapshotKey,
  docs: number,
  frame: TimeFrame,
  log: (line: string) => void,
): Promise<{ list: KeptDocuments; postings: Postings } | undefined> {
  try {
    const sections = await readSnapshot(path, key);
    const draft = readDraft(sections, docs);
    const kept = readPostings(sections, docs);
    const placement = new Placement(draft.timings, 0, docs, frame);
    const list = new KeptDocuments(draft, placement);
    const disagreement = postingsDisagree(kept, {
      length: docs,
      at: (index) => list.inDraft(index),
    });
    if (disagreement !== undefined)
      throw new SnapshotRefused(
        `indexed otherwise than this build would (${disagreement}): was CORPUS_VERSION not increased?`,
      );
    return { list, postings: placePostings(kept, placement.order) };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      log(`no corpus snapshot at ${path} yet: drafting the corpus`);
    } else {
      log(`corpus snapshot ${path} not used, drafting the corpus again: ${describe(error)}`);
    }
    return undefined;
  }
}
