// Evaluates a query against a document (spec §5). The sandbox uses it to answer searches,
// streams and histograms; the property tests use it to prove that formatting and splitting never
// change what a query matches. Documents are analysed once (cached per object) and term patterns
// compiled once per node (cached per node), so one evaluation costs microseconds.
import type { FieldNode, PhraseNode, ProximityNode, QueryNode, TermNode } from './ast';
import type { MatchableDocument } from './document';
import { editDistance } from './editDistance';
import { matchField } from './match/fields';
import { wildcardPattern } from './match/wildcard';
import { analyzeText, normalizeWord, tokenize, type AnalyzedText } from './normalize';

/** Built once: the bundle would build a `\p{…}` expression anew at every use. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A run of matched words in one field: word indices [start, end]. */
interface Hit {
  readonly field: TextField;
  readonly start: number;
  readonly end: number;
  /** A raw (`+x`) match: it has no word position, so it is never measured or highlighted. */
  readonly raw?: boolean;
}

export type TextField = 'title' | 'content';
const TEXT_FIELDS: readonly TextField[] = ['title', 'content'];

interface DocumentText {
  readonly title: AnalyzedText;
  readonly content: AnalyzedText;
}

const analysed = new WeakMap<MatchableDocument, DocumentText>();

function textOf(document: MatchableDocument): DocumentText {
  let text = analysed.get(document);
  if (!text) {
    text = {
      title: analyzeText(document.title ?? ''),
      content: analyzeText(document.content ?? ''),
    };
    analysed.set(document, text);
  }
  return text;
}

/** How one term or phrase compares with single words. */
type WordTest = (word: string) => boolean;

interface CompiledLeaf {
  /** The words to find in sequence (a term of a spaceless script is several). */
  readonly words: readonly WordTest[];
  /** `carsharing~`: also matches the words written together, hyphenated or spaced. */
  readonly compound: string | null;
  /** `"a b"~N`: all words within N other words, any order. */
  readonly within: number | null;
  /** `+x` / `++x`: a raw string match instead of words. */
  readonly raw: { readonly text: string; readonly caseSensitive: boolean } | null;
}

const compiledLeaves = new WeakMap<TermNode | PhraseNode, CompiledLeaf>();

function wildcardTest(pattern: string): WordTest {
  const regex = wildcardPattern(pattern);
  return (word) => regex.test(word);
}

export function compileLeaf(node: TermNode | PhraseNode): CompiledLeaf {
  const cached = compiledLeaves.get(node);
  if (cached) return cached;
  let compiled: CompiledLeaf;
  if (node.exact !== 'none') {
    compiled = {
      words: [],
      compound: null,
      within: null,
      raw: { text: node.text, caseSensitive: node.exact === 'exact-case' },
    };
  } else if (node.kind === 'term' && node.shape.form === 'wildcard') {
    compiled = {
      words: [wildcardTest(normalizeWord(node.text))],
      compound: null,
      within: null,
      raw: null,
    };
  } else if (node.kind === 'term' && node.shape.form === 'fuzzy') {
    const target = normalizeWord(node.text);
    const edits = node.shape.edits;
    compiled = {
      words: [(word) => editDistance(word, target, edits) <= edits],
      compound: null,
      within: null,
      raw: null,
    };
  } else {
    const words = tokenize(node.text);
    const compound =
      (node.kind === 'term' && node.shape.form === 'compound') ||
      (node.kind === 'phrase' && node.compound === true);
    compiled = {
      words: words.map((expected) => (word: string) => word === expected),
      compound: compound ? words.join('').replace(/-/g, '') : null,
      within: node.kind === 'phrase' && node.proximity !== undefined ? node.proximity : null,
      raw: null,
    };
  }
  compiledLeaves.set(node, compiled);
  return compiled;
}

