// Turns a parsed `.mmq` file into every diagnostic of spec §4, sorted by position. A plain function
// of the document: the language server, `mmq lint` and the tests call the same code.
//
// Linear in the input: every check costs a constant per node (messages quote at most 120
// characters, fixes are made when asked for, operands are compared by structural keys), and at
// most DIAGNOSTICS_PER_CODE diagnostics of a code are kept per rule (cap.ts).
import type { MmqFile, QueryNode, Rule } from './ast';
import { byPosition, capped } from './cap';
import { checkFieldClause } from './checks/fieldClause';
import { checkLimits } from './checks/limits';
import { OperandKeys } from './checks/operandKeys';
import { checkStructure } from './checks/structure';
import { checkTermLike } from './checks/terms';
import type { Draft } from './checks/draft';
import { DIAGNOSTIC_CODES, NO_FIXES, OPERAND_LIMIT, type QueryDiagnostic } from './diagnostic';
import { parseFile } from './file';
import { countOperands } from './operands';
import { parseQuery } from './parser';
import { walk } from './walk';

function finish(draft: Draft, rule: string | null): QueryDiagnostic {
  return {
    code: draft.code,
    severity: DIAGNOSTIC_CODES[draft.code],
    message: draft.message,
    span: draft.span,
    rule,
    fixes: draft.fixes ?? NO_FIXES,
    ...(draft.repeat ? { repeat: true as const } : {}),
  };
}

function queryDrafts(query: QueryNode | null, into: Draft[]): void {
  const keys = new OperandKeys();
  walk(query, (node) => {
    if (node.kind === 'field') for (const draft of checkFieldClause(node)) into.push(draft);
    for (const draft of checkTermLike(node)) into.push(draft);
    checkStructure(node, keys, into);
  });
}

/** The diagnostics of one rule's query, sorted and capped; `where` ends a cap's summary. */
function ruleDiagnostics(rule: Rule, where = 'in this rule'): QueryDiagnostic[] {
  const drafts: Draft[] = rule.parsed.issues.map((issue) => ({
    code: 'syntax',
    message: issue.message,
    span: issue.span,
  }));
  queryDrafts(rule.parsed.query, drafts);
  for (const draft of checkLimits(rule)) drafts.push(draft);
  const diagnostics = drafts.map((draft) => finish(draft, rule.id)).sort(byPosition);
  return capped(diagnostics, where);
}

export function analyzeFile(file: MmqFile): QueryDiagnostic[] {
  const fileLevel = file.issues.map((issue) =>
    finish({ code: issue.code, message: issue.message, span: issue.span }, issue.rule),
  );
  return [...fileLevel, ...file.rules.flatMap((rule) => ruleDiagnostics(rule))].sort(byPosition);
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
  return ruleDiagnostics(rule, 'in this query').map((diagnostic) => ({
    ...diagnostic,
    rule: null,
  }));
}

export function ruleOperandSummary(rule: Rule): { count: number; limit: number } {
  return { count: countOperands(rule.parsed.query), limit: OPERAND_LIMIT };
}
