// Templates compiled once into literal parts and slots, with their words found by the query
// language's own tokenizer when compiled. Filling one then costs a few array pushes, and a
// document's words (what the search index posts it under, its `word_count`) are the words of its
// pieces put end to end instead of a tokenization: 50,000 documents could not afford to run the
// Unicode tokenizer over every text. That holds because no piece's edge joins a word of the next
// (compile refuses a slot glued to a word, and texts are joined with spaces or punctuation);
// test/sandbox/corpus/generate.test.ts compares the words with the tokenizer's on whole corpora.
import { tokenize } from '../../core/query/normalize';

export const SLOTS = [
  'brand',
  'corp',
  'product',
  'handle',
  'rival',
  'city',
  'person',
  'n',
  'pct',
] as const;
export type Slot = (typeof SLOTS)[number];

/** A piece of text with the words the matcher sees in it. */
export interface Phrase {
  readonly text: string;
  readonly words: number;
  /** The normalised words of `text`, in order (`tokenize`). */
  readonly terms: readonly string[];
}

export type SlotValues = Record<Slot, Phrase>;

export interface Template {
  readonly parts: readonly string[];
  /** The normalised words of each literal part. */
  readonly partTerms: readonly (readonly string[])[];
  readonly slots: readonly Slot[];
  /** Words of the literal parts. */
  readonly words: number;
  /** Ends with a question mark (any script's): the document is flagged `question`. */
  readonly question: boolean;
  /** Writes the brand's `@handle`: the document mentions it. */
  readonly mentions: boolean;
}

export function phrase(text: string): Phrase {
  const terms = tokenize(text);
  return { text, words: terms.length, terms };
}

const SLOT_PATTERN = /\{(\w+)\}/g;
/** What a slot may not touch: a word's characters, and the `#` or `@` that would start one. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}'’#@-]/u;

function isSlot(name: string): name is Slot {
  return (SLOTS as readonly string[]).includes(name);
}

export function compile(source: string): Template {
  const parts: string[] = [];
  const slots: Slot[] = [];
  let cursor = 0;
  for (const match of source.matchAll(SLOT_PATTERN)) {
    const name = match[1] ?? '';
    if (!isSlot(name)) throw new Error(`unknown slot {${name}} in template "${source}"`);
    // A slot glued to letters would merge with them into one word (see templates/types.ts).
    const before = source[match.index - 1];
    const after = source[match.index + match[0].length];
    if (
      (before !== undefined && WORD_CHARACTER.test(before)) ||
      (after !== undefined && WORD_CHARACTER.test(after))
    ) {
      throw new Error(`slot {${name}} touches a word in template "${source}"`);
    }
    parts.push(source.slice(cursor, match.index));
    slots.push(name);
    cursor = match.index + match[0].length;
  }
  parts.push(source.slice(cursor));
  const partTerms = parts.map((part) => tokenize(part));
  return {
    parts,
    partTerms,
    slots,
    words: partTerms.reduce((sum, terms) => sum + terms.length, 0),
    question: /[?？;؟]\s*$/.test(source),
    mentions: slots.includes('handle'),
  };
}

/** Where filled text goes: the text so far, its word count and its words. */
export interface Sink {
  text: string;
  words: number;
  readonly terms: string[];
}

/** Appends `terms` to `into`. */
export function pushTerms(into: string[], terms: readonly string[]): void {
  for (let index = 0; index < terms.length; index++) into.push(terms[index] as string);
}

const NO_TERMS: readonly string[] = [];

/** Appends the filled template to the sink. */
export function fill(template: Template, values: SlotValues, sink: Sink): void {
  let text = sink.text + (template.parts[0] ?? '');
  pushTerms(sink.terms, template.partTerms[0] ?? NO_TERMS);
  for (let index = 0; index < template.slots.length; index++) {
    const value = values[template.slots[index] as Slot];
    text = text + value.text + (template.parts[index + 1] ?? '');
    sink.words += value.words;
    pushTerms(sink.terms, value.terms);
    pushTerms(sink.terms, template.partTerms[index + 1] ?? NO_TERMS);
  }
  sink.text = text;
  sink.words += template.words;
}

/**
 * The string stored flat. Concatenation builds a rope (a tree of string pieces), which is cheap
 * to build but costs an object per piece for as long as it is kept; reading a character makes V8
 * flatten it in place, and the garbage collector then drops the rope's nodes. Together this is
 * faster than `Array.prototype.join` over many small pieces, and the documents keep flat text.
 */
export function flatten(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** Phrases of the integers 0..999, so numbers in text cost no allocation. */
export const NUMBERS: readonly Phrase[] = Array.from({ length: 1000 }, (_, value) => ({
  text: String(value),
  words: 1,
  terms: [String(value)],
}));
