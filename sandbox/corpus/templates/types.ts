// The shape of one language's sentence templates. Slots in braces are filled per document:
// {brand} {corp} {product} {handle} {rival} {city} {person} {n} {pct}.
//
// Rules the templates keep, because of how queries tokenize text (core/query/normalize.ts):
// - a slot is never glued to letters (`{brand}'s`, `l'{brand}`, `{brand}-Rückruf` would make one
//   word, and `acme` would not match it); in Japanese, Chinese, Korean and Thai a Latin slot is
//   set off by spaces;
// - no decimal points or abbreviations with a period: a `.` ends a sentence for SENTENCE;
// - a Japanese katakana word with `ー` is followed by a space or punctuation (the tokenizer runs
//   a `ー` on into the following kana).
import type { EventId } from '../events';

export interface EventTemplates {
  readonly title: readonly string[];
  readonly body: readonly string[];
  readonly social: readonly string[];
}

export interface LanguageTemplates {
  /** Per event; a language without an event's templates writes about it as `chatter`. */
  readonly events: Partial<Record<EventId, EventTemplates>> & {
    readonly chatter: EventTemplates;
  };
  /** Sentences about a brand that fit any story. */
  readonly general: readonly string[];
  /** Stories without a brand: local news, everyday posts. */
  readonly industry: EventTemplates;
  /** Message-board threads: a question title and a few sentences. */
  readonly forum: { readonly title: readonly string[]; readonly body: readonly string[] };
  /** What separates sentences: a space, or nothing in Japanese and Chinese. */
  readonly join: string;
}
