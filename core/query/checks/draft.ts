// A diagnostic as a check produces it: analysis adds the severity and the rule id.
import type { Span } from '../ast';
import type { DiagnosticCode, QuickFix } from '../diagnostic';

export interface Draft {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly span: Span;
  readonly fixes: readonly QuickFix[];
  /** See QueryDiagnostic.repeat. */
  readonly repeat?: true;
}
