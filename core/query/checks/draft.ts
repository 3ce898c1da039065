// A diagnostic as a check produces it: analysis adds the severity and the rule id.
import type { Span } from '../ast';
import type { DiagnosticCode, Fixes } from '../diagnostic';

export interface Draft {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly span: Span;
  /** None when absent. */
  readonly fixes?: Fixes;
  /** See QueryDiagnostic.repeat. */
  readonly repeat?: true;
}
