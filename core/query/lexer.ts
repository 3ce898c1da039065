// The Chevrotain lexer of one query (spec/query-language.md §2). Every character of the input is
// claimed by some token (or skipped as white space), so lexing never fails: anything odd becomes a
// term or a prefix, and the parser says what is wrong with it.
import { createToken, Lexer, type TokenType } from 'chevrotain';

/** A quoted phrase body: `\"` escapes a quote; line breaks are white space inside a phrase. */
const PHRASE_BODY = String.raw`"(?:[^"\\]|\\[\s\S])*`;

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /\s+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

export const LParen = createToken({ name: 'LParen', pattern: '(' });
export const RParen = createToken({ name: 'RParen', pattern: ')' });

/** `"…"`, optionally followed by `~N` (phrase proximity) or `~` (compound). */
export const Phrase = createToken({
  name: 'Phrase',
  pattern: new RegExp(`${PHRASE_BODY}"(?:~\\d*)?`),
  line_breaks: true,
});

/** A phrase whose closing quote is missing: it runs to the end of the query. */
export const UnterminatedPhrase = createToken({
  name: 'UnterminatedPhrase',
  pattern: new RegExp(PHRASE_BODY),
  line_breaks: true,
});

/**
 * `name:value` as one token: the value may itself hold colons (`url:http://x.y`) or be a quoted
 * phrase with blanks (`title:"car sharing"`), which a lexer mode per value would need otherwise.
 * The parser splits name and value. An empty value (`lang: en`) is reported by analysis.
 */
export const FieldClause = createToken({
  name: 'FieldClause',
  pattern: new RegExp(`[^\\s()"+\\-:][^\\s()":]*:(?:${PHRASE_BODY}"?(?:~\\d*)?|[^\\s()"]*)`),
  line_breaks: true,
});

/** Any run of characters other than white space, parentheses and quotes, not starting a prefix. */
export const Term = createToken({ name: 'Term', pattern: /[^\s()"+-][^\s()"]*/ });

// Operators are upper case only; a longer word (`ANDROID`, `NEAR/x`, `AND:x`) is a term or field.
const operatorAlternatives = [FieldClause, Term];

export const And = createToken({ name: 'And', pattern: /AND/, longer_alt: operatorAlternatives });
export const Or = createToken({ name: 'Or', pattern: /OR/, longer_alt: operatorAlternatives });
export const Not = createToken({ name: 'Not', pattern: /NOT/, longer_alt: operatorAlternatives });

/** `NEAR`, `NEAR/5`, `ONEAR/5`, `SENTENCE`, `OSENTENCE`. */
export const Proximity = createToken({
  name: 'Proximity',
  pattern: /O?NEAR(?:\/\d+)?|O?SENTENCE/,
  longer_alt: operatorAlternatives,
});

export const PlusPlus = createToken({ name: 'PlusPlus', pattern: '++' });
export const Plus = createToken({ name: 'Plus', pattern: '+' });
export const Minus = createToken({ name: 'Minus', pattern: '-' });

/** Order matters: the first pattern that matches wins unless a `longer_alt` matches more. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  LParen,
  RParen,
  Phrase,
  UnterminatedPhrase,
  And,
  Or,
  Not,
  Proximity,
  FieldClause,
  Term,
  PlusPlus,
  Plus,
  Minus,
];

let lexer: Lexer | undefined;

/**
 * The lexer's options but for validation. Chevrotain's validation of the token definitions is a
 * third of building the lexer, every time mmq or the server starts, for definitions fixed at
 * build time: the unit tests build the lexer with validation on (test/unit/parser.test.ts), and
 * starts skip it.
 */
export const LEXER_OPTIONS = {
  positionTracking: 'onlyOffset',
  ensureOptimizations: false,
} as const;

/** Built on first use: constructing a Chevrotain lexer analyses every pattern (milliseconds). */
export function queryLexer(): Lexer {
  lexer ??= new Lexer(ALL_TOKENS, { ...LEXER_OPTIONS, skipValidations: true });
  return lexer;
}
