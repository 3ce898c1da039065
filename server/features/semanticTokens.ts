// Semantic tokens: what the parser knows (a field clause, a closed value, an operator, a phrase, a
// rule id, an annotation) on top of the TextMate grammar's guesses. The protocol wants tokens that
// neither overlap nor span lines, in document order, each relative to the previous one.
import { SemanticTokensBuilder, type SemanticTokens } from 'vscode-languageserver';
import type { Annotation, QueryToken, Rule, Span } from '../../core/query/ast';
import { findValue, lookupField } from '../../core/query/fieldTable';
import { tokensOf } from '../../core/query/shift';
import type { Analysis } from '../analysisCache';
import type { DocumentText } from '../documents/documentText';
import {
  SEMANTIC_TOKEN_MODIFIERS,
  SEMANTIC_TOKEN_TYPES,
  type SemanticTokenModifier,
  type SemanticTokenType,
} from './legend';

interface Classified {
  readonly span: Span;
  readonly type: SemanticTokenType;
  readonly modifiers?: readonly SemanticTokenModifier[];
}

function termType(token: QueryToken, previous: QueryToken | undefined): SemanticTokenType {
  // A value right after its `field:` that is in the field's set.
  if (previous?.type === 'field' && previous.span.end === token.span.start) {
    const field = lookupField(previous.image.slice(0, -1));
    if (field && findValue(field, token.image)) return 'enumMember';
  }
  return /[*?~]/.test(token.image) ? 'regexp' : 'variable';
}

const QUERY_TOKEN_TYPES = {
  field: 'property',
  operator: 'keyword',
  proximity: 'keyword',
  prefix: 'operator',
  phrase: 'string',
  comparison: 'number',
  // Parentheses carry no meaning beyond the grammar's; invalid text is the diagnostics' business.
  paren: null,
  invalid: null,
} as const satisfies Record<Exclude<QueryToken['type'], 'term'>, SemanticTokenType | null>;

function ruleTokens(analysis: Analysis, rule: Rule): Classified[] {
  const result: Classified[] = [];
  if (rule.headerSpan) {
    const { start, end } = rule.headerSpan;
    const marker = start + analysis.text.slice(start, end).indexOf('###');
    result.push({ span: { start: marker, end: marker + 3 }, type: 'keyword' });
  }
  if (rule.idSpan) result.push({ span: rule.idSpan, type: 'function', modifiers: ['declaration'] });
  // The tokens as analysed, moved here: a moved rule's tokens are not copied for every request.
  const { tokens, delta } = tokensOf(rule);
  tokens.forEach((token, index) => {
    const type =
      token.type === 'term' ? termType(token, tokens[index - 1]) : QUERY_TOKEN_TYPES[token.type];
    if (type)
      result.push({ span: { start: token.span.start + delta, end: token.span.end + delta }, type });
  });
  return result;
}

/** A stretch of the document by offsets, `end` excluded: what a range request asks for. */
export interface Stretch {
  readonly start: number;
  readonly end: number;
}