/** Where `+x` / `++x` occurs as a whole word sequence in the raw text. */
function rawOccurs(text: string, needle: string, caseSensitive: boolean): boolean {
  if (needle === '') return false;
  const haystack = caseSensitive ? text : text.toLowerCase();
  const target = caseSensitive ? needle : needle.toLowerCase();
  for (let at = haystack.indexOf(target); at >= 0; at = haystack.indexOf(target, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + target.length];
    const boundary = (char: string | undefined): boolean =>
      char === undefined || !LETTER_OR_DIGIT.test(char);
    if (boundary(before) && boundary(after)) return true;
  }
  return false;
}

function sequenceHits(text: AnalyzedText, field: TextField, tests: readonly WordTest[]): Hit[] {
  const hits: Hit[] = [];
  if (tests.length === 0) return hits;
  const last = text.words.length - tests.length;
  for (let start = 0; start <= last; start++) {
    if (tests.every((test, offset) => test(text.words[start + offset] ?? '')))
      hits.push({ field, start, end: start + tests.length - 1 });
  }
  return hits;
}

function compoundHits(text: AnalyzedText, field: TextField, compound: string): Hit[] {
  const hits: Hit[] = [];
  for (let start = 0; start < text.words.length; start++) {
    let joined = '';
    for (let end = start; end < text.words.length && joined.length < compound.length; end++) {
      joined += (text.words[end] ?? '').replace(/-/g, '');
      if (joined === compound) hits.push({ field, start, end });
    }
  }
  return hits;
}

/** `"a b c"~N`: a window holding every word, with at most N other words in it. */
function withinHits(
  text: AnalyzedText,
  field: TextField,
  tests: readonly WordTest[],
  slack: number,
): Hit[] {
  const hits: Hit[] = [];
  const width = tests.length + slack;
  for (let start = 0; start < text.words.length; start++) {
    if (!tests.some((test) => test(text.words[start] ?? ''))) continue;
    const end = Math.min(text.words.length - 1, start + width - 1);
    const used = new Set<number>();
    let last = start;
    const all = tests.every((test) => {
      for (let index = start; index <= end; index++) {
        if (!used.has(index) && test(text.words[index] ?? '')) {
          used.add(index);
          last = Math.max(last, index);
          return true;
        }
      }
      return false;
    });
    if (all) hits.push({ field, start, end: last });
  }
  return hits;
}

function leafHits(
  node: TermNode | PhraseNode,
  document: MatchableDocument,
  fields: readonly TextField[],
): Hit[] {
  const compiled = compileLeaf(node);
  const texts = textOf(document);
  return fields.flatMap((field) => {
    if (compiled.raw) {
      const raw = document[field] ?? '';
      // A raw match has no word position; it counts as a hit over the whole field.
      return rawOccurs(raw, compiled.raw.text, compiled.raw.caseSensitive)
        ? [{ field, start: 0, end: 0, raw: true }]
        : [];
    }
    const text = texts[field];
    if (compiled.within !== null) return withinHits(text, field, compiled.words, compiled.within);
    const hits = sequenceHits(text, field, compiled.words);
    return compiled.compound !== null
      ? [...hits, ...compoundHits(text, field, compiled.compound)]
      : hits;
  });
}

/** Hits of a proximity operand: a term, a phrase, or an OR-group of them. */
function operandHits(node: QueryNode, document: MatchableDocument): Hit[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return leafHits(node, document, TEXT_FIELDS);
    case 'group':
      return node.expression ? operandHits(node.expression, document) : [];
    case 'or':
      return node.operands.flatMap((operand) => operandHits(operand, document));
    default:
      return [];
  }
}

function proximityMatches(node: ProximityNode, document: MatchableDocument): boolean {
  const left = operandHits(node.left, document);
  if (left.length === 0) return false;
  const right = operandHits(node.right, document);
  const texts = textOf(document);
  return left.some((a) =>
    right.some((b) => {
      if (a.field !== b.field || a.raw || b.raw) return false;
      const aFirst = a.end < b.start;
      const bFirst = b.end < a.start;
      if (!aFirst && !bFirst) return false;
      if (node.ordered && !aFirst) return false;
      if (node.distance === null) {
        const sentences = texts[a.field].sentences;
        return sentences[a.start] === sentences[b.end] && sentences[b.start] === sentences[a.end];
      }
      const gap = aFirst ? b.start - a.end - 1 : a.start - b.end - 1;
      return gap <= node.distance;
    }),
  );
}

