// Diagnostics for the Problems view: core/query's diagnostics with the user's severity overrides,
// and for an over-limit rule the reason when it cannot be split automatically.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { Severity } from '../../core/query/diagnostic';
import { splitRule } from '../../core/query/split';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import type { ServerSettings } from '../settings';

export const DIAGNOSTIC_SOURCE = 'mmq';

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function lspDiagnostics(analysis: Analysis, settings: ServerSettings): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const diagnostic of analysis.diagnostics()) {
    const override = settings.severity[diagnostic.code];
    if (override === 'off') continue;
    let message = diagnostic.message;
    if (diagnostic.code === 'operand-limit') {
      const rule = analysis.file.rules.find((candidate) => candidate.id === diagnostic.rule);
      const split = rule ? splitRule(rule) : undefined;
      if (split && !split.ok) message += `. It cannot be split automatically: ${split.reason}`;
    }
    result.push({
      range: toRange(analysis.lines, diagnostic.span),
      severity: SEVERITIES[override ?? diagnostic.severity],
      code: diagnostic.code,
      source: DIAGNOSTIC_SOURCE,
      message,
      data: { rule: diagnostic.rule },
    });
  }
  return result;
}
