// The formatter: canonical spacing and indentation, comments kept, idempotent, and never a change
// to what a query matches (it re-prints the parsed tree, leaves exactly as written).
//
// - A rule without comments in its query is laid out from its tree: on one line when it fits the
//   line width, otherwise broken at its loosest operator, one operand per line, operator first,
//   and a group that does not fit opens `(` on its line, indents its content, closes `)` alone.
// - A rule with comments among its query lines keeps its line breaks, so every comment stays
//   beside the text it annotates; only the spacing inside lines and the indentation change.
// - A rule with syntax errors is left exactly as written: what cannot be parsed is not reformatted.
// - Headers become `### id`, one blank line separates rules, the file ends with one line break,
//   and a CRLF file stays CRLF. Lower-case `and` is a search word and stays one.
import type { MmqFile, QueryNode, QueryToken, Rule, Span } from './ast';
import type { TextEdit } from './diagnostic';
import { parseFile } from './file';
import { printQuery, proximityText } from './print';

export interface FormatOptions {
  /** One level of indentation. */
  readonly indent?: string;
  /** Rules longer than this are broken over several lines. */
  readonly lineWidth?: number;
}

interface Line {
  readonly depth: number;
  readonly text: string;
}

interface Settings {
  readonly indent: string;
  readonly lineWidth: number;
}

function fits(text: string, depth: number, settings: Settings): boolean {
  return depth * settings.indent.length + text.length <= settings.lineWidth;
}

function prefixFirst(lines: Line[], prefix: string): Line[] {
  const [first, ...rest] = lines;
  return first ? [{ depth: first.depth, text: prefix + first.text }, ...rest] : [];
}

function isLeaf(node: QueryNode): boolean {
  const inner = node.kind === 'not' ? node.operand : node;
  return inner.kind === 'term' || inner.kind === 'phrase' || inner.kind === 'field';
}

/** Leaves joined by an operator, as many to a line as fit, each further line starting with it. */
function fill(
  items: readonly string[],
  operator: string,
  depth: number,
  settings: Settings,
): Line[] {
  const lines: Line[] = [];
  let current = '';
  for (const item of items) {
    if (current === '') current = item;
    else if (fits(`${current} ${operator}${item}`, depth, settings))
      current = `${current} ${operator}${item}`;
    else {
      lines.push({ depth, text: current });
      current = operator + item;
    }
  }
  if (current !== '') lines.push({ depth, text: current });
  return lines;
}

/** Lays a query tree out over lines, breaking only what does not fit. */
function layout(node: QueryNode, depth: number, settings: Settings): Line[] {
  const flat = printQuery(node);
  if (fits(flat, depth, settings)) return [{ depth, text: flat }];
  switch (node.kind) {
    case 'or':
      if (node.operands.every(isLeaf))
        return fill(node.operands.map(printQuery), 'OR ', depth, settings);
      return node.operands.flatMap((operand, index) =>
        prefixFirst(layout(operand, depth, settings), index === 0 ? '' : 'OR '),
      );
    case 'and':
      return node.operands.flatMap((operand, index) =>
        prefixFirst(
          layout(operand, depth, settings),
          index === 0 || !node.operators[index - 1] ? '' : 'AND ',
        ),
      );
    case 'group':
      if (!node.expression) return [{ depth, text: flat }];
      return [
        { depth, text: '(' },
        ...layout(node.expression, depth + 1, settings),
        { depth, text: ')' },
      ];
    case 'not':
      return prefixFirst(
        layout(node.operand, depth, settings),
        node.style === 'minus' ? '-' : 'NOT ',
      );
    case 'proximity': {
      const left = layout(node.left, depth, settings);
      const right = prefixFirst(layout(node.right, depth, settings), `${proximityText(node)} `);
      return [...left, ...right];
    }
    default:
      return [{ depth, text: flat }];
  }
}