function fieldMatches(node: FieldNode, document: MatchableDocument): boolean {
  const value = node.value;
  if (!value) return false;
  if ((node.name === 'title' || node.name === 'content') && value.kind !== 'comparison') {
    return leafHits(value, document, [node.name]).length > 0;
  }
  return matchField(node.name, value, document);
}

/** Whether `document` matches `query`. An empty query and an error node match nothing. */
export function matches(query: QueryNode | null, document: MatchableDocument): boolean {
  if (!query) return false;
  switch (query.kind) {
    case 'term':
    case 'phrase':
      return leafHits(query, document, TEXT_FIELDS).length > 0;
    case 'field':
      return fieldMatches(query, document);
    case 'group':
      return matches(query.expression, document);
    case 'not':
      return !matches(query.operand, document);
    case 'and':
      return query.operands.every((operand) => matches(operand, document));
    case 'or':
      return query.operands.some((operand) => matches(operand, document));
    case 'proximity':
      return proximityMatches(query, document);
    case 'error':
      return false;
  }
}

/** Word hits of the positive parts of a query (nothing under a NOT), for highlighting. */
function positiveHits(query: QueryNode | null, document: MatchableDocument, into: Hit[]): void {
  if (!query) return;
  switch (query.kind) {
    case 'term':
    case 'phrase':
      for (const hit of leafHits(query, document, TEXT_FIELDS)) into.push(hit);
      return;
    case 'field':
      if (
        (query.name === 'title' || query.name === 'content') &&
        query.value &&
        query.value.kind !== 'comparison'
      ) {
        for (const hit of leafHits(query.value, document, [query.name])) into.push(hit);
      }
      return;
    case 'group':
      positiveHits(query.expression, document, into);
      return;
    case 'and':
    case 'or':
      query.operands.forEach((operand) => positiveHits(operand, document, into));
      return;
    case 'proximity':
      if (proximityMatches(query, document)) {
        positiveHits(query.left, document, into);
        positiveHits(query.right, document, into);
      }
      return;
    default:
      return;
  }
}

function wrapWords(text: string, analysis: AnalyzedText, marked: ReadonlySet<number>): string {
  let output = '';
  let cursor = 0;
  [...marked]
    .sort((a, b) => a - b)
    .forEach((index) => {
      const start = analysis.starts[index] ?? 0;
      const end = analysis.ends[index] ?? 0;
      output += `${text.slice(cursor, start)}<b>${text.slice(start, end)}</b>`;
      cursor = end;
    });
  return output + text.slice(cursor);
}

/**
 * `title_snippet` and `content_snippet` with every word matched by a positive part of any of the
 * queries wrapped in `<b>…</b>`. The document text is not escaped: whoever renders a snippet as
 * HTML must escape it first and then restore the `<b>` tags (webviews do).
 */
export function highlight(
  queries: readonly (QueryNode | null)[],
  document: MatchableDocument,
): { title_snippet: string; content_snippet: string } {
  const hits: Hit[] = [];
  for (const query of queries) positiveHits(query, document, hits);
  const texts = textOf(document);
  const marked: Record<TextField, Set<number>> = { title: new Set(), content: new Set() };
  for (const hit of hits) {
    if (hit.raw) continue;
    for (let index = hit.start; index <= hit.end; index++) marked[hit.field].add(index);
  }
  return {
    title_snippet: wrapWords(document.title ?? '', texts.title, marked.title),
    content_snippet: wrapWords(document.content ?? '', texts.content, marked.content),
  };
}
