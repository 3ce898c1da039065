// Reading an upload's report file back (a retry, a retry's merged report, the end of an upload):
// line by line, never whole. A last line without a line break that starts as a report line and
// is not one is what a kill or a full disk leaves mid-write: it is ignored (its document then
// counts as unlisted, which a retry sends again). Any other line that is not a report line is an
// error for `reportLines` (`mmq upload --retry`: a file that is no report is refused, not read as
// an empty one); `reportItems` (VS Code) gives it as an unreadable line instead, to be kept in its
// place and named with the report.
// `latestLines` reads the file as the journal it is while an upload runs: each document once,
// its latest line, in input order.
import { MAX_PIECE_BYTES, type Chunks } from './items';
import { linesOf, type Line } from './lines';
import { comesBefore, parseReportLine, sameDocument, type ReportLine } from './report';

export class ReportFileError extends Error {}

/** A line of a report file that is not a report line: its text, unless too long to hold. */
export interface UnreadableLine {
  readonly unreadable: string | undefined;
}

/** What a report file holds, line by line, when its unreadable lines are kept. */
export type ReportItem = ReportLine | UnreadableLine;

export const isUnreadable = (line: ReportItem): line is UnreadableLine => 'unreadable' in line;

const notALine = (line: number) =>
  new ReportFileError(
    `line ${line} is not a report line ({"line": N, "outcome": …} as mmq upload writes)`,
  );

/** The start of every line mmq writes (`line` is its first field), cut short anywhere after. */
const LINE_START = '{"line":';
const isTorn = (text: string) => text.startsWith(LINE_START) || LINE_START.startsWith(text);

/** The report line of `each`, `torn` for a torn last line, undefined when it is none. */
function readLine(each: Line): ReportLine | 'blank' | 'torn' | undefined {
  if ('tooLong' in each) return undefined;
  if (each.text.trim() === '') return 'blank';
  const value = parseReportLine(each.text);
  if (value !== undefined) return value;
  return each.unterminated && isTorn(each.text) ? 'torn' : undefined;
}

/** The report's lines; any line that is not one (but a torn last line) is a ReportFileError. */
export async function* reportLines(chunks: Chunks): AsyncGenerator<ReportLine> {
  for await (const each of linesOf(chunks, MAX_PIECE_BYTES)) {
    const read = readLine(each);
    if (read === undefined) throw notALine(each.line);
    if (read !== 'blank' && read !== 'torn') yield read;
  }
}

/** The report's lines, and those that are not report lines (but a torn last line) as such. */
export async function* reportItems(chunks: Chunks): AsyncGenerator<ReportItem> {
  for await (const each of linesOf(chunks, MAX_PIECE_BYTES)) {
    const read = readLine(each);
    if (read === undefined) yield { unreadable: 'text' in each ? each.text : undefined };
    else if (read !== 'blank' && read !== 'torn') yield read;
  }
}

/**
 * Each document's latest line, in input order. A journal holds a batch's `sending` lines, then
 * the outcome lines of that batch in input order (sent or not): so a `sending` line is held
 * until its outcome comes, and one whose outcome never came (the upload ended first) is given
 * as it is, in its place. At most one batch of `sending` lines is held, in input order. An
 * unreadable line is given where it comes.
 */
export async function* latestLines<Item extends ReportItem>(
  lines: AsyncIterable<Item>,
): AsyncGenerator<Item> {
  let held: (Item & ReportLine)[] = [];
  let next = 0;
  for await (const line of lines) {
    if (isUnreadable(line)) {
      yield line;
      continue;
    }
    const read = line as Item & ReportLine;
    if (read.sending) {
      held.push(read);
      continue;
    }
    for (; next < held.length; next++) {
      const waiting = held[next] as Item & ReportLine;
      if (sameDocument(waiting, read)) continue;
      if (!comesBefore(waiting, read)) break;
      yield waiting;
    }
    if (next === held.length) {
      held = [];
      next = 0;
    }
    yield read;
  }
  yield* held.slice(next);
}