/** Tokens of one line joined canonically: one blank between tokens, none inside parentheses or after a prefix. */
function joinTokens(tokens: readonly QueryToken[]): string {
  let text = '';
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    const glued =
      !previous ||
      previous.image === '(' ||
      token.image === ')' ||
      previous.type === 'prefix' ||
      // A field's name and value are one clause, split only for highlighting.
      (previous.type === 'field' && previous.span.end === token.span.start);
    text += (glued ? '' : ' ') + token.image;
  });
  return text;
}

function indentation(depth: number, settings: Settings): string {
  return settings.indent.repeat(Math.max(0, depth));
}

/** The document lines [start, end) as spans without their line breaks. */
function linesOf(text: string, start: number, end: number): Span[] {
  const spans: Span[] = [];
  let cursor = start;
  while (cursor < end) {
    const match = /\r\n|\r|\n/.exec(text.slice(cursor, end));
    const lineEnd = match ? cursor + match.index : end;
    spans.push({ start: cursor, end: lineEnd });
    cursor = match ? lineEnd + match[0].length : end;
  }
  return spans;
}

/**
 * Where a rule's query lines are: its body, except that a header-less rule starts at the line of
 * its first token (the comments above it are the file's preamble).
 */
function bodyRegion(file: MmqFile, rule: Rule): Span {
  if (rule.headerSpan) return rule.bodySpan;
  const first = rule.parsed.tokens[0]?.span.start ?? rule.bodySpan.start;
  const lineBreak = Math.max(
    file.text.lastIndexOf('\n', first - 1),
    file.text.lastIndexOf('\r', first - 1),
  );
  return { start: lineBreak + 1, end: rule.bodySpan.end };
}

function commentsIn(file: MmqFile, span: Span): Span[] {
  return file.comments
    .filter((comment) => comment.span.start >= span.start && comment.span.start < span.end)
    .map((comment) => comment.span);
}

/** A rule body with comments: each line keeps its tokens and comment; spacing and indentation are normalised. */
function formatLinePreserving(file: MmqFile, rule: Rule, settings: Settings): string[] {
  const output: string[] = [];
  let depth = 0;
  let tokenIndex = 0;
  const tokens = rule.parsed.tokens;
  const region = bodyRegion(file, rule);
  for (const line of linesOf(file.text, region.start, region.end)) {
    const lineTokens: QueryToken[] = [];
    while (tokenIndex < tokens.length && (tokens[tokenIndex]?.span.start ?? Infinity) < line.end) {
      lineTokens.push(tokens[tokenIndex] as QueryToken);
      tokenIndex++;
    }
    const comment = commentsIn(file, line)[0];
    const commentText = comment ? file.text.slice(comment.start, comment.end).trimEnd() : '';
    if (lineTokens.length === 0 && !commentText) continue;
    const closesFirst = lineTokens[0]?.image === ')' ? 1 : 0;
    const code = joinTokens(lineTokens);
    output.push(
      indentation(depth - closesFirst, settings) +
        [code, commentText].filter((part) => part !== '').join(' '),
    );
    for (const token of lineTokens) depth += token.image === '(' ? 1 : token.image === ')' ? -1 : 0;
  }
  return output;
}

function formatBody(file: MmqFile, rule: Rule, settings: Settings): string[] {
  if (!rule.parsed.query) return [];
  const hasComments = commentsIn(file, bodyRegion(file, rule)).length > 0;
  if (hasComments) return formatLinePreserving(file, rule, settings);
  return layout(rule.parsed.query, 0, settings).map(
    (line) => indentation(line.depth, settings) + line.text,
  );
}

function headerLine(file: MmqFile, rule: Rule): string[] {
  if (!rule.headerSpan) return [];
  const comment = commentsIn(file, rule.headerSpan)[0];
  const commentText = comment ? ` ${file.text.slice(comment.start, comment.end).trimEnd()}` : '';
  return [`### ${rule.id}${commentText}`];
}

