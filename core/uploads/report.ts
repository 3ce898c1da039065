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

const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * One line of a report file, or undefined when it is not one: `{"line": N, "outcome": …}` with
 * every field of the type `mmq upload` writes. A line of other types is not taken on trust (a
 * url of 5, a message that is an object): it is not a report line.
 */
export function parseReportLine(text: string): ReportLine | undefined {
  const parsed = parseJson(text);
  const value = 'value' in parsed ? parsed.value : undefined;
  if (
    !isFields(value) ||
    typeof value.line !== 'number' ||
    !Number.isSafeInteger(value.line) ||
    value.line < 1 ||
    !(OUTCOMES as readonly unknown[]).includes(value.outcome) ||
    !optionalText(value.url) ||
    !optionalText(value.status_code) ||
    !optionalText(value.message) ||
    (value.entry !== undefined && !isFields(value.entry))
  )
    return undefined;
  return value as unknown as ReportLine;
}
