// Hover: a field's documentation, a value's meaning, an operator's effect, and everywhere in a
// rule its operand count against the limit ("37 / 50 operands").
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { ruleOperandSummary } from '../../core/query/analysis';
import { fieldDocumentation, findValue, lookupField } from '../../core/query/fields';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import { operatorDoc } from './operatorDocs';
import { ruleAt, tokenAt } from './ruleAt';

export function hover(analysis: Analysis, position: Position): Hover | null {
  const offset = analysis.lines.offsetAt(position);
  const rule = ruleAt(analysis, offset);
  if (!rule) return null;
  const { count, limit } = ruleOperandSummary(rule);
  const summary = `**${count} / ${limit} operands** in rule \`${rule.id}\``;
  const found = tokenAt(rule, offset);
  if (!found) return { contents: { kind: MarkupKind.Markdown, value: summary } };
  const { token, index } = found;
  let detail: string | undefined;
  if (token.type === 'field') {
    const field = lookupField(token.image.slice(0, -1));
    detail = field ? fieldDocumentation(field) : `Unknown field \`${token.image.slice(0, -1)}\``;
  } else if (token.type === 'operator' || token.type === 'proximity') {
    detail = operatorDoc(token.image);
  } else {
    const previous = rule.parsed.tokens[index - 1];
    const field =
      previous?.type === 'field' && previous.span.end === token.span.start
        ? lookupField(previous.image.slice(0, -1))
        : undefined;
    const entry = field ? findValue(field, token.image) : undefined;
    if (field && entry) detail = `\`${field.name}:${entry.value}\`: ${entry.description ?? ''}`;
  }
  return {
    contents: {
      kind: MarkupKind.Markdown,
      value: detail ? `${detail}\n\n---\n\n${summary}` : summary,
    },
    range: toRange(analysis.lines, token.span),
  };
}
