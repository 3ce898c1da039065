// The per-document report of an upload (spec/cli.md `mmq upload`): one line per document of the
// file, in input order, saying what became of it. The same lines are what a retry reads back.
// While an upload runs, its report file is a journal: before a batch is sent, a `sending` line
// per document says it may land (so that a kill leaves it `unknown`, never absent); its outcome
// line follows, and a later line of a document replaces an earlier one (reportFile.ts). At the
// end the file is rewritten with one line per document (compactReport.ts).
import type { DocumentFate } from '../api/client/uploadAll';
import type { DocumentData } from '../api/schemas/document';
import { isFields, parseJson } from './jsonText';

export interface ReportLine {
  readonly line: number;
  /**
   * The document's place in the file (1 for the first piece the reader yields, document or
   * problem): several documents may share a line (a JSON array on one line). Absent from reports
   * of earlier versions, which are then read by line.
   */
  readonly position?: number;
  readonly url?: string;
  readonly outcome: DocumentFate;
  readonly status_code?: string;
  readonly message?: string;
  /** The document as the service stored it (uploads with `return_entry=show`). */
  readonly entry?: DocumentData;
  /** Written before the document's batch was sent: replaced by its outcome once known. */
  readonly sending?: true;
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
    !isCount(value.line) ||
    (value.position !== undefined && !isCount(value.position)) ||
    !(OUTCOMES as readonly unknown[]).includes(value.outcome) ||
    !optionalText(value.url) ||
    !optionalText(value.status_code) ||
    !optionalText(value.message) ||
    (value.entry !== undefined && !isFields(value.entry)) ||
    (value.sending !== undefined && value.sending !== true)
  )
    return undefined;
  return value as unknown as ReportLine;
}

const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The line written for a document before its batch is sent. */
export function sendingLine(line: number, position: number, url: string): ReportLine {
  return {
    line,
    position,
    url,
    outcome: 'unknown',
    message: 'sent, and the upload ended before its outcome was known: it may have landed',
    sending: true,
  };
}

/** Whether two lines are of the same document: by position when both say it, else by line. */
export function sameDocument(a: ReportLine, b: ReportLine): boolean {
  return a.position !== undefined && b.position !== undefined
    ? a.position === b.position
    : a.line === b.line;
}

/** Whether `a`'s document comes before `b`'s in the file. */
export function comesBefore(a: ReportLine, b: ReportLine): boolean {
  return a.position !== undefined && b.position !== undefined
    ? a.position < b.position
    : a.line < b.line;
}
