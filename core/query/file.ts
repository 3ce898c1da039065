// The file level of a `.mmq` file (spec/query-language.md §1): rule headers, comments,
// annotations, and each rule's query parsed in place so that every span is a document offset.
import type { Annotation, Comment, FileIssue, MmqFile, Rule, Span } from './ast';
import { parseQuery } from './parser';
import { scanLines, type SourceLine } from './lines';

const HEADER_START = /^[ \t]*###/;
const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const ANNOTATION = /^\/\/[ \t]*@([A-Za-z_][\w-]*)(?:[ \t]+(\S.*?))?[ \t]*$/;
export const KNOWN_ANNOTATIONS = ['stream', 'project'] as const;

interface Header {
  readonly line: SourceLine;
  readonly id: string;
  readonly idSpan: Span;
}

/** The rule id of a header-less file: its name without directories and without `.mmq`. */
export function ruleIdFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.mmq$/i, '');
}

function readHeader(line: SourceLine, issues: FileIssue[]): Header {
  const text = line.text;
  const hashes = text.indexOf('###');
  const afterHashes = hashes + 3;
  const rest = text.slice(afterHashes);
  const idStartInRest = rest.search(/\S/);
  const commentAt = line.commentStart === null ? text.length : line.commentStart - line.start;
  const idText = idStartInRest < 0 ? '' : (rest.slice(idStartInRest).split(/\s/, 1)[0] ?? '');
  const idStart = line.start + afterHashes + Math.max(idStartInRest, 0);
  const idSpan = { start: idStart, end: idStart + idText.length };
  const headerSpan = { start: line.start + hashes, end: line.start + text.length };
  const idOffsetInLine = afterHashes + Math.max(idStartInRest, 0);
  if (idText === '' || idOffsetInLine >= commentAt) {
    issues.push({
      code: 'file-structure',
      message: 'a rule header needs a rule id after `###`, e.g. `### brand-core`',
      span: headerSpan,
      rule: null,
    });
    return { line, id: '', idSpan: { start: headerSpan.end, end: headerSpan.end } };
  }
  if (idStartInRest === 0) {
    issues.push({
      code: 'file-structure',
      message: 'put a blank between `###` and the rule id',
      span: idSpan,
      rule: idText,
    });
  }
  if (!RULE_ID.test(idText)) {
    issues.push({
      code: 'file-structure',
      message: `invalid rule id \`${idText}\`: use 1 to 128 letters, digits, \`_\`, \`.\` or \`-\`, starting with a letter or digit`,
      span: idSpan,
      rule: idText,
    });
  }
  const trailing = text.slice(idOffsetInLine + idText.length, commentAt);
  const extra = trailing.search(/\S/);
  if (extra >= 0) {
    const start = line.start + idOffsetInLine + idText.length + extra;
    issues.push({
      code: 'file-structure',
      message: 'a rule header holds only `###` and the rule id: move the query to the next line',
      span: { start, end: line.start + commentAt - (trailing.length - trailing.trimEnd().length) },
      rule: idText,
    });
  }
  return { line, id: idText, idSpan };
}

