// Diagnostic codes of spec/query-language.md §4: stable identifiers shown in the Problems view,
// used by `mmq lint`, and configurable per code in settings.
import type { Span } from './ast';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export const DIAGNOSTIC_CODES = {
  syntax: 'error',
  'operand-limit': 'error',
  'length-limit': 'error',
  'leading-wildcard': 'error',
  'unknown-field': 'error',
  'invalid-value': 'error',
  'range-number': 'error',
  'seconds-not-ms': 'warning',
  'lowercase-operator': 'warning',
  'mixed-and-or': 'warning',
  'short-wildcard': 'warning',
  'duplicate-operand': 'hint',
  'near-limit': 'information',
  'file-structure': 'error',
  'unknown-annotation': 'warning',
} as const satisfies Record<string, Severity>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export function isDiagnosticCode(value: string): value is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, value);
}

/** A replacement of the text in `span` by `newText`, in document offsets. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/** A fix that analysis knows how to make; the language server offers it as a quick fix. */
export interface QuickFix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** The fix a user most likely wants (VS Code's "preferred" action, applied by auto-fix). */
  readonly preferred: boolean;
}

/**
 * A diagnostic's fixes, made when asked for (the language server's code-action request), never
 * with the diagnostic: a fix can be as large as its rule (parenthesising every AND of a list), and
 * a rule can have a diagnostic at every operand. Each call computes them anew.
 */
export type Fixes = () => readonly QuickFix[];

export const NO_FIXES: Fixes = () => [];

export interface QueryDiagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  /** The rule id, or null for a file-level diagnostic. */
  readonly rule: string | null;
  readonly fixes: Fixes;
  /**
   * Set on a diagnostic that repeats another one elsewhere in its rule: `operand-limit` on the
   * rule's header, so that an editor shows the problem where the rule starts and not only at the
   * 51st operand. `mmq lint` reports each problem once and leaves these out.
   */
  readonly repeat?: true;
}

/** At most this many operands in one rule, histogram q, export query or collector query. */
export const OPERAND_LIMIT = 50;
/** `near-limit` starts here. */
export const OPERAND_WARNING_THRESHOLD = 45;
/** At most this many characters of query text, after comments are removed. */
export const LENGTH_LIMIT = 4096;
/**
 * At most this many diagnostics of one code in one rule; the rest are counted in one more
 * diagnostic ("… and 4,812 more mixed-and-or warnings in this rule"). Nobody reads the 101st
 * instance of one mistake, and a client given tens of thousands stalls.
 */
export const DIAGNOSTICS_PER_CODE = 100;
