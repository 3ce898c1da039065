// Text normalisation for matching (spec §5): Unicode NFKD, accents removed, case folded, split into
// words. A word is a run of letters, digits and combining marks, which may hold `'` or `-` between
// such characters (`l'oréal`, `hr-v`) and may start with `#` or `@` (hashtags and mentions keep
// their sigil). Characters of scripts written without spaces (Han, Hiragana, Katakana, Hangul)
// are words of their own (with the long-vowel marks ー and ｰ, which belong to no script), so a
// Japanese term matches as the phrase of its characters; an emoji is
// a word of its own. Anything else separates words.

export interface AnalyzedText {
  /** Normalised words in order. */
  readonly words: readonly string[];
  /** Sentence number of each word: a new sentence starts after `.`, `!` or `?`. */
  readonly sentences: readonly number[];
  /** Offsets of each word in the original text, for highlighting. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\uFF70\p{Script=Hangul}]|\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*|[#@]?[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu;

const SENTENCE_END = /[.!?]/;

const COMBINING_MARKS = /\p{M}/gu;
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** NFKD, accents (combining marks) removed, lower case; `’` becomes `'`. */
export function normalizeWord(word: string): string {
  // Most words are ASCII, for which NFKD and the marks change nothing: a third of the sandbox's
  // start-up went to normalising them anyway.
  if (!NOT_PRINTABLE_ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(/’/g, "'");
}

/** The normalised words of a string, as a query term or phrase is compared. */
export function tokenize(text: string): string[] {
  return Array.from(text.matchAll(WORD), (match) => normalizeWord(match[0]));
}

/** The same scanner for `forEachWord`, whose position each call sets (so calls may nest). */
const WORD_SCANNER = new RegExp(WORD.source, WORD.flags);

/**
 * Calls `visit` with each word `tokenize` gives, in order, without the array, the match
 * iterator or analyzeText's offsets and sentences: what indexing 50,000 documents needs.
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  let from = 0;
  for (;;) {
    WORD_SCANNER.lastIndex = from;
    const match = WORD_SCANNER.exec(text);
    if (match === null) return;
    from = WORD_SCANNER.lastIndex;
    visit(normalizeWord(match[0]));
  }
}

export function analyzeText(text: string): AnalyzedText {
  const words: string[] = [];
  const sentences: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let sentence = 0;
  let previousEnd = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    if (words.length > 0 && SENTENCE_END.test(text.slice(previousEnd, start))) sentence++;
    words.push(normalizeWord(match[0]));
    sentences.push(sentence);
    starts.push(start);
    ends.push(start + match[0].length);
    previousEnd = start + match[0].length;
  }
  return { words, sentences, starts, ends };
}
