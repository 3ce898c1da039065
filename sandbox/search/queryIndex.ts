// The sandbox's search: an inverted index over the corpus that narrows a query to candidate
// documents, and core/query's matcher as the final judge. So results are exactly the matcher's
// (one language core), while a 20-operand query over 100,000 documents touches few of them.
//
// Each node gives a candidate set and whether that set is exact. Words and keyword fields are
// exact; phrases, proximity and raw strings are supersets (all their words are present); what the
// index cannot narrow (addresses, authors, compounds) is "all documents". NOT of an exact set is
// its complement; NOT of a superset could exclude a match, so it becomes "all documents". Only an
// inexact result is verified document by document.
import type { FieldNode, PhraseNode, QueryNode, TermNode } from '../../core/query/ast';
import type { MatchableDocument } from '../../core/query/document';
import { editDistance } from '../../core/query/editDistance';
import { wildcardTest } from '../../core/query/match/wildcard';
import { NumberedTexts } from '../../core/query/match/documentText';
import { numberedMatcher } from '../../core/query/matcher';
import { forEachWord, normalizeWord, tokenize } from '../../core/query/normalize';
import { Bitset } from './bitset';
import { BitsetPool } from './bitsetPool';
import { SetCache } from './setCache';

interface Candidates {
  readonly set: Bitset;
  readonly exact: boolean;
}

/** A keyword field, with the keys made so far by value (see `offer`). */
interface KeywordField {
  readonly name: string;
  readonly keys: Map<string, string>;
}

/**
 * Calls `keyword` with the key of `value` (`field\u0000value`), if it is text. A corpus repeats
 * few values (languages, source types, countries): a key made once is hashed once, not at every
 * document.
 */
function offer(field: KeywordField, value: unknown, keyword: (key: string) => void): void {
  if (typeof value !== 'string' || value === '') return;
  let key = field.keys.get(value);
  if (key === undefined) {
    key = keywordKey(field.name, value);
    field.keys.set(value, key);
  }
  keyword(key);
}

function offerEach(
  values: readonly unknown[] | undefined,
  field: KeywordField,
  keyword: (key: string) => void,
): void {
  if (values)
    for (let index = 0; index < values.length; index++) offer(field, values[index], keyword);
}

/** `ONLINENEWS_NEWSPAPER` is also `ONLINENEWS`. */
const sourceTypeFamily = (type: string) => {
  const end = type.indexOf('_');
  return end < 0 ? type : type.slice(0, end);
};

/** Keyword fields indexed as `field\u0000value` postings, with how to read them off a document. */
const KEYWORD_FIELDS: Readonly<
  Record<
    string,
    (document: MatchableDocument, field: KeywordField, keyword: (key: string) => void) => void
  >
> = {
  lang: (document, field, keyword) => offer(field, document.lang || 'en', keyword),
  sourcetype: (document, field, keyword) => {
    for (const type of document.source_type ?? []) {
      offer(field, type, keyword);
      offer(field, sourceTypeFamily(type), keyword);
    }
  },
  posttype: (document, field, keyword) => offerEach(document.post_type, field, keyword),
  sourcecountry: (document, field, keyword) =>
    offer(field, document.extra_source_attributes?.world_data?.country_code, keyword),
  authorcountry: (document, field, keyword) =>
    offer(field, document.extra_author_attributes?.country_code, keyword),
  gender: (document, field, keyword) =>
    offer(field, document.extra_author_attributes?.gender, keyword),
  is: (document, field, keyword) => offerEach(document.flags, field, keyword),
  tag: (document, field, keyword) => offerEach(document.tags_internal, field, keyword),
  mention: (document, field, keyword) => {
    for (const mention of document.tokens_mention ?? [])
      offer(field, mention.startsWith('@') ? mention.slice(1) : mention, keyword);
  },
  demographic: (document, field, keyword) => offerEach(document.demographics, field, keyword),
  image: (document, field, keyword) => offerEach(document.image_detections, field, keyword),
  noisecategory: (document, field, keyword) => offerEach(document.noise_categories, field, keyword),
  device: (document, field, keyword) => offer(field, document.device, keyword),
};

