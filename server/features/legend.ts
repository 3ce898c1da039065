// The semantic token legend, declared in `initialize` before the features are loaded.
import type { SemanticTokensLegend } from 'vscode-languageserver';

export const SEMANTIC_TOKEN_TYPES = [
  'property',
  'keyword',
  'operator',
  'string',
  'number',
  'comment',
  'function',
  'decorator',
  'variable',
] as const;
export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [],
};
