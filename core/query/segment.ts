// One independently analysed stretch of a `.mmq` file: the preamble before the first header, one
// rule from the start of its header line to the next header line, or the whole of a file without
// headers. Nothing in a rule depends on the text of another (a header ends any open phrase, and
// only the preamble holds annotations), so an edit re-analyses only the segments it touches and
// the others are reused where they now stand (fileAnalysis.ts). Every span in a segment is a
// document offset for the place it was analysed at, `base`.
import type { Annotation, Comment, FileIssue, ParsedQuery, Rule, Span } from './ast';
import { readAnnotation, reportDuplicateAnnotations } from './annotations';
import { byPosition, capped } from './cap';
import type { QueryDiagnostic } from './diagnostic';
import { HEADER_START, readHeader } from './headers';
import { scanLines, type SourceLine } from './lines';
import { parseRetained } from './parser';
import { ruleJson } from './shift';
import { fileIssueDiagnostic, ruleDiagnostics } from './ruleDiagnostics';

export type SegmentKind = 'preamble' | 'rule' | 'headerless';

export interface Segment {
  readonly kind: SegmentKind;
  /** Where the segment started when it was analysed: its spans are offsets for that start. */
  readonly base: number;
  readonly length: number;
  readonly comments: readonly Comment[];
  readonly annotations: readonly Annotation[];
  /**
   * Its file issues in file order: the preamble's (annotations, stray text), or a rule header's.
   * A duplicate rule id is the file's to find; it comes after these, before `emptyIssue`.
   */
  readonly issues: readonly FileIssue[];
  /** `rule \`id\` is empty`. */
  readonly emptyIssue: FileIssue | null;
  readonly rule: Rule | null;
  /** Every diagnostic of the segment but a duplicate rule id: sorted, capped, made once. */
  diagnostics(): readonly QueryDiagnostic[];
}

/** Each body line without its comment, trimmed; empty lines dropped; joined with one space. */
function queryTextOf(lines: readonly SourceLine[]): string {
  return lines
    .map((line) =>
      (line.commentStart === null
        ? line.text
        : line.text.slice(0, line.commentStart - line.start)
      ).trim(),
    )
    .filter((part) => part !== '')
    .join(' ');
}

/** `text[start, end)` with its comments blanked out (line breaks kept), for parsing in place. */
function maskedBody(
  text: string,
  lines: readonly SourceLine[],
  start: number,
  end: number,
): string {
  let result = '';
  let cursor = start;
  for (const line of lines) {
    if (line.commentStart === null || line.start < start || line.start >= end) continue;
    const blankTo = line.start + line.text.length;
    result += text.slice(cursor, line.commentStart) + ' '.repeat(blankTo - line.commentStart);
    cursor = blankTo;
  }
  return result + text.slice(cursor, end);
}