const NUMERIC_FIELDS: Readonly<
  Record<string, (document: MatchableDocument) => number | undefined>
> = {
  published: (document) => document.published,
  indexed: (document) => document.indexed,
  search_indexed: (document) => document.search_indexed,
  engagement: (document) => document.engagement,
  reach: (document) => document.reach,
};

function keywordKey(field: string, value: string): string {
  return `${field}\u0000${normalizeWord(value)}`;
}

const KEYWORD_READERS = Object.entries(KEYWORD_FIELDS).map(([name, read]) => ({
  field: { name, keys: new Map<string, string>() },
  read,
}));

/** Calls `keyword` with each of the document's keyword keys (`field\u0000value`); they may repeat. */
function visitKeywords(document: MatchableDocument, keyword: (key: string) => void): void {
  for (const { field, read } of KEYWORD_READERS) read(document, field, keyword);
}

/**
 * Calls `word` with each word of the document's title and content, and `keyword` with each of
 * its keyword keys, in the order `indexTerms` lists them; either may repeat.
 */
function visitTerms(
  document: MatchableDocument,
  word: (word: string) => void,
  keyword: (key: string) => void,
): void {
  forEachWord(document.title ?? '', word);
  forEachWord(document.content ?? '', word);
  visitKeywords(document, keyword);
}

/**
 * A document's words when its maker knows them (the corpus generator writes text from pieces
 * whose words it found once): what `forEachWord` would find in its title and content, in order.
 */
export interface KnownWords {
  readonly title: readonly string[];
  readonly content: readonly string[];
}

/** How a document's known words differ from what analysing its text finds, if they do. */
export function knownWordsDisagree(
  document: MatchableDocument,
  known: KnownWords,
): string | undefined {
  for (const field of ['title', 'content'] as const) {
    const found: string[] = [];
    forEachWord(document[field] ?? '', (word) => found.push(word));
    const given = known[field];
    if (found.length !== given.length || found.some((word, index) => word !== given[index]))
      return `${field} ${JSON.stringify(document[field])}: ${JSON.stringify(given)}`;
  }
  return undefined;
}

/** Posts `number` under `key` once: a document's terms repeat, and come all together. */
function post(map: Map<string, PostingList>, key: string, number: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [number]);
  else if (list[list.length - 1] === number) return;
  else if (Array.isArray(list)) list.push(number);
  else map.set(key, [...list, number]);
}

/** Posts the document numbered `number` in `postings`: its known words, or its analysed text. */
function postDocument(
  postings: Postings,
  document: MatchableDocument,
  number: number,
  known: KnownWords | undefined,
): void {
  const keyword = (key: string) => post(postings.keywords, key, number);
  if (!known) return visitTerms(document, (word) => post(postings.words, word, number), keyword);
  for (let index = 0; index < known.title.length; index++)
    post(postings.words, known.title[index] as string, number);
  for (let index = 0; index < known.content.length; index++)
    post(postings.words, known.content[index] as string, number);
  visitKeywords(document, keyword);
}

/**
 * Posts a document under `number` from its known words, as `QueryIndex.add` would (postings
 * built as documents are made, then renumbered: renumberPostings).
 */
export function postKnown(
  postings: Postings,
  document: MatchableDocument,
  number: number,
  known: KnownWords,
): void {
  postDocument(postings, document, number, known);
}

/**
 * Postings made under other numbers given their numbers here (`numberOf[old]`), in place: a
 * list's numbers are then in no particular order, which postings allow.
 */
export function renumberPostings(postings: Postings, numberOf: Uint32Array): void {
  for (const map of [postings.words, postings.keywords])
    for (const list of map.values())
      for (let index = 0; index < list.length; index++)
        list[index] = numberOf[list[index] as number] as number;
}

/**
 * The postings `QueryIndex.add` would make of `documents` one after the other (numbered by
 * position), from their known words instead of their text.
 */
