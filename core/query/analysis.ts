// Every diagnostic of spec §4 for a `.mmq` file or a single query, sorted by position. Plain
// functions of the text: the language server, `mmq lint`, the sandbox and the tests call the
// same code, and it alone decides whether a query is accepted.
//
// Linear in the input: every check costs a constant per node, and at most DIAGNOSTICS_PER_CODE
// diagnostics of a code are kept per rule (cap.ts). The language server updates a FileAnalysis
// after each edit instead (fileAnalysis.ts); the result is the same.
import type { MmqFile, Rule } from './ast';
import { byPosition, capped } from './cap';
import { lengthLimit } from './checks/limits';
import { LENGTH_LIMIT, OPERAND_LIMIT, type QueryDiagnostic } from './diagnostic';
import { FileAnalysis } from './fileAnalysis';
import { countOperands } from './operands';
import { parseQuery } from './parser';
import { finish, ruleDiagnostics } from './ruleDiagnostics';

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
    queryText: queryTextOf(text),
    parsed: parseQuery(text),
  };
  const blank = text.search(/\S/);
  return capped(ruleDiagnostics(rule).sort(byPosition), 'in this query').map((diagnostic) => ({
    ...diagnostic,
    // The length is of the query from its first to its last non-blank character, and so is the
    // span: a last token that runs on through blanks (an unclosed phrase) would end it later.
    ...(diagnostic.code === 'length-limit'
      ? { span: { start: blank, end: text.trimEnd().length } }
      : {}),
    rule: null,
  }));
}

/** The query text the service measures: white space runs as one blank, trimmed. */
function queryTextOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The `length-limit` error analyzeQuery would give `text`, found without lexing or parsing it:
 * a caller that takes queries from outside (the sandbox's endpoints) refuses one over 4,096
 * characters with this before analysing anything, and says what analysis would have said.
 */
export function queryLengthError(text: string): QueryDiagnostic | null {
  // Collapsing white space never lengthens the text: most queries are settled here.
  if (text.length <= LENGTH_LIMIT) return null;
  const length = queryTextOf(text).length;
  // Tokens cover every character but white space: the query runs from the first to the last.
  const start = text.search(/\S/);
  const end = text.trimEnd().length;
  const draft = lengthLimit(length, { start, end });
  return draft && finish(draft, null);
}

export function ruleOperandSummary(rule: Rule): { count: number; limit: number } {
  return { count: countOperands(rule.parsed.query), limit: OPERAND_LIMIT };
}
