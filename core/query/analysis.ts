// Every diagnostic of spec §4 for a `.mmq` file or a single query, sorted by position. Plain
// functions of the text: the language server, `mmq lint`, the sandbox and the tests call the
// same code, and it alone decides whether a query is accepted.
//
// Linear in the input: every check costs a constant per node, and at most DIAGNOSTICS_PER_CODE
// diagnostics of a code are kept per rule (cap.ts). The language server updates a FileAnalysis
// after each edit instead (fileAnalysis.ts); the result is the same.
import type { MmqFile, Rule } from './ast';
import { byPosition, capped } from './cap';
import { OPERAND_LIMIT, type QueryDiagnostic } from './diagnostic';
import { FileAnalysis } from './fileAnalysis';
import { countOperands } from './operands';
import { parseQuery } from './parser';
import { ruleDiagnostics } from './ruleDiagnostics';

export function analyzeText(
  text: string,
  fileName: string,
): { file: MmqFile; diagnostics: QueryDiagnostic[] } {
  const analysis = FileAnalysis.of(text, fileName);
  return { file: analysis.file, diagnostics: [...analysis.diagnostics()] };
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
  return capped(ruleDiagnostics(rule).sort(byPosition), 'in this query').map((diagnostic) => ({
    ...diagnostic,
    rule: null,
  }));
}

export function ruleOperandSummary(rule: Rule): { count: number; limit: number } {
  return { count: countOperands(rule.parsed.query), limit: OPERAND_LIMIT };
}