export function postingsOf(
  documents: readonly MatchableDocument[],
  wordsAt: (number: number) => KnownWords,
): Postings {
  const postings: Postings = { words: new Map(), keywords: new Map() };
  documents.forEach((document, number) =>
    postDocument(postings, document, number, wordsAt(number)),
  );
  return postings;
}

/** What the index posts a document under: its words (title and content) and keyword keys. */
export function indexTerms(document: MatchableDocument): {
  readonly words: ReadonlySet<string>;
  readonly keywords: ReadonlySet<string>;
} {
  const words = new Set<string>();
  const keywords = new Set<string>();
  visitTerms(
    document,
    (word) => words.add(word),
    (key) => keywords.add(key),
  );
  return { words, keywords };
}

/**
 * Document numbers, in any order. A list read from a corpus snapshot stays the typed array it
 * came in (no copy at start-up) until a document is posted to it.
 */
export type PostingList = number[] | Uint32Array;

/** Document numbers by word, and by keyword key (`field\u0000value`). */
export interface Postings {
  readonly words: Map<string, PostingList>;
  readonly keywords: Map<string, PostingList>;
}

const leafWords = new WeakMap<TermNode | PhraseNode, readonly string[]>();

/** The words of a term or phrase, tokenised once per node (searches repeat their queries). */
function wordsOf(node: TermNode | PhraseNode): readonly string[] {
  let words = leafWords.get(node);
  if (!words) {
    words = tokenize(node.text);
    leafWords.set(node, words);
  }
  return words;
}

/**
 * What names an inexact term, phrase or `title:`/`content:` clause among all queries: whatever
 * the matcher reads of it. Null for other nodes (proximity, other fields), checked anew at each
 * search.
 */
function checkKey(node: QueryNode): string | null {
  const leaf =
    node.kind === 'field' && (node.name === 'title' || node.name === 'content') ? node.value : node;
  if (leaf?.kind !== 'term' && leaf?.kind !== 'phrase') return null;
  const form =
    leaf.kind === 'term'
      ? `${leaf.shape.form}${leaf.shape.form === 'fuzzy' ? leaf.shape.edits : ''}`
      : `${leaf.proximity ?? ''}${leaf.compound === true ? '~' : ''}`;
  const field = node.kind === 'field' ? node.name : '';
  return [field, leaf.kind, leaf.exact, form, leaf.text].join('\u0000');
}

const exactLeaves = new WeakMap<QueryNode, boolean>();

/** leafIsExact, worked out once per node: AND and OR ask it of every operand at every search. */
function isExactLeaf(node: QueryNode): boolean {
  let exact = exactLeaves.get(node);
  if (exact === undefined) {
    exact = leafIsExact(node);
    exactLeaves.set(node, exact);
  }
  return exact;
}

/**
 * Whether the index answers a leaf exactly, from its shape alone (the same rules as
 * `candidates`, without building any set): words, wildcards, fuzzy terms, keyword fields, hashtags
 * and numeric comparisons are exact; phrases, raw strings, compounds and the rest are supersets.
 */
function leafIsExact(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
      if (node.exact !== 'none' || wordsOf(node).length === 0) return false;
      if (node.shape.form === 'wildcard' || node.shape.form === 'fuzzy') return true;
      return node.shape.form === 'word' && wordsOf(node).length === 1;
    case 'field': {
      const value = node.value;
      if (!value) return true;
      if (value.kind === 'comparison')
        return NUMERIC_FIELDS[node.name] !== undefined && !Number.isNaN(value.value);
      if (node.name === 'hashtag') return value.kind === 'term';
      if (node.name === 'title' || node.name === 'content') return false;
      const keyword =
        KEYWORD_FIELDS[node.name] !== undefined &&
        value.kind === 'term' &&
        value.shape.form === 'word';
      return keyword && !['device', 'sentiment', 'mention'].includes(node.name);
    }
    case 'error':
      return true;
    default:
      return false;
  }
}

/**
 * Documents by number, read when asked for: an array, or a kept corpus that decodes each
 * document on first read (sandbox/snapshot/keptDocuments.ts).
 */
