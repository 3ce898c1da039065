// Finds the rule and the query token under an offset.
import type { QueryToken, Rule } from '../../core/query/ast';
import type { Analysis } from '../analysisCache';

export function ruleAt(analysis: Analysis, offset: number): Rule | undefined {
  return analysis.file.rules.find((rule) => {
    const start = rule.headerSpan?.start ?? rule.bodySpan.start;
    return offset >= start && offset <= rule.bodySpan.end;
  });
}

export function tokenAt(
  rule: Rule,
  offset: number,
): { token: QueryToken; index: number } | undefined {
  const index = rule.parsed.tokens.findIndex(
    (token) => offset >= token.span.start && offset <= token.span.end,
  );
  const token = rule.parsed.tokens[index];
  return token ? { token, index } : undefined;
}
