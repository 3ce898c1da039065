// Rule headers (spec/query-language.md §1): `###`, blanks, a rule id, then nothing or a comment.
import type { FileIssue, Span } from './ast';
import type { SourceLine } from './lines';

/** A line whose first non-blank characters are `###` is a header (docs/decisions.md). */
export const HEADER_START = /^[ \t]*###/;
const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export interface Header {
  readonly line: SourceLine;
  /** Empty when the header has none (reported). */
  readonly id: string;
  readonly idSpan: Span;
}

/** Reads a header line, adding its problems to `issues`. */
export function readHeader(line: SourceLine, issues: FileIssue[]): Header {
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
