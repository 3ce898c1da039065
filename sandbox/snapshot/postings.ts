// The search index's postings in a snapshot. Building them is the other half of a start (text
// analysis of every document: 0.6 s of 1.5 s for 20,000 documents here); reading them back is a
// copy. They are kept numbered in drafting order, since the order of the placed documents
// changes with the window (timing.ts), and renumbered at each start.
//
// Kept postings are only as good as the analysis that made them: CORPUS_VERSION must change with
// it (version.ts), and `postingsDisagree` re-analyses a sample of documents at each start, to
// catch a change that forgot to.
import type { SandboxDocument } from '../corpus/document';
import {
  indexTerms,
  type DocumentList,
  type PostingList,
  type Postings,
} from '../search/queryIndex';
import { bytesOf, u32 } from './views';

/** Postings as kept: the keys, each list's length, and all the lists' numbers, end to end. */
export interface KeptPostings {
  readonly words: readonly string[];
  readonly keywords: readonly string[];
  readonly lengths: Uint32Array;
  /** Positions in the draft. */
  readonly numbers: Uint32Array;
}

/** The sections of an index's postings, numbered by `draftPosition` (store number → draft). */
export function postingsSections(
  postings: Postings,
  draftPosition: Uint32Array,
): Map<string, Uint8Array> {
  const lists = [...postings.words.values(), ...postings.keywords.values()];
  const lengths = Uint32Array.from(lists, (list) => list.length);
  const numbers = new Uint32Array(lengths.reduce((total, length) => total + length, 0));
  let at = 0;
  for (const list of lists) {
    for (const number of list) {
      const position = draftPosition[number];
      if (position === undefined) throw new RangeError(`document ${number} is not in the draft`);
      numbers[at++] = position;
    }
  }
  const keys = { words: [...postings.words.keys()], keywords: [...postings.keywords.keys()] };
  return new Map([
    ['postings.keys', Buffer.from(JSON.stringify(keys), 'utf8')],
    ['postings.lengths', bytesOf(lengths)],
    ['postings.numbers', bytesOf(numbers)],
  ]);
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The postings of a snapshot's sections, checked against a draft of `count` documents. */
export function readPostings(
  sections: ReadonlyMap<string, Uint8Array>,
  count: number,
): KeptPostings {
  const keys: unknown = JSON.parse(Buffer.from(sections.get('postings.keys') ?? []).toString());
  const lengths = u32(sections.get('postings.lengths'));
  const numbers = u32(sections.get('postings.numbers'));
  if (
    typeof keys !== 'object' ||
    keys === null ||
    !('words' in keys && isStrings(keys.words)) ||
    !('keywords' in keys && isStrings(keys.keywords))
  )
    throw new Error('postings without their keys');
  if (lengths.length !== keys.words.length + keys.keywords.length)
    throw new Error('postings of other keys');
  if (lengths.reduce((total, length) => total + length, 0) !== numbers.length)
    throw new Error('postings of another length');
  if (numbers.some((number) => number >= count)) throw new Error('postings past the draft');
  return { words: keys.words, keywords: keys.keywords, lengths, numbers };
}

/**
 * The postings renumbered for the placed documents (`order`: placed position → draft): one pass
 * over all numbers, in place (`kept` is spent), and each list a view of them rather than an
 * array of its own.
 */
export function placePostings(kept: KeptPostings, order: Uint32Array): Postings {
  // In place, in plain loops: a fresh 7 MB array cost more than the renumbering (this VM maps
  // fresh memory page by page), and a callback per number stays slow code when run once.
  const placedAt = new Uint32Array(order.length);
  for (let position = 0; position < order.length; position++)
    placedAt[order[position] as number] = position;
  const numbers = kept.numbers;
  for (let index = 0; index < numbers.length; index++)
    numbers[index] = placedAt[numbers[index] as number] as number;
  let at = 0;
  const lists = (keys: readonly string[], first: number): Map<string, PostingList> => {
    const map = new Map<string, PostingList>();
    keys.forEach((key, index) => {
      const end = at + (kept.lengths[first + index] as number);
      map.set(key, numbers.subarray(at, end));
      at = end;
    });
    return map;
  };
  const words = lists(kept.words, 0);
  return { words, keywords: lists(kept.keywords, kept.words.length) };
}

/**
 * Whether this build would post a sample of the draft's documents differently (a change to the
 * analysis without a new CORPUS_VERSION): a description of the first difference, or undefined.
 */
export function postingsDisagree(
  kept: KeptPostings,
  documents: DocumentList<SandboxDocument>,
  samples = 32,
): string | undefined {
  const step = Math.max(1, Math.floor(documents.length / samples));
  const sampled = new Map<number, Set<string>>();
  for (let position = 0; position < documents.length; position += step)
    sampled.set(position, new Set());
  // The keys each sampled document is posted under, in one pass over all the numbers (a number
  // is sampled when it is a multiple of `step`: a division rather than a lookup per number).
  const keys = [...kept.words, ...kept.keywords.map((key) => `keyword ${key}`)];
  const { numbers, lengths } = kept;
  let at = 0;
  keys.forEach((key, index) => {
    const end = at + (lengths[index] as number);
    for (; at < end; at++) {
      const number = numbers[at] as number;
      if (number % step === 0) sampled.get(number)?.add(key);
    }
  });
  for (const [position, posted] of sampled) {
    const document = documents.at(position) as SandboxDocument;
    const terms = indexTerms(document);
    const expected = new Set([
      ...terms.words,
      ...[...terms.keywords].map((key) => `keyword ${key}`),
    ]);
    const missing = [...expected].find((key) => !posted.has(key));
    if (missing !== undefined)
      return `${document.id} would be posted under ${JSON.stringify(missing)}`;
    const extra = [...posted].find((key) => !expected.has(key));
    if (extra !== undefined)
      return `${document.id} would not be posted under ${JSON.stringify(extra)}`;
  }
  return undefined;
}
