// The semantic token legend: standard LSP token types only, so every theme colours them without
// a contribution of our own. Declared in `initialize`, before the features are loaded.
import type { SemanticTokensLegend } from 'vscode-languageserver';

export const SEMANTIC_TOKEN_TYPES = [
  /** `AND`, `OR`, `NOT`, `NEAR/5`, `SENTENCE`…, and a header's `###`. */
  'keyword',
  /** The `-`, `+` and `++` prefixes. */
  'operator',
  /** A field name with its colon (`lang:`). */
  'property',
  /** A value of a field's closed set (`ONLINENEWS` after `sourcetype:`). */
  'enumMember',
  /** A phrase, fuzzy and proximity suffixes included (`"a b"~3`). */
  'string',
  /** A comparison (`>1633039200000`). */
  'number',
  /** A plain search term. */
  'variable',
  /** A term with `*`, `?` or `~` (matched by pattern, not as written). */
  'regexp',
  'comment',
  /** An annotation's name (`@stream`). */
  'decorator',
  /** A rule id in its header. */
  'function',
] as const;
export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];

export const SEMANTIC_TOKEN_MODIFIERS = [
  /** The rule id in its header: where the rule is defined. */
  'declaration',
] as const;
export type SemanticTokenModifier = (typeof SEMANTIC_TOKEN_MODIFIERS)[number];

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS],
};