/** The index of the first of `items` (in document order) that ends after `offset`. */
function firstEndingAfter<T>(items: readonly T[], offset: number, endOf: (item: T) => number) {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (endOf(items[middle] as T) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

const ruleStart = (rule: Rule) => (rule.headerSpan ?? rule.bodySpan).start;

/** The rules that have some text in `stretch`, in document order (all of them without one). */
function rulesIn(analysis: Analysis, stretch?: Stretch): readonly Rule[] {
  const { rules } = analysis.file;
  if (!stretch) return rules;
  const first = firstEndingAfter(rules, stretch.start, (rule) => rule.bodySpan.end);
  let last = first;
  while (last < rules.length && ruleStart(rules[last] as Rule) < stretch.end) last++;
  return rules.slice(first, last);
}

/** Comments, cut around the annotations they hold so that no two tokens overlap. */
function commentTokens(analysis: Analysis, stretch?: Stretch): Classified[] {
  const result: Classified[] = [];
  // Annotations are read from comments and kept in the same order: one pass over both, not every
  // annotation for every comment (a preamble of thousands of `// @x` lines).
  const { annotations } = analysis.file;
  const comments = stretch
    ? analysis.file.comments.slice(
        firstEndingAfter(analysis.file.comments, stretch.start, (comment) => comment.span.end),
      )
    : analysis.file.comments;
  let next = stretch
    ? firstEndingAfter(annotations, stretch.start, (annotation) => annotation.span.end)
    : 0;
  for (const { span } of comments) {
    if (stretch && span.start >= stretch.end) break;
    let cursor = span.start;
    while (next < annotations.length && (annotations[next] as Annotation).span.start < span.start)
      next++;
    for (; next < annotations.length; next++) {
      const annotation = annotations[next] as Annotation;
      if (annotation.span.start >= span.end || annotation.span.end > span.end) break;
      if (annotation.nameSpan.start > cursor)
        result.push({ span: { start: cursor, end: annotation.nameSpan.start }, type: 'comment' });
      result.push({ span: annotation.nameSpan, type: 'decorator' });
      cursor = annotation.nameSpan.end;
    }
    if (span.end > cursor) result.push({ span: { start: cursor, end: span.end }, type: 'comment' });
  }
  return result;
}

/** The length of `text[from, to)` without the line breaks it ends with. */
function lengthWithoutBreaks(text: DocumentText, from: number, to: number): number {
  let end = to;
  while (end > from) {
    const code = text.charCodeAt(end - 1);
    if (code !== 10 /* \n */ && code !== 13 /* \r */) break;
    end--;
  }
  return end - from;
}

/**
 * The comments' tokens and the rules' tokens in document order: each list is in order already, so
 * they are merged (comments first at the same start) rather than gathered into one array of
 * every token of the file and sorted, which held millions of objects at once on a large file.
 */
function* inOrder(analysis: Analysis, stretch?: Stretch): Generator<Classified> {
  const comments = commentTokens(analysis, stretch);
  let next = 0;
  for (const rule of rulesIn(analysis, stretch)) {
    for (const token of ruleTokens(analysis, rule)) {
      while (
        next < comments.length &&
        (comments[next] as Classified).span.start <= token.span.start
      )
        yield comments[next++] as Classified;
      yield token;
    }
  }
  while (next < comments.length) yield comments[next++] as Classified;
}

/**
 * The tokens of the document, or of the rules and comments that have some text in `stretch` (a
 * range request: the editor's viewport of a large file, colored before the whole file's tokens
 * are made and sent; LSP lets a server answer for more than the range).
 */
export function semanticTokens(analysis: Analysis, stretch?: Stretch): SemanticTokens {
  const { text } = analysis;
  const builder = new SemanticTokensBuilder();
  let lastEnd = 0;
  for (const { span, type, modifiers = [] } of inOrder(analysis, stretch)) {
    // Defensive: the parser's tokens never overlap comments, but a token that would is dropped
    // rather than sent, since overlapping tokens make clients discard the whole response.
    if (span.start < lastEnd || span.end <= span.start) continue;
    lastEnd = span.end;
    const typeIndex = SEMANTIC_TOKEN_TYPES.indexOf(type);
    const modifierBits = modifiers.reduce(
      (bits, modifier) => bits | (1 << SEMANTIC_TOKEN_MODIFIERS.indexOf(modifier)),
      0,
    );
    const start = analysis.lines.positionAt(span.start);
    const end = analysis.lines.positionAt(span.end);
    // A phrase over several lines becomes one token per line, line breaks left out.
    for (let line = start.line; line <= end.line; line++) {
      const from =
        line === start.line ? span.start : analysis.lines.offsetAt({ line, character: 0 });
      const to =
        line === end.line ? span.end : analysis.lines.offsetAt({ line: line + 1, character: 0 });
      const length = lengthWithoutBreaks(text, from, to);
      if (length === 0) continue;
      const character = line === start.line ? start.character : 0;
      builder.push(line, character, length, typeIndex, modifierBits);
    }
  }
  return builder.build();
}