/** A rule with syntax errors, exactly as written (trailing blank lines aside). */
function verbatim(file: MmqFile, rule: Rule): string[] {
  const start = rule.headerSpan?.start ?? bodyRegion(file, rule).start;
  const text = file.text.slice(start, rule.bodySpan.end).replace(/\s+$/, '');
  return text === '' ? [] : text.split(/\r\n|\r|\n/);
}

function formatRule(file: MmqFile, rule: Rule, settings: Settings): string[] {
  const broken =
    rule.parsed.issues.length > 0 ||
    file.issues.some((issue) => issue.rule === rule.id && issue.code === 'file-structure');
  if (broken || (rule.headerSpan && rule.id === '')) return verbatim(file, rule);
  return [...headerLine(file, rule), ...formatBody(file, rule, settings)];
}

/** Comment lines before the first rule (annotations among them), trimmed, blank runs collapsed. */
function preamble(file: MmqFile): string[] {
  const first = file.rules[0];
  const end = first ? (first.headerSpan?.start ?? bodyRegion(file, first).start) : file.text.length;
  const lines = linesOf(file.text, 0, end).map((line) =>
    file.text.slice(line.start, line.end).trimEnd(),
  );
  const collapsed: string[] = [];
  for (const line of lines) {
    if (line === '' && (collapsed.length === 0 || collapsed[collapsed.length - 1] === '')) continue;
    collapsed.push(line.trimStart().startsWith('//') ? line.trimStart() : line);
  }
  while (collapsed[collapsed.length - 1] === '') collapsed.pop();
  return collapsed;
}

function settingsOf(options: FormatOptions): Settings {
  return { indent: options.indent ?? '  ', lineWidth: options.lineWidth ?? 100 };
}

export function formatParsed(file: MmqFile, options: FormatOptions = {}): string {
  const settings = settingsOf(options);
  const newline = file.text.includes('\r\n') ? '\r\n' : '\n';
  const blocks: string[][] = [];
  const head = preamble(file);
  if (head.length > 0) blocks.push(head);
  for (const rule of file.rules) blocks.push(formatRule(file, rule, settings));
  // A header-less rule directly follows its leading comments, as written.
  const headerless = file.rules.length === 1 && file.rules[0]?.headerSpan === null;
  const separator = headerless ? newline : newline + newline;
  const text = blocks
    .filter((block) => block.length > 0)
    .map((block) => block.join(newline))
    .join(separator);
  return text === '' ? '' : text + newline;
}

export function formatFile(text: string, fileName: string, options: FormatOptions = {}): string {
  return formatParsed(parseFile(text, fileName), options);
}

/** The whole-document formatting as one minimal edit (common prefix and suffix left alone), or none. */
export function formatEdits(
  text: string,
  fileName: string,
  options: FormatOptions = {},
): TextEdit[] {
  return minimalEdits(text, formatFile(text, fileName, options));
}

function minimalEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix])
    prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  return [
    {
      span: { start: prefix, end: before.length - suffix },
      newText: after.slice(prefix, after.length - suffix),
    },
  ];
}

/**
 * Formats only the rules that intersect `range`: each such rule's text (header through its last
 * non-blank line) is replaced by its formatted form; nothing outside those rules changes.
 */
export function formatRange(
  text: string,
  fileName: string,
  range: Span,
  options: FormatOptions = {},
): TextEdit[] {
  const file = parseFile(text, fileName);
  const settings = settingsOf(options);
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const edits: TextEdit[] = [];
  for (const rule of file.rules) {
    const start = rule.headerSpan?.start ?? bodyRegion(file, rule).start;
    const end =
      rule.bodySpan.start + text.slice(rule.bodySpan.start, rule.bodySpan.end).trimEnd().length;
    if (end < range.start || start > range.end) continue;
    const replacement = formatRule(file, rule, settings).join(newline);
    const current = text.slice(start, Math.max(start, end));
    for (const edit of minimalEdits(current, replacement)) {
      edits.push({
        span: { start: start + edit.span.start, end: start + edit.span.end },
        newText: edit.newText,
      });
    }
  }
  return edits;
}
