// Turns a parsed `.mmq` file into every diagnostic of spec §4, sorted by position. A plain function
// of the document: the language server, `mmq lint` and the tests call the same code.
import type { MmqFile, QueryNode, Rule } from './ast';
import { checkFieldClause } from './checks/fieldClause';
import { checkLimits } from './checks/limits';
import { checkStructure } from './checks/structure';
import { checkTermLike } from './checks/terms';
import type { Draft } from './checks/draft';
import { DIAGNOSTIC_CODES, OPERAND_LIMIT, type QueryDiagnostic } from './diagnostic';
import { parseFile } from './file';
import { countOperands } from './operands';
import { parseQuery } from './parser';
import { walk } from './walk';

function finish(draft: Draft, rule: string | null): QueryDiagnostic {
  return { ...draft, severity: DIAGNOSTIC_CODES[draft.code], rule };
}

function queryDrafts(query: QueryNode | null): Draft[] {
  const drafts: Draft[] = [];
  walk(query, (node) => {
    if (node.kind === 'field') drafts.push(...checkFieldClause(node));
    drafts.push(...checkTermLike(node), ...checkStructure(node));
  });
  return drafts;
}

function ruleDiagnostics(rule: Rule): QueryDiagnostic[] {
  const syntax: Draft[] = rule.parsed.issues.map((issue) => ({
    code: 'syntax',
    message: issue.message,
    span: issue.span,
    fixes: [],
  }));
  return [...syntax, ...queryDrafts(rule.parsed.query), ...checkLimits(rule)].map((draft) =>
    finish(draft, rule.id),
  );
}

function byPosition(a: QueryDiagnostic, b: QueryDiagnostic): number {
  return a.span.start - b.span.start || a.span.end - b.span.end || a.code.localeCompare(b.code);
}

export function analyzeFile(file: MmqFile): QueryDiagnostic[] {
  const fileLevel = file.issues.map((issue) =>
    finish({ code: issue.code, message: issue.message, span: issue.span, fixes: [] }, issue.rule),
  );
  return [...fileLevel, ...file.rules.flatMap(ruleDiagnostics)].sort(byPosition);
}

export function analyzeText(
  text: string,
  fileName: string,
): { file: MmqFile; diagnostics: QueryDiagnostic[] } {
  const file = parseFile(text, fileName);
  return { file, diagnostics: analyzeFile(file) };
}

/** Diagnostics of one query string (a histogram `q`, an export `query`): no file level. */
export function analyzeQuery(text: string): QueryDiagnostic[] {
  const rule: Rule = {
    id: 'query',
    headerSpan: null,
    idSpan: null,
    bodySpan: { start: 0, end: text.length },
    queryText: text.replace(/\s+/g, ' ').trim(),
    parsed: parseQuery(text),
  };
  return ruleDiagnostics(rule)
    .map((diagnostic) => ({ ...diagnostic, rule: null }))
    .sort(byPosition);
}

export function ruleOperandSummary(rule: Rule): { count: number; limit: number } {
  return { count: countOperands(rule.parsed.query), limit: OPERAND_LIMIT };
}
