// Diagnostics for the Problems view: core/query's diagnostics with the user's severity overrides.
//
// An over-limit rule that cannot be split gets the reason in its message rather than in related
// information: related information needs a location, the reason names none (it is about the
// rule's whole structure), and the message is what every client shows, in the Problems view and
// on hover alike. The split quick fix is then simply absent (codeActions.ts).
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { Rule } from '../../core/query/ast';
import type { QueryDiagnostic, Severity } from '../../core/query/diagnostic';
import { originOf } from '../../core/query/shift';
import { splitRule, type SplitResult } from '../../core/query/split';
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

/**
 * Splitting is the costliest thing diagnostics do. It depends on the rule's query only, so the
 * answer is kept per rule as analysed (originOf): a rule that an edit above it only moved keeps
 * its answer, and a re-publication (a configuration change) reuses it too.
 */
const splits = new WeakMap<Rule, SplitResult>();

function splitOf(rule: Rule): SplitResult {
  const origin = originOf(rule);
  let result = splits.get(origin);
  if (!result) {
    result = splitRule(origin);
    splits.set(origin, result);
  }
  return result;
}

/**
 * The rule a diagnostic is in: the one whose segment holds its start (a search of the row of
 * segments, so that publishing a large file's diagnostics never passes over every rule).
 */
export function ruleOf(analysis: Analysis, diagnostic: QueryDiagnostic): Rule | undefined {
  return analysis.core.ruleAt(diagnostic.span.start);
}

/** Why the rule of an `operand-limit` diagnostic cannot be split, or undefined when it can. */
export function unsplittableReason(
  analysis: Analysis,
  diagnostic: QueryDiagnostic,
): string | undefined {
  if (diagnostic.code !== 'operand-limit') return undefined;
  const rule = ruleOf(analysis, diagnostic);
  const split = rule ? splitOf(rule) : undefined;
  return split && !split.ok ? split.reason : undefined;
}

export function lspDiagnostics(analysis: Analysis, settings: ServerSettings): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const diagnostic of analysis.diagnostics()) {
    const override = settings.severity[diagnostic.code];
    if (override === 'off') continue;
    const reason = unsplittableReason(analysis, diagnostic);
    result.push({
      range: toRange(analysis.lines, diagnostic.span),
      severity: SEVERITIES[override ?? diagnostic.severity],
      code: diagnostic.code,
      source: DIAGNOSTIC_SOURCE,
      message: reason
        ? `${diagnostic.message}. It cannot be split automatically: ${reason}`
        : diagnostic.message,
    });
  }
  return result;
}
