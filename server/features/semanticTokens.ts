// Semantic tokens: what the parser knows (a field clause, an operator, a phrase, a rule id) on top
// of the TextMate grammar's guesses. Tokens are encoded relative to each other, one line each.
import { SemanticTokensBuilder, type SemanticTokens } from 'vscode-languageserver';
import type { QueryTokenType, Span } from '../../core/query/ast';
import type { Analysis } from '../analysisCache';
import { SEMANTIC_TOKEN_TYPES, type SemanticTokenType } from './legend';

const TYPES = SEMANTIC_TOKEN_TYPES;
type TokenType = SemanticTokenType;

const QUERY_TOKEN_TYPES: Partial<Record<QueryTokenType, TokenType>> = {
  field: 'property',
  operator: 'keyword',
  proximity: 'keyword',
  prefix: 'operator',
  phrase: 'string',
  comparison: 'number',
};

export function semanticTokens(analysis: Analysis): SemanticTokens {
  const spans: { span: Span; type: TokenType }[] = [];
  for (const comment of analysis.file.comments) spans.push({ span: comment.span, type: 'comment' });
  for (const annotation of analysis.file.annotations)
    spans.push({ span: annotation.nameSpan, type: 'decorator' });
  for (const rule of analysis.file.rules) {
    if (rule.idSpan) spans.push({ span: rule.idSpan, type: 'function' });
    for (const token of rule.parsed.tokens) {
      const type = QUERY_TOKEN_TYPES[token.type];
      if (type) spans.push({ span: token.span, type });
    }
  }
  // Annotations are inside comments: a later, narrower token wins by being pushed in order.
  spans.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const builder = new SemanticTokensBuilder();
  let lastEnd = -1;
  for (const { span, type } of spans) {
    if (span.start < lastEnd && type !== 'decorator') continue;
    const start = analysis.lines.positionAt(span.start);
    const end = analysis.lines.positionAt(span.end);
    if (start.line === end.line) {
      builder.push(
        start.line,
        start.character,
        end.character - start.character,
        TYPES.indexOf(type),
        0,
      );
    } else {
      // A phrase over several lines: one token per line, as the protocol requires.
      for (let line = start.line; line <= end.line; line++) {
        const from = line === start.line ? start.character : 0;
        const lineEnd =
          line === end.line
            ? end.character
            : analysis.lines.offsetAt({ line: line + 1, character: 0 }) -
              analysis.lines.offsetAt({ line, character: 0 });
        if (lineEnd > from) builder.push(line, from, lineEnd - from, TYPES.indexOf(type), 0);
      }
    }
    lastEnd = Math.max(lastEnd, span.end);
  }
  return builder.build();
}
