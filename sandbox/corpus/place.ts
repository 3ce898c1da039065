// A drafted corpus placed in its window: each document's times from its timing, its article
// addresses' dates from those times, and the documents ordered by `search_indexed`. Cheap next to
// drafting (a few tens of ms for 20,000 documents), so a kept draft is placed at every start.
import type { EntityUrl, SandboxDocument } from './document';
import { sequenceOf, type DocumentWords } from './compose';
import type { TimeFrame, TimingColumns } from './timing';
import { placeDates } from './urls';

/** Corpus documents as drawn: times and article dates not yet placed. */
export interface Draft {
  readonly documents: readonly SandboxDocument[];
  /** The timings of the corpus from its first document (sequence number 0) to the last drafted. */
  readonly timings: TimingColumns;
  /** The sequence number of the first document. */
  readonly first: number;
  /** Each document's words, when drafted here (a kept draft has its postings instead). */
  readonly words?: readonly DocumentWords[];
}

export interface Placed {
  /** Ordered by `search_indexed`, equal times in drafting order. */
  readonly documents: SandboxDocument[];
  /** For each position in `documents`, the position of that document in the draft. */
  readonly order: Uint32Array;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Places a draft's documents in `frame`. In place, so that the draft's documents become the
 * placed ones, unless `keepDraft`: then the placed documents are copies (sharing all but the
 * top-level object), and the draft stays as drawn, to be kept (sandbox/snapshot).
 */
export function placeDraft(draft: Draft, frame: TimeFrame, keepDraft = false): Placed {
  const { first } = draft;
  const documents = keepDraft
    ? draft.documents.map((document) => ({ ...document }))
    : draft.documents;
  if (draft.timings.kind.length < first + documents.length)
    throw new Error(`a draft of ${documents.length} documents without all their timings`);
  const times = frame.place(draft.timings);
  const publishedOf = (key: string): number => {
    const published = times.published[sequenceOf(key)];
    if (published === undefined) throw new Error(`no drafted document ${key}`);
    return published;
  };
  documents.forEach((drafted, index) => {
    const document = drafted as Mutable<SandboxDocument>;
    const sequence = first + index;
    document.indexed = times.indexed[sequence] as number;
    document.search_indexed = times.searchIndexed[sequence] as number;
    document.published = times.published[sequence] as number;
    document.url = placeDates(document.url, publishedOf);
    if (document.parent_url !== undefined)
      document.parent_url = placeDates(document.parent_url, publishedOf);
    if (document.entity_url.some((entity) => entity.resolved_url?.includes('\u0000')))
      document.entity_url = document.entity_url.map((entity) => placeEntity(entity, publishedOf));
  });
  const order = indexTimeOrder(documents, frame.start);
  return {
    documents: Array.from(order, (position) => documents[position] as SandboxDocument),
    order,
  };
}

function placeEntity(entity: EntityUrl, publishedOf: (key: string) => number): EntityUrl {
  return entity.resolved_url === undefined
    ? entity
    : { url: entity.url, resolved_url: placeDates(entity.resolved_url, publishedOf) };
}

/**
 * Positions ordered by `search_indexed`, equal times in drafting order. Time and position are
 * packed into one number and sorted as a typed array, several times faster than a comparator;
 * when they would not fit in 53 bits, a (stable) comparator sort does it.
 */
function indexTimeOrder(documents: readonly SandboxDocument[], start: number): Uint32Array {
  const positions = 2 ** Math.ceil(Math.log2(documents.length + 1));
  const span = documents.reduce(
    (most, document) => Math.max(most, document.search_indexed - start),
    0,
  );
  const first = documents.reduce(
    (least, document) => Math.min(least, document.search_indexed),
    start,
  );
  const order = new Uint32Array(documents.length);
  if ((span + start - first + 1) * positions > Number.MAX_SAFE_INTEGER) {
    const sorted = Array.from(documents.keys()).sort(
      (a, b) =>
        (documents[a] as SandboxDocument).search_indexed -
        (documents[b] as SandboxDocument).search_indexed,
    );
    order.set(sorted);
    return order;
  }
  const keys = new Float64Array(documents.length);
  documents.forEach((document, index) => {
    keys[index] = (document.search_indexed - first) * positions + index;
  });
  keys.sort();
  keys.forEach((key, index) => {
    order[index] = key % positions;
  });
  return order;
}