export interface DocumentList<Document> {
  readonly length: number;
  at(index: number): Document | undefined;
}

export class QueryIndex<Document extends MatchableDocument = MatchableDocument> {
  /** The documents given to addIndexed, numbered from 0; then those added, numbered after them. */
  private indexed: DocumentList<Document> = [];
  private readonly added: Document[] = [];
  /** Replaced or deleted documents: kept in place so numbers stay stable, never returned. */
  private removed: Bitset = new Bitset(0);
  /** Changes with every addition and removal: caches of results compare it. */
  version = 0;
  private readonly words = new Map<string, PostingList>();
  private readonly keywords = new Map<string, PostingList>();
  /** The texts the matcher analysed, by document number: what checks inexact leaves reads. */
  private readonly texts = new NumberedTexts();
  /** Sets built for words, keywords, wildcards and ranges, for the next searches. */
  private readonly pool = new BitsetPool();
  private readonly sets = new SetCache(512, (set) => this.pool.give(set));
  /** Per inexact leaf (see checkKey): the documents checked by the matcher, and those matching. */
  private readonly checks = new SetCache<{ checked: Bitset; matched: Bitset }>(256, (known) => {
    this.pool.give(known.checked);
    this.pool.give(known.matched);
  });
  /** Per numeric field: document numbers sorted by value, rebuilt lazily after additions. */
  private readonly sorted = new Map<
    string,
    { values: Float64Array; members: Uint32Array; size: number }
  >();

  /** Adds a document under the next number; `words`, when its maker knows them, spare analysing its text. */
  add(document: Document, words?: KnownWords): number {
    this.version += 1;
    const number = this.size;
    this.added.push(document);
    postDocument({ words: this.words, keywords: this.keywords }, document, number, words);
    return number;
  }

  /** The postings so far, for a corpus snapshot (sandbox/snapshot); not to be changed. */
  postingLists(): Postings {
    return { words: this.words, keywords: this.keywords };
  }

  /**
   * Into an empty index: documents with their postings made before (a snapshot's), which the
   * index takes over. The state `add` would leave, without analysing any text.
   */
  addIndexed(documents: DocumentList<Document>, postings: Postings): void {
    if (this.size > 0) throw new Error('addIndexed needs an empty index');
    this.indexed = documents;
    this.version += documents.length;
    for (const [word, numbers] of postings.words) this.words.set(word, numbers);
    for (const [key, numbers] of postings.keywords) this.keywords.set(key, numbers);
  }

  get size(): number {
    return this.indexed.length + this.added.length;
  }

  /** The document numbered `number`, or undefined past the last. */
  document(number: number): Document | undefined {
    const indexed = this.indexed.length;
    return number < indexed ? this.indexed.at(number) : this.added[number - indexed];
  }

  /** Every document, in number order (a kept corpus is decoded whole: tests, benchmarks). */
  get documents(): readonly Document[] {
    return Array.from({ length: this.size }, (_, number) => this.document(number) as Document);
  }

  /** Takes a document out of every future result (an update adds its new version). */
  remove(number: number): void {
    this.version += 1;
    if (this.removed.size !== this.size) this.removed = this.removed.resized(this.size);
    this.removed.add(number);
  }

  isRemoved(number: number): boolean {
    return number < this.removed.size && this.removed.has(number);
  }

  /**
   * Every document not removed: the kept set of all when none is (no copy: `evaluate` never
   * changes its context), else a set of the pool's. `done` gives it back when it is the pool's.
   */
  private live(): { set: Bitset; done: () => void } {
    if (this.removed.isEmpty()) return { set: this.allSet(), done: () => undefined };
    const set = this.pool.take(this.size).setAndNot(this.allSet(), this.removed.resized(this.size));
    return { set, done: () => this.pool.give(set) };
  }

  /** Numbers of the documents matching `query`, in increasing order. */
  search(query: QueryNode | null): number[] {
    return Array.from(this.hits(query));
  }

