// Document symbols (one per rule, in the outline and breadcrumbs) and folding ranges (rules and
// blocks of comment lines).
import {
  FoldingRangeKind,
  SymbolKind,
  type DocumentSymbol,
  type FoldingRange,
} from 'vscode-languageserver';
import type { Rule, Span } from '../../core/query/ast';
import { countOperands } from '../../core/query/operands';
import { originOf, tokensOf } from '../../core/query/shift';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';

function ruleSpan(analysis: Analysis, rule: Rule): Span {
  const { tokens, delta } = tokensOf(rule);
  const first = tokens[0];
  const start = rule.headerSpan?.start ?? (first ? first.span.start + delta : rule.bodySpan.start);
  const body = analysis.text.slice(rule.bodySpan.start, rule.bodySpan.end);
  return { start, end: Math.max(start, rule.bodySpan.start + body.trimEnd().length) };
}

/**
 * Operand counts by the rule as analysed (originOf): counting needs no offsets, and a rule keeps
 * no tree (its tree is parsed again when read), so each rule is counted once, not per request.
 */
const operandCounts = new WeakMap<Rule, number>();

function operandCount(rule: Rule): number {
  const origin = originOf(rule);
  let count = operandCounts.get(origin);
  if (count === undefined) {
    count = countOperands(origin.parsed.query);
    operandCounts.set(origin, count);
  }
  return count;
}

export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  return analysis.file.rules.map((rule) => {
    const span = ruleSpan(analysis, rule);
    const count = operandCount(rule);
    return {
      name: rule.id || '(no id)',
      detail: `${count} operand${count === 1 ? '' : 's'}`,
      kind: SymbolKind.Function,
      range: toRange(analysis.lines, span),
      selectionRange: toRange(
        analysis.lines,
        rule.idSpan ?? { start: span.start, end: span.start },
      ),
    };
  });
}

export function foldingRanges(analysis: Analysis): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (const rule of analysis.file.rules) {
    const span = ruleSpan(analysis, rule);
    const start = analysis.lines.positionAt(span.start).line;
    const end = analysis.lines.positionAt(span.end).line;
    if (end > start) ranges.push({ startLine: start, endLine: end, kind: FoldingRangeKind.Region });
  }
  // Runs of two or more lines that are only a comment.
  const commentLines = analysis.file.comments
    .filter(
      (comment) =>
        analysis.text
          .slice(
            analysis.lines.offsetAt({
              line: analysis.lines.positionAt(comment.span.start).line,
              character: 0,
            }),
            comment.span.start,
          )
          .trim() === '',
    )
    .map((comment) => analysis.lines.positionAt(comment.span.start).line);
  let runStart: number | undefined;
  commentLines.forEach((line, index) => {
    runStart ??= line;
    const next = commentLines[index + 1];
    if (next !== line + 1) {
      if (line > runStart)
        ranges.push({ startLine: runStart, endLine: line, kind: FoldingRangeKind.Comment });
      runStart = undefined;
    }
  });
  return ranges;
}
