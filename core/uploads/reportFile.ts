// Reading an upload's report file back (a retry, a retry's merged report, the end of an upload):
// line by line, never whole. A last line without a line break that starts as a report line and
// is not one is what a kill or a full disk leaves mid-write: it is ignored (its document then
// counts as unlisted, which a retry sends again), where any other line that is not a report line
// is an error (a file that is no report is refused, not read as an empty one).
// `latestLines` reads the file as the journal it is while an upload runs: each document once,
// its latest line, in input order.
import { MAX_PIECE_BYTES, type Chunks } from './items';
import { linesOf } from './lines';
import { comesBefore, parseReportLine, sameDocument, type ReportLine } from './report';

export class ReportFileError extends Error {}

const notALine = (line: number) =>
  new ReportFileError(
    `line ${line} is not a report line ({"line": N, "outcome": …} as mmq upload writes)`,
  );

/** The start of every line mmq writes (`line` is its first field), cut short anywhere after. */
const LINE_START = '{"line":';
const isTorn = (text: string) => text.startsWith(LINE_START) || LINE_START.startsWith(text);

export async function* reportLines(chunks: Chunks): AsyncGenerator<ReportLine> {
  for await (const each of linesOf(chunks, MAX_PIECE_BYTES)) {
    if ('tooLong' in each) throw notALine(each.line);
    if (each.text.trim() === '') continue;
    const value = parseReportLine(each.text);
    if (value !== undefined) yield value;
    else if (!(each.unterminated && isTorn(each.text))) throw notALine(each.line);
  }
}

/**
 * Each document's latest line, in input order. A journal holds a batch's `sending` lines, then
 * the outcome lines of that batch in input order (sent or not): so a `sending` line is held
 * until its outcome comes, and one whose outcome never came (the upload ended first) is given
 * as it is, in its place. At most one batch of `sending` lines is held, in input order.
 */
export async function* latestLines(lines: AsyncIterable<ReportLine>): AsyncGenerator<ReportLine> {
  let held: ReportLine[] = [];
  let next = 0;
  for await (const line of lines) {
    if (line.sending) {
      held.push(line);
      continue;
    }
    for (; next < held.length; next++) {
      const waiting = held[next] as ReportLine;
      if (sameDocument(waiting, line)) continue;
      if (!comesBefore(waiting, line)) break;
      yield waiting;
    }
    if (next === held.length) {
      held = [];
      next = 0;
    }
    yield line;
  }
  yield* held.slice(next);
}