function readAnnotation(comment: Comment, text: string, issues: FileIssue[]): Annotation | null {
  const body = text.slice(comment.span.start, comment.span.end);
  const match = ANNOTATION.exec(body);
  if (!match) return null;
  const [, name = '', value = ''] = match;
  const nameStart = comment.span.start + body.indexOf('@');
  const nameSpan = { start: nameStart, end: nameStart + 1 + name.length };
  const valueStart =
    value === ''
      ? nameSpan.end
      : comment.span.start + body.indexOf(value, nameSpan.end - comment.span.start);
  const annotation = {
    name,
    value,
    span: comment.span,
    nameSpan,
    valueSpan: { start: valueStart, end: valueStart + value.length },
  };
  if (!(KNOWN_ANNOTATIONS as readonly string[]).includes(name)) {
    issues.push({
      code: 'unknown-annotation',
      message: `unknown annotation \`@${name}\`: only \`@stream\` and \`@project\` are known`,
      span: nameSpan,
      rule: null,
    });
  } else if (value === '') {
    issues.push({
      code: 'file-structure',
      message: `\`@${name}\` needs a value, e.g. \`// @${name} my-${name}\``,
      span: nameSpan,
      rule: null,
    });
  }
  return annotation;
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

export function parseFile(text: string, fileName: string): MmqFile {
  const lines = scanLines(text, HEADER_START);
  const issues: FileIssue[] = [];
  const comments: Comment[] = lines.flatMap((line) =>
    line.commentStart === null
      ? []
      : [{ span: { start: line.commentStart, end: line.start + line.text.length } }],
  );
  const masked = maskedText(text, lines);

  const headerLines = lines.filter((line) => line.isHeader);
  const firstQueryLine = lines.find((line) => !line.isHeader && queryTextOf([line]) !== '');
  const annotationLimit = headerLines[0]?.start ?? firstQueryLine?.start ?? text.length;
  const annotations = comments
    .filter((comment) => comment.span.start < annotationLimit)
    .map((comment) => readAnnotation(comment, text, issues))
    .filter((annotation): annotation is Annotation => annotation !== null);
  reportDuplicateAnnotations(annotations, issues);

  const rules: Rule[] = [];
  if (headerLines.length === 0) {
    const queryText = queryTextOf(lines);
    if (queryText !== '') {
      const bodySpan = { start: 0, end: text.length };
      rules.push({
        id: ruleIdFromFileName(fileName),
        headerSpan: null,
        idSpan: null,
        bodySpan,
        queryText,
        parsed: parseQuery(masked, bodySpan),
      });
    }
    return { text, annotations, comments, rules, issues };
  }

  const before = lines.filter((line) => line.start < (headerLines[0]?.start ?? 0));
  const stray = before.find((line) => queryTextOf([line]) !== '');
  if (stray) {
    const strayText = queryTextOf(before);
    const start = stray.start + (stray.text.length - stray.text.trimStart().length);
    issues.push({
      code: 'file-structure',
      message: `text before the first rule header belongs to no rule: add a \`### rule-id\` line above \`${strayText.slice(0, 40)}\``,
      span: { start, end: stray.start + stray.text.trimEnd().length },
      rule: null,
    });
  }

  const seen = new Map<string, Header>();
  // Lines are in order, so each rule's body lines follow its header line: one pass, not a
  // filter per rule (which would be quadratic in large files).
  let lineIndex = 0;
  headerLines.forEach((line, index) => {
    const header = readHeader(line, issues);
    const next = headerLines[index + 1];
    const bodyStart = line.start + line.text.length + line.breakLength;
    const bodySpan = {
      start: Math.min(bodyStart, text.length),
      end: next ? next.start : text.length,
    };
    while (lineIndex < lines.length && (lines[lineIndex]?.start ?? 0) < bodySpan.start) lineIndex++;
    const bodyLines: SourceLine[] = [];
    while (lineIndex < lines.length && (lines[lineIndex]?.start ?? Infinity) < bodySpan.end) {
      bodyLines.push(lines[lineIndex++] as SourceLine);
    }
    const queryText = queryTextOf(bodyLines);
    const headerSpan = {
      start: line.start + line.text.indexOf('###'),
      end: line.start + line.text.length,
    };
    if (header.id !== '') {
      const earlier = seen.get(header.id);
      if (earlier) {
        issues.push({
          code: 'file-structure',
          message: `duplicate rule id \`${header.id}\`: rule ids must be unique in a file`,
          span: header.idSpan,
          rule: header.id,
        });
      } else {
        seen.set(header.id, header);
      }
    }
    if (queryText === '') {
      issues.push({
        code: 'file-structure',
        message: `rule \`${header.id}\` is empty: write its query below the header or remove the header`,
        span: headerSpan,
        rule: header.id || null,
      });
    }
    rules.push({
      id: header.id,
      headerSpan,
      idSpan: header.idSpan,
      bodySpan,
      queryText,
      parsed: parseQuery(masked, bodySpan),
    });
  });
  return { text, annotations, comments, rules, issues };
}

function reportDuplicateAnnotations(annotations: readonly Annotation[], issues: FileIssue[]): void {
  const seen = new Set<string>();
  for (const annotation of annotations) {
    if (seen.has(annotation.name)) {
      issues.push({
        code: 'file-structure',
        message: `\`@${annotation.name}\` is given twice: keep one`,
        span: annotation.nameSpan,
        rule: null,
      });
    }
    seen.add(annotation.name);
  }
}

/** The text with comments and header lines blanked out (line breaks kept), so that queries parse in place. */
function maskedText(text: string, lines: readonly SourceLine[]): string {
  let result = '';
  let cursor = 0;
  for (const line of lines) {
    const blankFrom = line.isHeader ? line.start : line.commentStart;
    if (blankFrom === null) continue;
    const blankTo = line.start + line.text.length;
    result += text.slice(cursor, blankFrom) + ' '.repeat(blankTo - blankFrom);
    cursor = blankTo;
  }
  return result + text.slice(cursor);
}
