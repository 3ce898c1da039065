// Every message between the extension and the upload report panel, both ways, with their
// schemas (zod/mini), in the style of protocol.ts: each side checks what arrives and drops, with
// a logged reason, anything else. The panel shows a report as a table: what became of each
// document of an uploaded file, line by line. The report itself is the NDJSON file next to the
// source; the panel is given at most MAX_ROWS_PER_OUTCOME rows of each outcome (a file of a
// million documents must not become a million rows in a message), and says so.
// Every string in here is untrusted text (URLs and messages from a file and the service): the
// panel shows it as text, never as markup.
import * as z from 'zod/mini';
import { read, type Read } from '../shared/checked';

export type { Read };

/** Rows of each outcome handed to the panel at most; the counts are always whole. */
export const MAX_ROWS_PER_OUTCOME = 2_000;

export const Outcome = z.enum(['applied', 'refused', 'unknown', 'not-sent']);
export type Outcome = z.infer<typeof Outcome>;

const count = z.int().check(z.nonnegative());

export const ReportRow = z.object({
  /** The document's line in the source file (1-based). */
  line: z.int().check(z.positive()),
  url: z.optional(z.string()),
  outcome: Outcome,
  status_code: z.optional(z.string()),
  message: z.optional(z.string()),
  /** The stored document's sentiment, when the upload asked for it (annotate, return_entry). */
  sentiment: z.optional(z.number()),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const UploadReport = z.object({
  /** Unique per upload: the panel's answers name it. */
  id: z.string(),
  /** The source file, relative to the workspace, and the report file next to it. */
  source: z.string(),
  reportFile: z.string(),
  /** `project 7c1e-demo` or `dataset ds-survey of project p-insights`. */
  target: z.string(),
  mode: z.string(),
  /** Against the embedded sandbox (the panel says so). */
  sandbox: z.boolean(),
  /** Whether the upload asked for sentiment (the table gets a column). */
  annotated: z.boolean(),
  counts: z.object({ applied: count, refused: count, unknown: count, 'not-sent': count }),
  /**
   * In line order; at most MAX_ROWS_PER_OUTCOME of each outcome. Each is checked on its own as
   * it arrives (readRows): a row that is not one is left out and counted, and the rest shown.
   */
  rows: z.array(z.unknown()),
  /** Documents a retry would send again (refused, unknown, not-sent). */
  retryable: count,
  /** Lines of the report file that are not report lines: how many, and the first numbers. */
  unreadable: z.optional(z.object({ count, lines: z.array(z.int().check(z.positive())) })),
});
export type UploadReport = z.infer<typeof UploadReport>;

/**
 * The rows of a report that are rows, and how many were not. Those have no line of the report
 * file to name (a row's line is the uploaded file's), so they are only counted.
 */
export function readRows(rows: readonly unknown[]): {
  readonly rows: ReportRow[];
  readonly rejected: number;
} {
  const good: ReportRow[] = [];
  for (const row of rows) {
    const parsed = z.safeParse(ReportRow, row);
    if (parsed.success) good.push(parsed.data);
  }
  return { rows: good, rejected: rows.length - good.length };
}

export const RemovalAction = z.enum(['delete', 'undelete']);
export type RemovalAction = z.infer<typeof RemovalAction>;

/**
 * The applied documents of the report deleted from the panel (an upload undone), or undeleted
 * again: the last such run, and how many of the report's documents it left out of search.
 */
export const Removal = z.object({
  action: RemovalAction,
  /** Under way: its button waits. */
  running: z.boolean(),
  /** What the last run came to: `Delete from project 7c1e-demo: 3 deleted, 1 refused`. */
  summary: z.optional(z.string()),
  /** Documents of this report deleted from the panel and not undeleted since. */
  deleted: count,
});
export type Removal = z.infer<typeof Removal>;

export const ToReportPanel = z.discriminatedUnion('type', [
  z.object({ type: z.literal('show'), report: UploadReport, removal: z.optional(Removal) }),
  /** A retry of this report started: its button waits. */
  z.object({ type: z.literal('retrying'), id: z.string() }),
  /** A delete or an undelete of this report's documents started or ended. */
  z.object({ type: z.literal('removal'), id: z.string(), removal: Removal }),
]);
export type ToReportPanel = z.infer<typeof ToReportPanel>;

export const FromReportPanel = z.discriminatedUnion('type', [
  /** The panel's script runs and listens: the extension may send. */
  z.object({ type: z.literal('ready') }),
  /** A report is drawn: how many rows the table shows. */
  z.object({ type: z.literal('drawn'), id: z.string(), rows: count }),
  /** Show this line of the source file in an editor. */
  z.object({ type: z.literal('reveal'), id: z.string(), line: z.int().check(z.positive()) }),
  /** Send the refused, unknown and not-sent documents again. */
  z.object({ type: z.literal('retry'), id: z.string() }),
  /** Open the NDJSON report file. */
  z.object({ type: z.literal('openFile'), id: z.string() }),
  /** Delete the applied documents from search (after a question), or undelete those deleted. */
  z.object({ type: z.literal('remove'), id: z.string(), action: RemovalAction }),
]);
export type FromReportPanel = z.infer<typeof FromReportPanel>;

export const readToReportPanel = (value: unknown): Read<ToReportPanel> =>
  read(ToReportPanel, value);
export const readFromReportPanel = (value: unknown): Read<FromReportPanel> =>
  read(FromReportPanel, value);
