// Terms and phrases against a document's words (spec §5). Each leaf is compiled once per node;
// `leafOccurs` answers whether it matches and stops at the first occurrence (what `matches`
// needs), `leafHits` lists every occurrence (what proximity and highlighting need). Both read
// the same compiled leaf, and find exact words through the text's word map (documentText.ts).
import type { PhraseNode, TermNode } from '../ast';
import { editDistance } from '../editDistance';
import { normalizeWord, tokenize } from '../normalize';
import {
  ALL_FIELDS,
  FIELD_BIT,
  TEXT_FIELDS,
  type FieldBits,
  type Subject,
  type TextField,
} from './documentText';
import { wildcardTest } from './wildcard';

/** A run of matched words in one field: word indices [start, end]. */
export interface Hit {
  readonly field: TextField;
  readonly start: number;
  readonly end: number;
  /** A raw (`+x`) match: it has no word position, so it is never measured or highlighted. */
  readonly raw?: boolean;
}

export type CompiledLeaf =
  /** `+x` / `++x`: a raw string match instead of words. */
  | { readonly kind: 'raw'; readonly text: string; readonly caseSensitive: boolean }
  /** A wildcard or fuzzy term: one word passing the test. */
  | { readonly kind: 'pattern'; readonly test: (word: string) => boolean }
  /**
   * Words in sequence (a phrase, or a term of a spaceless script, is several); `compound`
   * (`carsharing~`) also matches the words written together, hyphenated or spaced.
   */
  | { readonly kind: 'words'; readonly words: readonly string[]; readonly compound: string | null }
  /** `"a b"~N`: all words within N other words, any order. */
  | { readonly kind: 'within'; readonly words: readonly string[]; readonly slack: number };

/** Built once: the bundle would build a `\p{…}` expression anew at every use. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const compiledLeaves = new WeakMap<TermNode | PhraseNode, CompiledLeaf>();

function compile(node: TermNode | PhraseNode): CompiledLeaf {
  if (node.exact !== 'none')
    return { kind: 'raw', text: node.text, caseSensitive: node.exact === 'exact-case' };
  if (node.kind === 'term' && node.shape.form === 'wildcard') {
    return { kind: 'pattern', test: wildcardTest(normalizeWord(node.text)) };
  }
  if (node.kind === 'term' && node.shape.form === 'fuzzy') {
    const target = normalizeWord(node.text);
    const edits = node.shape.edits;
    return { kind: 'pattern', test: (word) => editDistance(word, target, edits) <= edits };
  }
  const words = tokenize(node.text);
  if (node.kind === 'phrase' && node.proximity !== undefined)
    return { kind: 'within', words, slack: node.proximity };
  const compound =
    (node.kind === 'term' && node.shape.form === 'compound') ||
    (node.kind === 'phrase' && node.compound === true);
  return { kind: 'words', words, compound: compound ? words.join('').replace(/-/g, '') : null };
}

export function compileLeaf(node: TermNode | PhraseNode): CompiledLeaf {
  let compiled = compiledLeaves.get(node);
  if (!compiled) {
    compiled = compile(node);
    compiledLeaves.set(node, compiled);
  }
  return compiled;
}

/** Whether `+x` / `++x` occurs as a whole word sequence in the raw text. */
function rawOccurs(text: string, needle: string, caseSensitive: boolean): boolean {
  if (needle === '') return false;
  const haystack = caseSensitive ? text : text.toLowerCase();
  const target = caseSensitive ? needle : needle.toLowerCase();
  const boundary = (char: string | undefined): boolean =>
    char === undefined || !LETTER_OR_DIGIT.test(char);
  for (let at = haystack.indexOf(target); at >= 0; at = haystack.indexOf(target, at + 1)) {
    if (boundary(haystack[at - 1]) && boundary(haystack[at + target.length])) return true;
  }
  return false;
}

/** Whether `sequence` stands in `words` from `at` on (its first word is known to be there). */
function sequenceAt(words: readonly string[], at: number, sequence: readonly string[]): boolean {
  for (let offset = 1; offset < sequence.length; offset++)
    if (words[at + offset] !== sequence[offset]) return false;
  return true;
}

/** Whether every word is in the field: otherwise neither a phrase nor a window of them can be. */
function allPresent(
  fields: ReadonlyMap<string, FieldBits>,
  wanted: readonly string[],
  bit: FieldBits,
): boolean {
  for (const word of wanted) if (((fields.get(word) ?? 0) & bit) === 0) return false;
  return wanted.length > 0;
}

/** The first start of `sequence` in `words` at or after `from`, or -1. */
function nextSequence(words: readonly string[], sequence: readonly string[], from: number): number {
  const first = sequence[0] as string;
  const last = words.length - sequence.length;
  for (
    let at = words.indexOf(first, from);
    at >= 0 && at <= last;
    at = words.indexOf(first, at + 1)
  )
    if (sequenceAt(words, at, sequence)) return at;
  return -1;
}

/** Where the words from `start` on spell `compound` (hyphens dropped), or -1. */
function compoundEnd(words: readonly string[], compound: string, start: number): number {
  let joined = '';
  for (let end = start; end < words.length && joined.length < compound.length; end++) {
    // Each word keeps a letter or digit, so `joined` grows at every step: one end at most.
    joined += (words[end] as string).replace(/-/g, '');
    if (joined === compound) return end;
  }
  return -1;
}

