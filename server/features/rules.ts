// The rules of a document for the extension's CodeLens and run commands (RulesRequest): where
// each rule is, its query, and whether it has errors (a rule with errors is not run).
import { countOperands } from '../../core/query/operands';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import type { FileRules } from '../protocol';

export function fileRules(analysis: Analysis): FileRules {
  const { file, lines } = analysis;
  const errors = analysis.diagnostics().filter((diagnostic) => diagnostic.severity === 'error');
  const annotation = (name: string) =>
    file.annotations.find((candidate) => candidate.name === name)?.value ?? null;
  return {
    version: analysis.version,
    project: annotation('project'),
    stream: annotation('stream'),
    rules: file.rules.map((rule) => {
      const start = (rule.headerSpan ?? rule.bodySpan).start;
      const header = rule.headerSpan ?? { start, end: start };
      const own = errors.filter((diagnostic) => diagnostic.rule === rule.id);
      const first = own[0];
      return {
        id: rule.id,
        range: toRange(lines, header),
        extent: toRange(lines, { start, end: rule.bodySpan.end }),
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
