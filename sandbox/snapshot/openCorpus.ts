// The sandbox's corpus at start-up: from a snapshot of an earlier start when one is kept for this
// seed, size and CORPUS_VERSION, otherwise drafted here (and then kept, when there is a snapshot
// directory). Either way placed in the window before `now`, so both give the same documents.
//
// A snapshot that cannot be used (damaged, cut short, of another corpus, or disagreeing with this
// build's analysis) is logged and replaced, never trusted and never fatal.
import { mkdir } from 'node:fs/promises';
import type { SandboxDocument } from '../corpus/document';
import {
  createCorpusState,
  draftDocuments,
  generateLiveDocument,
  type CorpusState,
} from '../corpus/generate';
import { placeDraft, type Placed } from '../corpus/place';
import { TimeFrame } from '../corpus/timing';
import type { Postings } from '../search/queryIndex';
import { evictSnapshots, snapshotPath, touchSnapshot } from './directory';
import { draftSections, readDraft } from './draftSections';
import { readSnapshot, SnapshotRefused, writeSnapshot, type SnapshotKey } from './file';
import { placePostings, postingsDisagree, postingsSections, readPostings } from './postings';
import { CORPUS_VERSION } from './version';

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
  /** Ordered by `search_indexed`. */
  readonly documents: SandboxDocument[];
  /** The documents' postings, when they came from a snapshot (to index without analysis). */
  readonly postings: Postings | undefined;
  /** A live document arriving at `at` (the seed's live stream, made on first use). */
  live(at: number): SandboxDocument;
  /**
   * Given the postings of `documents` once indexed (and nothing else yet), keeps the corpus for
   * later starts, if it was drafted here and there is a snapshot directory. Never rejects:
   * resolves when written, or when writing failed (logged).
   */
  keep(postings: Postings): Promise<void>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function openCorpus(options: CorpusOptions): Promise<OpenedCorpus> {
  const days = options.days ?? 30;
  const { seed, docs, now, snapshotDir } = options;
  const log = options.log ?? (() => undefined);
  const key: SnapshotKey = { corpus: CORPUS_VERSION, seed, docs, days };
  const path = snapshotDir === undefined ? undefined : snapshotPath(snapshotDir, key);
  let state: CorpusState | undefined;
  const live = (at: number) =>
    generateLiveDocument((state ??= createCorpusState({ seed, now, days })), at);
  // No corpus: no world to build before listening (it is built for the first live document).
  if (docs === 0)
    return { documents: [], postings: undefined, live, keep: () => Promise.resolve() };
  if (path !== undefined) {
    const started = performance.now();
    const kept = await fromSnapshot(path, key, docs, new TimeFrame(now, days), log);
    if (kept) {
      log(
        `corpus of ${docs} documents from ${path} in ${Math.round(performance.now() - started)} ms`,
      );
      void touchSnapshot(path).catch(() => undefined);
      return { ...kept, live, keep: () => Promise.resolve() };
    }
  }
  state = createCorpusState({ seed, now, days });
  const drafted = state;
  const draft = draftDocuments(drafted, docs);
  // Encoded before placing, which changes the documents in place.
  const sections = path === undefined ? undefined : draftSections(draft);
  const placed: Placed = placeDraft(draft, drafted.frame);
  return {
    documents: placed.documents,
    postings: undefined,
    live,
    keep(postings) {
      if (path === undefined || sections === undefined || snapshotDir === undefined)
        return Promise.resolve();
      let all: Map<string, Uint8Array>;
      try {
        all = new Map([...sections, ...postingsSections(postings, placed.order)]);
      } catch (error: unknown) {
        log(`corpus not kept: ${describe(error)}`);
        return Promise.resolve();
      }
      return mkdir(snapshotDir, { recursive: true })
        .then(() => writeSnapshot(path, key, all))
        .then(() => evictSnapshots(snapshotDir))
        .then(
          (evicted) =>
            log(
              `corpus kept in ${path}${evicted.length > 0 ? `; deleted ${evicted.join(', ')}` : ''}`,
            ),
          (error: unknown) => log(`corpus not kept in ${path}: ${describe(error)}`),
        );
    },
  };
}

/** The corpus placed in `frame` from the snapshot at `path`, or undefined (logged why not). */
async function fromSnapshot(
  path: string,
  key: SnapshotKey,
  docs: number,
  frame: TimeFrame,
  log: (line: string) => void,
): Promise<Pick<OpenedCorpus, 'documents' | 'postings'> | undefined> {
  try {
    const sections = await readSnapshot(path, key);
    const draft = readDraft(sections, docs);
    const kept = readPostings(sections, docs);
    const disagreement = postingsDisagree(kept, draft.documents);
    if (disagreement !== undefined)
      throw new SnapshotRefused(
        `indexed otherwise than this build would (${disagreement}): was CORPUS_VERSION not increased?`,
      );
    const placed = placeDraft(draft, frame);
    return { documents: placed.documents, postings: placePostings(kept, placed.order) };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      log(`no corpus snapshot at ${path} yet: drafting the corpus`);
    } else {
      log(`corpus snapshot ${path} not used, drafting the corpus again: ${describe(error)}`);
    }
    return undefined;
  }
}
