// Formats one segment (segments.ts): a rule's header and body, or the preamble, followed by the
// separator to the next segment. Returned with the file's own line breaks.
//
// - A header becomes `### id`, keeping its comment after one blank; a header that is not just
//   `###`, an id and perhaps a comment is left as written.
// - A rule whose query has syntax errors (or no query) is left exactly as written: what cannot be
//   parsed is not reformatted. Only the blank lines after it are normalised.
// - Preamble comments lose their indentation; blank runs between them become one blank line.
// - One blank line separates segments, except that a comment paragraph written directly above a
//   header, and set apart from what precedes it by a blank line (or the start of the file), stays
//   attached to that header: it is about the next rule.
import type { MmqFile, Rule } from '../ast';
import { commentsIn } from '../commentsIn';
import { formatBody, type Settings } from './body';
import type { Segment } from './segments';
import { splitLines, startsLine } from './lineText';
import { sameContent } from './verify';

const HEADER = /^[ \t]*###[ \t]*([A-Za-z0-9][A-Za-z0-9_.-]{0,127})[ \t]*$/;

function headerLine(file: MmqFile, rule: Rule, segmentStart: number): string {
  const end = rule.headerSpan?.end ?? segmentStart;
  const [comment] = commentsIn(file.comments, segmentStart, end);
  const code = file.text.slice(segmentStart, comment ? comment.span.start : end);
  const match = HEADER.exec(code);
  if (!match) return file.text.slice(segmentStart, end);
  if (!comment) return `### ${match[1]}`;
  return `### ${match[1]} ${file.text.slice(comment.span.start, comment.span.end).trimEnd()}`;
}

function verbatim(file: MmqFile, segment: Segment): string[] {
  const text = file.text.slice(segment.span.start, segment.span.end).trimEnd();
  return text === '' ? [] : splitLines(text);
}

function ruleLines(file: MmqFile, rule: Rule, segment: Segment, settings: Settings): string[] {
  const body = formatBody(file, rule, settings);
  if (body === null) return verbatim(file, segment);
  const header = rule.headerSpan ? [headerLine(file, rule, segment.span.start)] : [];
  return [...header, ...splitLines(body)];
}

function preambleLines(file: MmqFile, segment: Segment): string[] {
  const lines = splitLines(file.text.slice(segment.span.start, segment.span.end)).map((line) =>
    line.trim(),
  );
  // Text that is not a comment belongs to no rule (a file-structure error): keep it as written.
  if (lines.some((line) => line !== '' && !line.startsWith('//'))) return verbatim(file, segment);
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept[kept.length - 1] === '') kept.pop();
  return kept;
}

/** Whether the segment ends with a whole-line comment directly above the next header. */
function touchesNextHeader(file: MmqFile, segment: Segment): boolean {
  const { start, end } = segment.span;
  const last = commentsIn(file.comments, start, end).at(-1);
  if (!last || !startsLine(file.text, last.span.start)) return false;
  const after = file.text.slice(last.span.end, end);
  return after.trim() === '' && splitLines(after).length === 2;
}

/** Whether the last comment paragraph of `lines` follows a blank line or starts them. */
function lastParagraphSetApart(lines: readonly string[]): boolean {
  let index = lines.length - 1;
  if (index < 0 || !lines[index]?.trimStart().startsWith('//')) return false;
  while (index >= 0 && lines[index]?.trimStart().startsWith('//')) index--;
  return index < 0 || lines[index]?.trim() === '';
}

export interface SegmentContext {
  readonly file: MmqFile;
  /** Names the rule of a file without headers. */
  readonly fileName: string;
  readonly settings: Settings;
  /** The file's line break, used throughout the output. */
  readonly lineBreak: string;
}

/** `lines` followed by the separator to the next segment, with the file's line breaks. */
function withSeparator(context: SegmentContext, segment: Segment, lines: string[]): string {
  const { file, lineBreak } = context;
  if (lines.length === 0) return '';
  const attached =
    !segment.last && touchesNextHeader(file, segment) && lastParagraphSetApart(lines);
  const separator = segment.last || attached ? [''] : ['', ''];
  return [...lines, ...separator].join(lineBreak);
}

export function formatSegment(context: SegmentContext, segment: Segment): string {
  const { file, fileName, settings } = context;
  const lines = segment.rule
    ? ruleLines(file, segment.rule, segment, settings)
    : preambleLines(file, segment);
  const result = withSeparator(context, segment, lines);
  // A segment printed exactly as written holds what it held: parsing it again to check that
  // (verify.ts) would cost as much as the first parse, for most rules of a formatted file.
  if (result === file.text.slice(segment.span.start, segment.span.end)) return result;
  if (sameContent(file, segment, lines.join('\n'), fileName)) return result;
  return withSeparator(context, segment, verbatim(file, segment));
}
