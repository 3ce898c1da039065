// Where a value is in an upload file, so that a problem underlines the value rather than the
// whole line: lines 1-based (as the readers number them), columns 0-based in UTF-16 code units
// (as editors count), the end exclusive. A reader knows where each document's text starts; the
// offsets of a value inside that text become a span here.

export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * Where a field's value is: dotted as the checks name fields (`published`, `custom.score`,
 * `label.0.id`); the empty name is the whole document. Undefined when the reader cannot say (the
 * field is absent).
 */
export type ValueLocator = (field: string) => Span | undefined;

/** Where a document's text starts in the file. */
export interface TextStart {
  readonly line: number;
  readonly column: number;
}

const NEWLINE = 10;

function positionAt(text: string, start: TextStart, offset: number) {
  let line = start.line;
  let lineStart = -1;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at;
  }
  return { line, column: lineStart < 0 ? start.column + offset : offset - lineStart - 1 };
}

/** The span of `text.slice(from, to)`, the text starting at `start` in the file. */
export function spanIn(text: string, start: TextStart, from: number, to: number): Span {
  const first = positionAt(text, start, from);
  // A value never ends with a line break; one that would is cut before it.
  const last = positionAt(text, start, text.charCodeAt(to - 1) === NEWLINE ? to - 1 : to);
  return { line: first.line, column: first.column, endLine: last.line, endColumn: last.column };
}

/**
 * The span of `field`, else of the nearest value that holds it (`custom` for `custom.nosuch`),
 * else of the whole document: a problem of a missing field marks the document it is missing
 * from, which in a one-line JSON array is not the whole line.
 */
export function nearestSpan(locate: ValueLocator, field: string): Span | undefined {
  const parts = field === '' ? [] : field.split('.');
  for (let length = parts.length; length >= 0; length--) {
    const span = locate(parts.slice(0, length).join('.'));
    if (span) return span;
  }
  return undefined;
}