  /**
   * The same numbers as `search`, as a typed array (what histograms iterate): in a view of
   * `into` when it has room (see Bitset.toArray), so the caller must be done with them before
   * it gives `into` again.
   */
  hits(query: QueryNode | null, into?: Uint32Array): Uint32Array {
    if (!query) return new Uint32Array(0);
    const live = this.live();
    const found = this.evaluate(query, live.set);
    const numbers = found.toArray(into);
    this.pool.give(found);
    live.done();
    return numbers;
  }

  /** A set of no document, from the pool. */
  private none(): Bitset {
    return this.pool.take(this.size).clear();
  }

  /**
   * The exact set of documents in `context` that match `node`. An AND narrows the context
   * operand by operand, exact operands first, so that the matcher only ever checks the inexact
   * parts (phrases, proximity, what the index cannot narrow), and only on documents still in
   * question. The set returned is the caller's, taken from the pool (never `context`, never a
   * kept one): it is changed in place and given back to the pool when done with.
   */
  private evaluate(node: QueryNode, context: Bitset): Bitset {
    switch (node.kind) {
      case 'group':
        return node.expression ? this.evaluate(node.expression, context) : this.none();
      case 'and': {
        const ordered = this.exactFirst(node);
        let narrowed: Bitset | undefined;
        for (const operand of ordered) {
          if (narrowed?.isEmpty()) break;
          const next = this.evaluate(operand, narrowed ?? context);
          if (narrowed) this.pool.give(narrowed);
          narrowed = next;
        }
        return narrowed ?? this.none();
      }
      case 'or': {
        // Operands the index answers exactly need no narrowing: their sets' union, within the
        // context (a pass per operand, where narrowing took three).
        if (this.isExact(node)) {
          const union = this.none();
          for (const operand of node.operands) {
            const found = this.evaluate(operand, context);
            union.orWith(found);
            this.pool.give(found);
          }
          return union;
        }
        // Each operand only over what the others did not match yet, exact operands first: a
        // phrase beside one of its own words (`acme OR "acme corp"`) is then never checked.
        const ordered = this.exactFirst(node);
        const union = this.none();
        let rest: Bitset | undefined;
        for (const operand of ordered) {
          if (rest?.isEmpty()) break;
          const found = this.evaluate(operand, rest ?? context);
          union.orWith(found);
          rest = rest
            ? rest.andNotWith(found)
            : this.pool.take(this.size).setAndNot(context, found);
          this.pool.give(found);
        }
        if (rest) this.pool.give(rest);
        return union;
      }
      case 'not':
        return this.evaluate(node.operand, context).complementWithin(context);
      default: {
        const candidates = this.candidates(node);
        const inContext = this.pool.take(this.size).setAnd(context, candidates.set);
        if (candidates.exact || inContext.isEmpty()) return inContext;
        const key = checkKey(node);
        if (key === null) return this.check(node, inContext);
        // What the matcher said of this leaf is kept: a search checks only documents no earlier
        // search with the same leaf has checked.
        const known = this.checks.get(key, this.version, () => ({
          checked: this.pool.none(this.size),
          matched: this.pool.none(this.size),
        }));
        const unchecked = this.pool.take(this.size).setAndNot(inContext, known.checked);
        if (!unchecked.isEmpty()) {
          known.checked.orWith(unchecked);
          known.matched.orWith(this.check(node, unchecked));
        }
        this.pool.give(unchecked);
        return inContext.andWith(known.matched);
      }
    }
  }

  /** Documents of `set` the matcher finds matching `node`, in place. */
  private check(node: QueryNode, set: Bitset): Bitset {
    const test = numberedMatcher(node, this.texts);
    for (const number of set.members())
      if (!test(this.document(number) as Document, number)) set.remove(number);
    return set;
  }

  private readonly orderedOperands = new WeakMap<QueryNode, readonly QueryNode[]>();

  /** The operands of an AND or OR, those the index answers exactly first (once per node). */
  private exactFirst(node: QueryNode & { readonly operands: readonly QueryNode[] }) {
    let ordered = this.orderedOperands.get(node);
    if (!ordered) {
      ordered = [...node.operands].sort(
        (a, b) => Number(this.isExact(b)) - Number(this.isExact(a)),
      );
      this.orderedOperands.set(node, ordered);
    }
    return ordered;
  }