/** Word indices taken in the window being checked (reused: evaluation never nests). */
const taken: number[] = [];

/**
 * Where the window from `start` ends if it holds every word of the phrase with at most `slack`
 * other words (each word of the phrase in turn takes the first free word of the window equal to
 * it), or -1. The window starts at a word of the phrase.
 */
function windowEnd(
  words: readonly string[],
  wanted: readonly string[],
  slack: number,
  start: number,
): number {
  if (!wanted.includes(words[start] as string)) return -1;
  const end = Math.min(words.length - 1, start + wanted.length + slack - 1);
  taken.length = 0;
  let last = start;
  for (const word of wanted) {
    let index = start;
    while (index <= end && (words[index] !== word || taken.includes(index))) index++;
    if (index > end) return -1;
    taken.push(index);
    if (index > last) last = index;
  }
  return last;
}

/** Whether the leaf occurs in one field. */
function occursIn(leaf: CompiledLeaf, subject: Subject, field: TextField): boolean {
  switch (leaf.kind) {
    case 'raw':
      return rawOccurs(subject.document[field] ?? '', leaf.text, leaf.caseSensitive);
    case 'pattern': {
      const bit = FIELD_BIT[field];
      for (const [word, bits] of subject.text.fields)
        if ((bits & bit) !== 0 && leaf.test(word)) return true;
      return false;
    }
    case 'within': {
      const text = subject.text;
      if (!allPresent(text.fields, leaf.words, FIELD_BIT[field])) return false;
      const { words } = text[field];
      for (let start = 0; start < words.length; start++)
        if (windowEnd(words, leaf.words, leaf.slack, start) >= 0) return true;
      return false;
    }
    case 'words': {
      const text = subject.text;
      const { words } = text[field];
      if (
        allPresent(text.fields, leaf.words, FIELD_BIT[field]) &&
        nextSequence(words, leaf.words, 0) >= 0
      )
        return true;
      if (leaf.compound === null) return false;
      for (let start = 0; start < words.length; start++)
        if (compoundEnd(words, leaf.compound, start) >= 0) return true;
      return false;
    }
  }
}

/** Whether the leaf matches in any of the fields (bits): stops at the first occurrence. */
export function leafOccurs(leaf: CompiledLeaf, subject: Subject, fields: FieldBits): boolean {
  // The commonest leaf, a word: one lookup answers for every field.
  if (leaf.kind === 'words' && leaf.words.length === 1 && leaf.compound === null)
    return ((subject.text.fields.get(leaf.words[0] as string) ?? 0) & fields) !== 0;
  // A pattern over every field: each distinct word once, without reading its fields.
  if (leaf.kind === 'pattern' && fields === ALL_FIELDS) {
    for (const word of subject.text.fields.keys()) if (leaf.test(word)) return true;
    return false;
  }
  for (const field of TEXT_FIELDS)
    if ((fields & FIELD_BIT[field]) !== 0 && occursIn(leaf, subject, field)) return true;
  return false;
}

/** Every occurrence of the leaf in one field, in text order (a phrase's before its compound's). */
function hitsIn(leaf: CompiledLeaf, subject: Subject, field: TextField, into: Hit[]): void {
  switch (leaf.kind) {
    case 'raw':
      // A raw match has no word position; it counts as a hit over the whole field.
      if (rawOccurs(subject.document[field] ?? '', leaf.text, leaf.caseSensitive))
        into.push({ field, start: 0, end: 0, raw: true });
      return;
    case 'pattern': {
      const { words } = subject.text[field];
      for (let index = 0; index < words.length; index++)
        if (leaf.test(words[index] as string)) into.push({ field, start: index, end: index });
      return;
    }
    case 'within': {
      const text = subject.text;
      if (!allPresent(text.fields, leaf.words, FIELD_BIT[field])) return;
      const { words } = text[field];
      for (let start = 0; start < words.length; start++) {
        const end = windowEnd(words, leaf.words, leaf.slack, start);
        if (end >= 0) into.push({ field, start, end });
      }
      return;
    }
    case 'words': {
      const text = subject.text;
      const { words } = text[field];
      const size = leaf.words.length;
      if (allPresent(text.fields, leaf.words, FIELD_BIT[field])) {
        for (let at = nextSequence(words, leaf.words, 0); at >= 0;) {
          into.push({ field, start: at, end: at + size - 1 });
          at = nextSequence(words, leaf.words, at + 1);
        }
      }
      if (leaf.compound === null) return;
      for (let start = 0; start < words.length; start++) {
        const end = compoundEnd(words, leaf.compound, start);
        if (end >= 0) into.push({ field, start, end });
      }
      return;
    }
  }
}

/** Every occurrence of the leaf in the fields, field by field, in text order within each. */
export function leafHits(
  leaf: CompiledLeaf,
  subject: Subject,
  fields: readonly TextField[],
): Hit[] {
  const hits: Hit[] = [];
  for (const field of fields) hitsIn(leaf, subject, field, hits);
  return hits;
}
