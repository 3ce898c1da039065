// Hover: a field's documentation, a value's meaning, an operator's effect, an annotation's use,
// and everywhere in a rule its operand count against the limit ("37 / 50 operands").
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { Rule } from '../../core/query/ast';
import { ruleOperandSummary } from '../../core/query/analysis';
import { fieldDocumentation, findValue, lookupField } from '../../core/query/fieldTable';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import { annotationDoc, operatorDoc } from './docs';
import { ruleAt, tokenAt } from './ruleAt';

function markdown(value: string, analysis: Analysis, span?: { start: number; end: number }): Hover {
  return {
    contents: { kind: MarkupKind.Markdown, value },
    ...(span ? { range: toRange(analysis.lines, span) } : {}),
  };
}

function annotationHover(analysis: Analysis, offset: number): Hover | null {
  const annotation = analysis.file.annotations.find(
    ({ span }) => offset >= span.start && offset <= span.end,
  );
  if (!annotation) return null;
  const doc = annotationDoc(annotation.name);
  return markdown(
    doc ? `**@${annotation.name}**: ${doc}` : `Unknown annotation \`@${annotation.name}\``,
    analysis,
    annotation.span,
  );
}

/** What the token under the cursor means, when it means more than itself. */
function tokenDetail(rule: Rule, index: number): string | undefined {
  const token = rule.parsed.tokens[index];
  if (!token) return undefined;
  if (token.type === 'field') {
    const name = token.image.slice(0, -1);
    const field = lookupField(name);
    return field ? fieldDocumentation(field) : `Unknown field \`${name}\``;
  }
  if (token.type === 'operator' || token.type === 'proximity') return operatorDoc(token.image);
  // A value directly after its `field:`.
  const previous = rule.parsed.tokens[index - 1];
  if (previous?.type !== 'field' || previous.span.end !== token.span.start) return undefined;
  const field = lookupField(previous.image.slice(0, -1));
  const entry = field ? findValue(field, token.image) : undefined;
  return field && entry
    ? `\`${field.name}:${entry.value}\`${entry.description ? `: ${entry.description}` : ''}`
    : undefined;
}

export function hover(analysis: Analysis, position: Position): Hover | null {
  const offset = analysis.lines.offsetAt(position);
  const rule = ruleAt(analysis, offset);
  if (!rule) return annotationHover(analysis, offset);
  const { count, limit } = ruleOperandSummary(rule);
  const summary = `**${count} / ${limit} operands** in rule \`${rule.id}\``;
  const found = tokenAt(rule, offset);
  if (!found) {
    const header = rule.headerSpan;
    const onHeader = header !== null && offset >= header.start && offset <= header.end;
    return markdown(summary, analysis, onHeader ? header : undefined);
  }
  const detail = tokenDetail(rule, found.index);
  return markdown(detail ? `${detail}\n\n---\n\n${summary}` : summary, analysis, found.token.span);
}