  private readonly exactNodes = new WeakMap<QueryNode, boolean>();

  /** Whether the index answers `node` exactly: worked out once per node (see isExactLeaf). */
  private isExact(node: QueryNode): boolean {
    let exact = this.exactNodes.get(node);
    if (exact === undefined) {
      exact = this.exactNode(node);
      this.exactNodes.set(node, exact);
    }
    return exact;
  }

  private exactNode(node: QueryNode): boolean {
    switch (node.kind) {
      case 'group':
        return node.expression ? this.isExact(node.expression) : true;
      case 'and':
      case 'or':
        return node.operands.every((operand) => this.isExact(operand));
      case 'not':
        return this.isExact(node.operand);
      default:
        return isExactLeaf(node);
    }
  }

  /** The naive evaluation the index must agree with: every document through the matcher. */
  scan(query: QueryNode | null): number[] {
    const test = numberedMatcher(query, this.texts);
    const result: number[] = [];
    for (let number = 0; number < this.size; number++)
      if (!this.isRemoved(number) && test(this.document(number) as Document, number))
        result.push(number);
    return result;
  }

  /** Posts `number` under `key` once: a document's terms repeat, and come all together. */
  private post(map: Map<string, PostingList>, key: string, number: number): void {
    const list = map.get(key);
    if (list === undefined) map.set(key, [number]);
    else if (list[list.length - 1] === number) return;
    else if (Array.isArray(list)) list.push(number);
    else map.set(key, [...list, number]);
  }

  /** Every document, kept (removed ones included: `live` takes those out). */
  private allSet(): Bitset {
    return this.kept('all', () => this.pool.all(this.size));
  }

  private all(): Candidates {
    return { set: this.allSet(), exact: false };
  }

  /** A set kept until the index changes (see SetCache); `key` must say all `make` depends on. */
  private kept(key: string, make: () => Bitset): Bitset {
    return this.sets.get(key, this.version, make);
  }

  /** Documents holding the word. */
  private wordSet(word: string): Bitset {
    return this.kept(`w\u0000${word}`, () => this.pool.of(this.size, this.words.get(word) ?? []));
  }

  /** Documents with the keyword key (`field\u0000value`). */
  private keywordSet(key: string): Bitset {
    return this.kept(`k\u0000${key}`, () => this.pool.of(this.size, this.keywords.get(key) ?? []));
  }

  /** Documents holding every one of the words (a superset of a phrase's matches). */
  private allWords(words: readonly string[]): Bitset {
    if (words.length === 1) return this.wordSet(words[0] as string);
    return this.kept(`a\u0000${words.join('\u0000')}`, () => {
      const set = this.pool.all(this.size);
      for (const word of words) set.andWith(this.wordSet(word));
      return set;
    });
  }

  /** Documents with any vocabulary word passing `test`, which `key` names. */
  private anyWord(key: string, test: (word: string) => boolean): Bitset {
    return this.kept(key, () => {
      const set = this.pool.none(this.size);
      for (const [word, list] of this.words)
        if (test(word)) for (const number of list) set.add(number);
      return set;
    });
  }

