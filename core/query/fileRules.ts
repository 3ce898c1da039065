// The rules of a file as the extension's CodeLens, run commands and lab read them: where each
// rule is, the query it sends, and whether it has errors (a rule with errors is not run). One
// function for both sides: the language server answers RulesRequest with it, and the lab reads a
// small file's rules with it in the extension host (src/features/lab/labRules.ts), so both
// always agree.
import type { MmqFile } from './ast';
import type { QueryDiagnostic } from './diagnostic';
import type { LinePositions, Position } from './lineIndex';
import { countOperands } from './operands';

export interface LineRange {
  readonly start: Position;
  readonly end: Position;
}

/** One rule of a file, as the extension's CodeLens and run commands need it. */
export interface RuleSummary {
  readonly id: string;
  /** The `### id` header line; for the rule of a header-less file, the file's first line. */
  readonly range: LineRange;
  /** The whole rule, header and body: the rule at the cursor is the one whose range holds it. */
  readonly extent: LineRange;
  /** The query sent to the service: comments removed, lines joined. */
  readonly query: string;
  readonly operands: number;
  /** Error-severity diagnostics in the rule: a rule with errors is not run. */
  readonly errors: number;
  /** The codes of those errors, each once (`operand-limit` alone: the split makes it runnable). */
  readonly errorCodes: readonly string[];
  /** The first error's message and line, to say why the rule does not run. */
  readonly firstError: { readonly message: string; readonly line: number } | null;
}

/** A file's rules and annotations. */
export interface FileRules {
  readonly version: number;
  /** `// @project <id>`, when the file has it. */
  readonly project: string | null;
  /** `// @stream <id>`, when the file has it. */
  readonly stream: string | null;
  readonly rules: readonly RuleSummary[];
}

/** What the rules are read from: a file's analysis (core/query/fileAnalysis.ts). */
export interface AnalysedFile {
  readonly file: MmqFile;
  diagnostics(): readonly QueryDiagnostic[];
}

export function fileRulesOf(
  analysis: AnalysedFile,
  lines: LinePositions,
  version: number,
): FileRules {
  const { file } = analysis;
  const errors = analysis.diagnostics().filter((diagnostic) => diagnostic.severity === 'error');
  const annotation = (name: string) =>
    file.annotations.find((candidate) => candidate.name === name)?.value ?? null;
  const rangeOf = (start: number, end: number): LineRange => ({
    start: lines.positionAt(start),
    end: lines.positionAt(end),
  });
  return {
    version,
    project: annotation('project'),
    stream: annotation('stream'),
    rules: file.rules.map((rule) => {
      const start = (rule.headerSpan ?? rule.bodySpan).start;
      const header = rule.headerSpan ?? { start, end: start };
      const own = errors.filter((diagnostic) => diagnostic.rule === rule.id);
      const first = own[0];
      return {
        id: rule.id,
        range: rangeOf(header.start, header.end),
        extent: rangeOf(start, rule.bodySpan.end),
        query: rule.queryText,
        operands: countOperands(rule.parsed.query),
        errors: own.length,
        errorCodes: [...new Set(own.map((diagnostic) => diagnostic.code))],
        firstError: first
          ? { message: first.message, line: lines.positionAt(first.span.start).line }
          : null,
      };
    }),
  };
}
