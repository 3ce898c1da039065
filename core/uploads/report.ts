// The per-document report of an upload (spec/cli.md `mmq upload`): one line per document of the
// file, in input order, saying what became of it. The same lines are what a retry reads back.
import type { DocumentFate } from '../api/client/uploadAll';
import type { DocumentData } from '../api/schemas/document';
import { isFields, parseJson } from './jsonText';

export interface ReportLine {
  readonly line: number;
  readonly url?: string;
  readonly outcome: DocumentFate;
  readonly status_code?: string;
  readonly message?: string;
  /** The document as the service stored it (uploads with `return_entry=show`). */
  readonly entry?: DocumentData;
}

export const OUTCOMES: readonly DocumentFate[] = ['applied', 'refused', 'unknown', 'not-sent'];

export type OutcomeCounts = Record<DocumentFate, number>;

export const noOutcomes = (): OutcomeCounts => ({
  applied: 0,
  refused: 0,
  unknown: 0,
  'not-sent': 0,
});

/** `1,199 applied, 2 refused`: the outcomes that occurred, in the report's order. */
export function describeCounts(counts: OutcomeCounts): string {
  const parts = OUTCOMES.filter((outcome) => counts[outcome] > 0).map(
    (outcome) => `${counts[outcome].toLocaleString('en')} ${outcome}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** One line of a report file, or undefined when it is not one (`{"line": N, "outcome": …}`). */
export function parseReportLine(text: string): ReportLine | undefined {
  const parsed = parseJson(text);
  const value = 'value' in parsed ? parsed.value : undefined;
  if (
    !isFields(value) ||
    typeof value.line !== 'number' ||
    !Number.isSafeInteger(value.line) ||
    !(OUTCOMES as readonly unknown[]).includes(value.outcome)
  )
    return undefined;
  return value as unknown as ReportLine;
}
