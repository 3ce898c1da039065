// Helpers for diagnostic tests: analyse a file and read back the text each diagnostic covers.
import { analyzeText } from '../../../../core/query/analysis';
import type { DiagnosticCode, QueryDiagnostic, TextEdit } from '../../../../core/query/diagnostic';

export function diagnose(text: string, fileName = 'test.mmq'): QueryDiagnostic[] {
  return analyzeText(text, fileName).diagnostics;
}

export function withCode(text: string, code: DiagnosticCode, fileName?: string): QueryDiagnostic[] {
  return diagnose(text, fileName).filter((diagnostic) => diagnostic.code === code);
}

export function covered(text: string, diagnostic: QueryDiagnostic): string {
  return text.slice(diagnostic.span.start, diagnostic.span.end);
}

export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.span.start - a.span.start)
    .reduce(
      (result, edit) =>
        result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end),
      text,
    );
}

export const orOf = (count: number, prefix = 'w'): string =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' OR ');
