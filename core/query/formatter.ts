// The formatter of `.mmq` files (spec/query-language.md), for the language server's document
// and range formatting and for `mmq fmt`. It re-spaces what is there and never changes what a
// rule matches: every unit of a query (word, phrase, field clause, operator, parenthesis) is
// printed exactly as written, in the same order, and only white space between units changes.
//
// Canonical form:
// - one blank around binary operators, none inside parentheses, none after a prefix (`-x`);
// - operators stay as written: a lower-case `and` is a search word and stays one, and an implicit
//   AND stays implicit (writing `AND` in its place would change text the user chose, and the
//   `mixed-and-or` warning already says where that matters);
// - a query that fits the line width stays on one line; a longer one breaks its loosest list
//   first, one operand per line with the operator leading (`OR b`), and a group that does not fit
//   opens `(` at the end of a line, indents its content one level, and closes `)` on a line of
//   its own, so nesting reads from the indentation;
// - comments stay where they belong: an end-of-line comment after the unit it followed, a
//   whole-line comment on its own line before what it preceded (above the operator that leads
//   that line); comments after a query stay after it. A comment counts no width: it never
//   changes how the query is laid out, only forces the line breaks it needs;
// - a phrase written over several lines is printed on one, as the service receives it;
// - `### id` headers (a header's comment kept), exactly one blank line between rules (a comment
//   paragraph written directly above a header stays attached to it), one line break at the end,
//   the file's own line break throughout (CRLF stays CRLF);
// - a rule with syntax errors is left exactly as written, and so is any rule whose formatted text
//   would not parse back to the same tokens and comments (format/verify.ts).
// format(format(x)) === format(x): the layout depends only on the units, the comments and where
// blank lines set comments apart, all of which the output reproduces.
import type { MmqFile, Span } from './ast';
import type { TextEdit } from './diagnostic';
import { parseFile } from './file';
import type { Settings } from './format/body';
import { minimalEdit } from './format/edits';
import { formatSegment } from './format/formatSegment';
import { segmentsOf, type Segment } from './format/segments';
import { lineBreakOf } from './format/lineText';

export interface FormatOptions {
  /** One level of indentation; two spaces by default. */
  readonly indent?: string;
  /** Queries longer than this are broken over several lines; 100 by default. */
  readonly lineWidth?: number;
}

function settingsOf(options: FormatOptions): Settings {
  return { indent: options.indent ?? '  ', lineWidth: options.lineWidth ?? 100 };
}

/**
 * The segments of the file that `wanted` selects, each with its formatted text, one at a time:
 * an edit is made of each as it comes, so formatting a large file never holds every rule's
 * formatted text at once. `file` is the file parsed: the language server passes the analysis it
 * holds, rather than parse it again.
 */
function* formatted(
  file: MmqFile,
  fileName: string,
  options: FormatOptions,
  wanted: (segment: Segment) => boolean = () => true,
): Generator<{ segment: Segment; text: string }> {
  const { text } = file;
  const context = { file, fileName, settings: settingsOf(options), lineBreak: lineBreakOf(text) };
  for (const segment of segmentsOf(file))
    if (wanted(segment)) yield { segment, text: formatSegment(context, segment) };
}

/** The whole file formatted. */
export function formatFile(text: string, fileName: string, options: FormatOptions = {}): string {
  let result = '';
  for (const part of formatted(parseFile(text, fileName), fileName, options)) result += part.text;
  return result;
}

function editsOf(text: string, parts: Iterable<{ segment: Segment; text: string }>): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const { segment, text: after } of parts) {
    const before = text.slice(segment.span.start, segment.span.end);
    const edit = minimalEdit(before, after, segment.span.start);
    if (edit) edits.push(edit);
  }
  return edits;
}

/** The whole file formatted, as at most one minimal edit per rule (and one for the preamble). */
export function formatEdits(
  text: string,
  fileName: string,
  options: FormatOptions = {},
): TextEdit[] {
  return formatFileEdits(parseFile(text, fileName), fileName, options);
}

/** formatEdits of a file already parsed (`parseFile`, or a FileAnalysis's file). */
export function formatFileEdits(
  file: MmqFile,
  fileName: string,
  options: FormatOptions = {},
): TextEdit[] {
  return editsOf(file.text, formatted(file, fileName, options));
}

function intersects(segment: Segment, range: Span): boolean {
  const { start, end } = segment.span;
  if (range.start === range.end)
    return range.start >= start && (range.start < end || (segment.last && range.start === end));
  return range.start < end && range.end > start;
}

/**
 * Formats the rules that `range` touches (a rule runs from its header to the next header), as
 * minimal edits inside those rules; nothing outside them changes.
 */
export function formatRange(
  text: string,
  fileName: string,
  range: Span,
  options: FormatOptions = {},
): TextEdit[] {
  return formatFileRange(parseFile(text, fileName), fileName, range, options);
}

/** formatRange of a file already parsed. */
export function formatFileRange(
  file: MmqFile,
  fileName: string,
  range: Span,
  options: FormatOptions = {},
): TextEdit[] {
  return editsOf(
    file.text,
    formatted(file, fileName, options, (segment) => intersects(segment, range)),
  );
}
