// A drafted corpus placed in its window: each document's times from its timing, its article
// addresses' dates from those times, and the documents ordered by `search_indexed`. Cheap next to
// drafting (a few tens of ms for 20,000 documents), so a kept draft is placed at every start.
import type { EntityUrl, SandboxDocument } from './document';
import { sequenceOf, type DocumentWords } from './compose';
import type { PlacedTimes, TimeFrame, TimingColumns } from './timing';
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
 * Where a draft's documents go in `frame`: each one's times and addresses (`place`), and the
 * order of the placed documents (`order`), which the timings alone decide. A kept corpus
 * (sandbox/snapshot) places each document when it is first read.
 */
export class Placement {
  /** For each position in the placed order, the position of that document in the draft. */
  readonly order: Uint32Array;
  private readonly times: PlacedTimes;

  constructor(
    timings: TimingColumns,
    private readonly first: number,
    count: number,
    frame: TimeFrame,
  ) {
    if (timings.kind.length < first + count)
      throw new Error(`a draft of ${count} documents without all their timings`);
    this.times = frame.place(timings);
    this.order = indexTimeOrder(
      this.times.searchIndexed.subarray(first, first + count),
      frame.start,
    );
  }

  /** Gives the document at `index` in the draft its times and dated addresses, in place. */
  place(drafted: SandboxDocument, index: number): void {
    const document = drafted as Mutable<SandboxDocument>;
    const sequence = this.first + index;
    const times = this.times;
    document.indexed = times.indexed[sequence] as number;
    document.search_indexed = times.searchIndexed[sequence] as number;
    document.published = times.published[sequence] as number;
    document.url = placeDates(document.url, this.publishedOf);
    if (document.parent_url !== undefined)
      document.parent_url = placeDates(document.parent_url, this.publishedOf);
    if (document.entity_url.some((entity) => entity.resolved_url?.includes('\u0000')))
      document.entity_url = document.entity_url.map((entity) =>
        placeEntity(entity, this.publishedOf),
      );
  }

  private readonly publishedOf = (key: string): number => {
    const published = this.times.published[sequenceOf(key)];
    if (published === undefined) throw new Error(`no drafted document ${key}`);
    return published;
  };
}

/**
 * Places a draft's documents in `frame`. In place, so that the draft's documents become the
 * placed ones, unless `keepDraft`: then the placed documents are copies (sharing all but the
 * top-level object), and the draft stays as drawn, to be kept (sandbox/snapshot).
 */
export function placeDraft(draft: Draft, frame: TimeFrame, keepDraft = false): Placed {
  const documents = keepDraft
    ? draft.documents.map((document) => ({ ...document }))
    : draft.documents;
  const placement = new Placement(draft.timings, draft.first, documents.length, frame);
  documents.forEach((document, index) => placement.place(document, index));
  const order = placement.order;
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
 * Positions ordered by `search_indexed` (of each position, from the placed times), equal times in
 * drafting order. Time and position are packed into one number and sorted as a typed array,
 * several times faster than a comparator; when they would not fit in 53 bits, a (stable)
 * comparator sort does it.
 */
function indexTimeOrder(searchIndexed: Float64Array, start: number): Uint32Array {
  const count = searchIndexed.length;
  const positions = 2 ** Math.ceil(Math.log2(count + 1));
  const span = searchIndexed.reduce((most, time) => Math.max(most, time - start), 0);
  const first = searchIndexed.reduce((least, time) => Math.min(least, time), start);
  const order = new Uint32Array(count);
  if ((span + start - first + 1) * positions > Number.MAX_SAFE_INTEGER) {
    const sorted = Array.from({ length: count }, (_, index) => index).sort(
      (a, b) => (searchIndexed[a] as number) - (searchIndexed[b] as number),
    );
    order.set(sorted);
    return order;
  }
  const keys = new Float64Array(count);
  searchIndexed.forEach((time, index) => {
    keys[index] = (time - first) * positions + index;
  });
  keys.sort();
  keys.forEach((key, index) => {
    order[index] = key % positions;
  });
  return order;
}