  private candidates(node: QueryNode): Candidates {
    switch (node.kind) {
      case 'term':
      case 'phrase': {
        const words = wordsOf(node);
        if (words.length === 0) return this.all();
        if (node.kind === 'term' && node.exact === 'none') {
          if (node.shape.form === 'wildcard') {
            const pattern = normalizeWord(node.text);
            return { set: this.anyWord(`*\u0000${pattern}`, wildcardTest(pattern)), exact: true };
          }
          if (node.shape.form === 'fuzzy') {
            const target = normalizeWord(node.text);
            const edits = node.shape.edits;
            return {
              set: this.anyWord(
                `~\u0000${edits}\u0000${target}`,
                (word) => editDistance(word, target, edits) <= edits,
              ),
              exact: true,
            };
          }
          if (node.shape.form === 'compound') return this.all();
          return { set: this.allWords(words), exact: words.length === 1 };
        }
        if (node.kind === 'phrase' && node.compound) return this.all();
        return { set: this.allWords(words), exact: false };
      }
      case 'field':
        return this.fieldCandidates(node);
      case 'group':
        return node.expression
          ? this.candidates(node.expression)
          : { set: new Bitset(this.size), exact: true };
      case 'not': {
        const inner = this.candidates(node.operand);
        return inner.exact ? { set: inner.set.not(), exact: true } : this.all();
      }
      case 'and':
        return node.operands
          .map((operand) => this.candidates(operand))
          .reduce((a, b) => ({ set: a.set.and(b.set), exact: a.exact && b.exact }));
      case 'or':
        return node.operands
          .map((operand) => this.candidates(operand))
          .reduce((a, b) => ({ set: a.set.or(b.set), exact: a.exact && b.exact }));
      case 'proximity': {
        const left = this.candidates(node.left);
        const right = this.candidates(node.right);
        return { set: left.set.and(right.set), exact: false };
      }
      case 'error':
        return { set: new Bitset(this.size), exact: true };
    }
  }

  private fieldCandidates(node: FieldNode): Candidates {
    const value = node.value;
    if (!value) return { set: new Bitset(this.size), exact: true };
    if (value.kind === 'comparison') {
      const read = NUMERIC_FIELDS[node.name];
      return read && !Number.isNaN(value.value)
        ? {
            set: this.kept(`r\u0000${node.name}\u0000${value.operator}\u0000${value.value}`, () =>
              this.range(node.name, read, value.operator, value.value),
            ),
            exact: true,
          }
        : this.all();
    }
    if (
      (node.name === 'title' || node.name === 'content') &&
      value.kind === 'term' &&
      value.shape.form === 'word' &&
      value.exact === 'none'
    ) {
      // Postings do not tell title from content: a superset.
      return { set: this.allWords(wordsOf(value)), exact: false };
    }
    const keyword = KEYWORD_FIELDS[node.name];
    if (keyword && value.kind === 'term' && value.shape.form === 'word') {
      if (node.name === 'sentiment' || node.name === 'mention') return this.all();
      const text = node.name === 'gender' ? value.text : value.text;
      return {
        set: this.keywordSet(keywordKey(node.name, text)),
        exact: node.name !== 'device',
      };
    }
    if (node.name === 'hashtag' && value.kind === 'term') {
      const tag = normalizeWord(value.text.startsWith('#') ? value.text : `#${value.text}`);
      return { set: this.wordSet(tag), exact: true };
    }
    return this.all();
  }

  private range(
    field: string,
    read: (document: MatchableDocument) => number | undefined,
    operator: '>' | '>=' | '<' | '<=',
    bound: number,
  ): Bitset {
    let index = this.sorted.get(field);
    if (!index || index.size !== this.size) {
      const pairs: [number, number][] = [];
      for (let number = 0; number < this.size; number++) {
        const value = read(this.document(number) as Document);
        if (value !== undefined && !Number.isNaN(value)) pairs.push([value, number]);
      }
      pairs.sort((a, b) => a[0] - b[0]);
      index = {
        values: Float64Array.from(pairs, (pair) => pair[0]),
        members: Uint32Array.from(pairs, (pair) => pair[1]),
        size: this.size,
      };
      this.sorted.set(field, index);
    }
    const { values, members } = index;
    // First position whose value is >= bound (or > bound).
    const lowerBound = (strict: boolean): number => {
      let low = 0;
      let high = values.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const value = values[middle] as number;
        if (strict ? value <= bound : value < bound) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const [from, to] =
      operator === '>'
        ? [lowerBound(true), values.length]
        : operator === '>='
          ? [lowerBound(false), values.length]
          : operator === '<'
            ? [0, lowerBound(false)]
            : [0, lowerBound(true)];
    return this.pool.of(this.size, members.subarray(from, to));
  }
}