/** Each line of a body with its comments blanked, trimmed; empty lines dropped; joined. */
function queryTextOfMasked(masked: string): string {
  return masked
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

/**
 * The rule of a body: its query text is made again from the masked body when read, since a file's
 * rules would otherwise hold a second copy of nearly all of its text (the parse keeps the masked
 * body, which for a body without comments is a slice of the document, not a copy). A class, so
 * that the getter is its prototype's: an object literal with a getter gets a hidden class of its
 * own, hundreds of bytes per rule.
 */
class BodyRule implements Rule {
  readonly parsed: ParsedQuery;

  constructor(
    readonly id: string,
    readonly headerSpan: Span | null,
    readonly idSpan: Span | null,
    readonly bodySpan: Span,
    private readonly masked: string,
  ) {
    this.parsed = parseRetained(masked, { start: 0, end: masked.length }, bodySpan.start);
  }

  get queryText(): string {
    return queryTextOfMasked(this.masked);
  }

  /** What JSON.stringify makes of it: the rule as a plain object would be (ruleJson). */
  toJSON(): object {
    return ruleJson(this);
  }
}

function bodyRule(
  text: string,
  lines: readonly SourceLine[],
  parts: Pick<Rule, 'id' | 'headerSpan' | 'idSpan' | 'bodySpan'>,
): Rule {
  const { bodySpan } = parts;
  const masked = maskedBody(text, lines, bodySpan.start, bodySpan.end);
  return new BodyRule(parts.id, parts.headerSpan, parts.idSpan, bodySpan, masked);
}

function commentsOf(lines: readonly SourceLine[]): Comment[] {
  const comments: Comment[] = [];
  for (const line of lines)
    if (line.commentStart !== null)
      comments.push({ span: { start: line.commentStart, end: line.start + line.text.length } });
  return comments;
}

function annotationsOf(
  text: string,
  comments: readonly Comment[],
  limit: number,
  issues: FileIssue[],
) {
  const annotations: Annotation[] = [];
  for (const comment of comments) {
    if (comment.span.start >= limit) break;
    const annotation = readAnnotation(comment, text, issues);
    if (annotation) annotations.push(annotation);
  }
  reportDuplicateAnnotations(annotations, issues);
  return annotations;
}

interface Parts {
  readonly kind: SegmentKind;
  readonly base: number;
  readonly length: number;
  readonly comments: readonly Comment[];
  readonly annotations: readonly Annotation[];
  readonly issues: readonly FileIssue[];
  readonly emptyIssue: FileIssue | null;
  readonly rule: Rule | null;
}

/** An empty list shared by every segment that has none: most rules have no issue, no annotation. */
const NONE: readonly never[] = Object.freeze([]);

const orNone = <T>(list: readonly T[]): readonly T[] => (list.length === 0 ? NONE : list);

/** A class rather than a closure over its parts: one object per rule of a large file, not three. */
class AnalysedSegment implements Segment {
  readonly kind: SegmentKind;
  readonly base: number;
  readonly length: number;
  readonly comments: readonly Comment[];
  readonly annotations: readonly Annotation[];
  readonly issues: readonly FileIssue[];
  readonly emptyIssue: FileIssue | null;
  readonly rule: Rule | null;
  private diagnosticList: readonly QueryDiagnostic[] | undefined;

  constructor(parts: Parts) {
    this.kind = parts.kind;
    this.base = parts.base;
    this.length = parts.length;
    this.comments = orNone(parts.comments);
    this.annotations = orNone(parts.annotations);
    this.issues = orNone(parts.issues);
    this.emptyIssue = parts.emptyIssue;
    this.rule = parts.rule;
  }

  diagnostics(): readonly QueryDiagnostic[] {
    return (this.diagnosticList ??= orNone(this.findDiagnostics()));
  }

  private findDiagnostics(): QueryDiagnostic[] {
    return capped(
      [
        ...this.issues.map(fileIssueDiagnostic),
        ...(this.emptyIssue ? [fileIssueDiagnostic(this.emptyIssue)] : []),
        ...(this.rule ? ruleDiagnostics(this.rule) : []),
      ].sort(byPosition),
      this.kind === 'preamble' ? 'before the first rule' : 'in this rule',
    );
  }
}

function segment(parts: Parts): Segment {
  return new AnalysedSegment(parts);
}

/** The comments and annotations before the first header, and text there that belongs to no rule. */
function preamble(text: string, lines: readonly SourceLine[], end: number): Segment {
  const issues: FileIssue[] = [];
  const comments = commentsOf(lines);
  const annotations = annotationsOf(text, comments, end, issues);
  const stray = lines.find((line) => queryTextOf([line]) !== '');
  if (stray) {
    const strayText = queryTextOf(lines);
    const start = stray.start + (stray.text.length - stray.text.trimStart().length);
    issues.push({
      code: 'file-structure',
      message: `text before the first rule header belongs to no rule: add a \`### rule-id\` line above \`${strayText.slice(0, 40)}\``,
      span: { start, end: stray.start + stray.text.trimEnd().length },
      rule: null,
    });
  }
  return segment({
    kind: 'preamble',
    base: 0,
    length: end,
    comments,
    annotations,
    issues,
    emptyIssue: null,
    rule: null,
  });
}

/** The rule of the header `lines[0]`; the next header line (or the text's end) is at `end`. */
function rule(text: string, lines: readonly SourceLine[], end: number): Segment {
  const line = lines[0] as SourceLine;
  const issues: FileIssue[] = [];
  const header = readHeader(line, issues);
  const bodySpan = {
    start: Math.min(line.start + line.text.length + line.breakLength, text.length),
    end,
  };
  const bodyLines = lines.filter((each) => each.start >= bodySpan.start && each.start < end);
  const queryText = queryTextOf(bodyLines);
  const headerSpan = {
    start: line.start + line.text.indexOf('###'),
    end: line.start + line.text.length,
  };
  const emptyIssue: FileIssue | null =
    queryText === ''
      ? {
          code: 'file-structure',
          message: `rule \`${header.id}\` is empty: write its query below the header or remove the header`,
          span: headerSpan,
          rule: header.id || null,
        }
      : null;
  return segment({
    kind: 'rule',
    base: line.start,
    length: end - line.start,
    comments: commentsOf(lines),
    annotations: [],
    issues,
    emptyIssue,
    rule: bodyRule(text, bodyLines, { id: header.id, headerSpan, idSpan: header.idSpan, bodySpan }),
  });
}

/**
 * The segments of `text[from, to)` in order, scanned once: `from` is 0 or the start of a header
 * line, `to` the start of a header line or the file's end (`endsFile`: `text` may be a stretch
 * cut from a file). What precedes the first header (only from 0) is the preamble.
 */
export function analyseStretch(
  text: string,
  from: number,
  to: number,
  endsFile = to === text.length,
): Segment[] {
  const segments: Segment[] = [];
  let group: SourceLine[] = [];
  const close = (end: number): void => {
    const first = group[0];
    if (first) segments.push(first.isHeader ? rule(text, group, end) : preamble(text, group, end));
    group = [];
  };
  for (const line of scanLines(text, HEADER_START, from, to, endsFile)) {
    if (line.isHeader) close(line.start);
    group.push(line);
  }
  close(to);
  return segments;
}

/** A whole file without headers: one rule named after the file, if it holds any query text. */
export function analyseHeaderless(text: string, ruleId: string): Segment {
  const lines = scanLines(text, HEADER_START);
  const issues: FileIssue[] = [];
  const comments = commentsOf(lines);
  const firstQueryLine = lines.find((line) => queryTextOf([line]) !== '');
  const annotations = annotationsOf(text, comments, firstQueryLine?.start ?? text.length, issues);
  const queryText = queryTextOf(lines);
  const bodySpan = { start: 0, end: text.length };
  return segment({
    kind: 'headerless',
    base: 0,
    length: text.length,
    comments,
    annotations,
    issues,
    emptyIssue: null,
    rule:
      queryText === ''
        ? null
        : bodyRule(text, lines, { id: ruleId, headerSpan: null, idSpan: null, bodySpan }),
  });
}
