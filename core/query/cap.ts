// Caps the diagnostics of one rule at DIAGNOSTICS_PER_CODE per code. A list of 50,000 operands
// written `a OR b c OR d …` has a mixed-and-or warning at every AND: the first hundred say where
// the problem is, and one more diagnostic says how many were left out, so what a client receives
// (and `mmq lint` prints) stays in proportion to what a person can act on.
import {
  DIAGNOSTICS_PER_CODE,
  NO_FIXES,
  type DiagnosticCode,
  type QueryDiagnostic,
  type Severity,
} from './diagnostic';

const NOUNS: Record<Severity, readonly [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  information: ['note', 'notes'],
  hint: ['hint', 'hints'],
};

export function byPosition(a: QueryDiagnostic, b: QueryDiagnostic): number {
  return a.span.start - b.span.start || a.span.end - b.span.end || a.code.localeCompare(b.code);
}

/**
 * `sorted` (by position) with at most DIAGNOSTICS_PER_CODE of each code, the first ones; for each
 * code over the cap, a summary where the first one left out was. `where` ends its message.
 */
export function capped(sorted: readonly QueryDiagnostic[], where: string): QueryDiagnostic[] {
  const counts = new Map<DiagnosticCode, number>();
  const omitted = new Map<DiagnosticCode, { first: QueryDiagnostic; count: number }>();
  const kept: QueryDiagnostic[] = [];
  for (const diagnostic of sorted) {
    const count = counts.get(diagnostic.code) ?? 0;
    counts.set(diagnostic.code, count + 1);
    if (count < DIAGNOSTICS_PER_CODE) {
      kept.push(diagnostic);
      continue;
    }
    const left = omitted.get(diagnostic.code);
    if (left) left.count++;
    else omitted.set(diagnostic.code, { first: diagnostic, count: 1 });
  }
  if (omitted.size === 0) return kept;
  for (const [code, { first, count }] of omitted) {
    const noun = NOUNS[first.severity][count === 1 ? 0 : 1];
    kept.push({
      code,
      severity: first.severity,
      message: `… and ${count.toLocaleString('en')} more ${code} ${noun} ${where}`,
      span: first.span,
      rule: first.rule,
      fixes: NO_FIXES,
    });
  }
  return kept.sort(byPosition);
}
