// A retry's report folded into the report it retried: every line of the earlier report, with the
// retried documents' new outcomes in place of their old ones, so that the report next to the
// file always says what became of each of its documents (not only of the last ones sent). The
// earlier report is read as a stream; only the retried lines (at most the retry plan) are held.
// A line of it that is not a report line (edited by hand, forged, cut short) is passed on as it
// is, in its place: the report keeps what it held, and whoever shows it says it could not be read.
import type { Chunks } from './items';
import { MAX_PIECE_BYTES } from './items';
import { linesOf } from './lines';
import { parseReportLine, type ReportLine } from './report';

/** A line of the earlier report that is not a report line: its text, unless too long to hold. */
export interface UnreadableLine {
  readonly unreadable: string | undefined;
}

export type MergedLine = ReportLine | UnreadableLine;

export const isUnreadable = (line: MergedLine): line is UnreadableLine => 'unreadable' in line;

export async function* mergeRetried(
  previous: Chunks,
  retried: ReadonlyMap<number, ReportLine>,
): AsyncGenerator<MergedLine> {
  const placed = new Set<number>();
  for await (const each of linesOf(previous, MAX_PIECE_BYTES)) {
    if ('tooLong' in each) {
      yield { unreadable: undefined };
      continue;
    }
    if (each.text.trim() === '') continue;
    const line = parseReportLine(each.text);
    if (line === undefined) {
      yield { unreadable: each.text };
      continue;
    }
    const again = retried.get(line.line);
    if (again === undefined) {
      yield line;
      continue;
    }
    placed.add(line.line);
    yield again;
  }
  // A retried document the earlier report did not list (it changed since the plan was read)
  // is still reported, after the others, rather than lost.
  for (const [number, line] of retried) if (!placed.has(number)) yield line;
}
