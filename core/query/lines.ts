// Splits a `.mmq` document into lines and finds where each line's comment starts.
//
// `//` starts a comment at the start of a line or after white space, and not inside a quoted
// phrase (so `site:"http://x.y"` and `url:http://x` are not comments). Quotes are tracked across
// the lines of a rule, since a phrase may span lines; a header line ends any phrase.

export interface SourceLine {
  /** Offset of the line's first character. */
  readonly start: number;
  /** The line without its line break. */
  readonly text: string;
  /** Length of the line break after it: 0 (last line), 1 (`\n`, `\r`) or 2 (`\r\n`). */
  readonly breakLength: number;
  /** Offset where its `//` comment starts, or null. */
  readonly commentStart: number | null;
  readonly isHeader: boolean;
}

/**
 * The lines of `text[from, to)`, which starts at a line start: a whole file, or a stretch that
 * begins with a header line (a header ends any phrase, so a stretch scans as in its file). `to` is
 * the start of a line or the text's end; at the file's end, a line break is followed by one more,
 * empty, line. `endsFile` says whether `to` is the file's end: `text` may be a stretch cut from
 * a file, which ends where the stretch does.
 */
export function scanLines(
  text: string,
  headerStart: RegExp,
  from = 0,
  to = text.length,
  endsFile = to === text.length,
): SourceLine[] {
  const lines: SourceLine[] = [];
  let inPhrase = false;
  let start = from;
  // One sticky scan over the text: slicing the rest of the text per line would be quadratic.
  const lineBreak = /\r\n|\r|\n/g;
  while (start < to || (start === to && endsFile)) {
    lineBreak.lastIndex = start;
    const found = lineBreak.exec(text);
    const breakAt = found ? found.index - start : -1;
    const end = breakAt < 0 ? text.length : start + breakAt;
    const breakLength = found ? found[0].length : 0;
    const lineText = text.slice(start, end);
    const isHeader = headerStart.test(lineText);
    if (isHeader) inPhrase = false;
    const scan = findComment(lineText, inPhrase && !isHeader);
    inPhrase = isHeader ? false : scan.inPhrase;
    lines.push({
      start,
      text: lineText,
      breakLength,
      commentStart: scan.at === null ? null : start + scan.at,
      isHeader,
    });
    if (breakAt < 0) break;
    start = end + breakLength;
  }
  return lines;
}

function findComment(
  line: string,
  startsInPhrase: boolean,
): { at: number | null; inPhrase: boolean } {
  let inPhrase = startsInPhrase;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (inPhrase) {
      if (char === '\\') i++;
      else if (char === '"') inPhrase = false;
      continue;
    }
    if (char === '"') {
      inPhrase = true;
    } else if (char === '/' && line[i + 1] === '/' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) {
      return { at: i, inPhrase: false };
    }
  }
  return { at: null, inPhrase };
}
