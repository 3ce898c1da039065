// Evaluates a query against a document (spec §5). The sandbox uses it to answer searches,
// streams and histograms; the property tests use it to prove that formatting and splitting never
// change what a query matches. A query is compiled once (cached per node) into a tree of tests,
// and a document's text is analysed once (cached per document, match/documentText.ts), so an
// evaluation is a few word lookups that stop at the first that decides.
import type { FieldNode, ProximityNode, QueryNode } from './ast';
import type { MatchableDocument } from './document';
import {
  ALL_FIELDS,
  FIELD_BIT,
  Subject,
  TEXT_FIELDS,
  textOf,
  type DocumentText,
  type NumberedTexts,
  type TextField,
} from './match/documentText';
import { fieldTest } from './match/fieldMatch';
import { compileLeaf, leafHits, leafOccurs, type Hit } from './match/leaf';
import type { AnalyzedText } from './normalize';

type Test = (subject: Subject) => boolean;

const never: Test = () => false;

const compiledQueries = new WeakMap<QueryNode, Test>();

/** Hits of a proximity operand: a term, a phrase, or an OR-group of them. */
function operandHits(node: QueryNode, subject: Subject, into: Hit[]): void {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      for (const hit of leafHits(compileLeaf(node), subject, TEXT_FIELDS)) into.push(hit);
      return;
    case 'group':
      if (node.expression) operandHits(node.expression, subject, into);
      return;
    case 'or':
      for (const operand of node.operands) operandHits(operand, subject, into);
      return;
    default:
      return;
  }
}

function near(node: ProximityNode, a: Hit, b: Hit, texts: DocumentText): boolean {
  if (a.field !== b.field || a.raw || b.raw) return false;
  const aFirst = a.end < b.start;
  const bFirst = b.end < a.start;
  if (!aFirst && !bFirst) return false;
  if (node.ordered && !aFirst) return false;
  if (node.distance === null) {
    const sentences = texts[a.field].sentences;
    return sentences[a.start] === sentences[b.end] && sentences[b.start] === sentences[a.end];
  }
  const gap = aFirst ? b.start - a.end - 1 : a.start - b.end - 1;
  return gap <= node.distance;
}

function proximityMatches(node: ProximityNode, subject: Subject): boolean {
  const left: Hit[] = [];
  operandHits(node.left, subject, left);
  if (left.length === 0) return false;
  const right: Hit[] = [];
  operandHits(node.right, subject, right);
  const texts = subject.text;
  return left.some((a) => right.some((b) => near(node, a, b, texts)));
}

function compileField(node: FieldNode): Test {
  const value = node.value;
  if (!value) return never;
  if ((node.name === 'title' || node.name === 'content') && value.kind !== 'comparison') {
    const leaf = compileLeaf(value);
    const bit = FIELD_BIT[node.name];
    return (subject) => leafOccurs(leaf, subject, bit);
  }
  const test = fieldTest(node.name, value);
  return (subject) => test(subject.document);
}

/** The word a node looks for if it is a plain word, the commonest operand of an OR: [] if not. */
function plainWord(node: QueryNode): string[] {
  if (node.kind !== 'term' && node.kind !== 'phrase') return [];
  const leaf = compileLeaf(node);
  return leaf.kind === 'words' && leaf.words.length === 1 && leaf.compound === null
    ? [leaf.words[0] as string]
    : [];
}

/** An OR of plain words in either field: one lookup each, in one loop. */
function anyWord(words: readonly string[]): Test {
  return (subject) => {
    const { fields } = subject.text;
    for (const word of words) if (fields.has(word)) return true;
    return false;
  };
}

function compile(query: QueryNode | null): Test {
  if (!query) return never;
  let test = compiledQueries.get(query);
  if (test) return test;
  switch (query.kind) {
    case 'term':
    case 'phrase': {
      const leaf = compileLeaf(query);
      test = (subject) => leafOccurs(leaf, subject, ALL_FIELDS);
      break;
    }
    case 'field':
      test = compileField(query);
      break;
    case 'group':
      test = compile(query.expression);
      break;
    case 'not': {
      const operand = compile(query.operand);
      test = (subject) => !operand(subject);
      break;
    }
    case 'and': {
      const operands = query.operands.map(compile);
      test = (subject) => {
        for (const operand of operands) if (!operand(subject)) return false;
        return true;
      };
      break;
    }
    case 'or': {
      const words = query.operands.flatMap(plainWord);
      const operands = query.operands.filter((operand) => !plainWord(operand).length).map(compile);
      if (words.length > 0) operands.unshift(anyWord(words));
      test = (subject) => {
        for (const operand of operands) if (operand(subject)) return true;
        return false;
      };
      break;
    }
    case 'proximity': {
      const node = query;
      test = (subject) => proximityMatches(node, subject);
      break;
    }
    case 'error':
      test = never;
      break;
  }
  compiledQueries.set(query, test);
  return test;
}

/** Whether `document` matches `query`. An empty query and an error node match nothing. */
export function matches(query: QueryNode | null, document: MatchableDocument): boolean {
  return compile(query)(new Subject(document));
}

/**
 * `matches` compiled once for many documents of a collection that keeps their analysed texts by
 * number (the sandbox's index): `(document, its number) => whether it matches`.
 */
export function numberedMatcher(
  query: QueryNode | null,
  texts: NumberedTexts,
): (document: MatchableDocument, number: number) => boolean {
  const test = compile(query);
  const subject = new Subject({}, texts);
  return (document, number) => {
    subject.moveTo(document, number);
    return test(subject);
  };
}

/** Word hits of the positive parts of a query (nothing under a NOT), for highlighting. */
function positiveHits(query: QueryNode | null, subject: Subject, into: Hit[]): void {
  if (!query) return;
  switch (query.kind) {
    case 'term':
    case 'phrase':
      for (const hit of leafHits(compileLeaf(query), subject, TEXT_FIELDS)) into.push(hit);
      return;
    case 'field':
      if (
        (query.name === 'title' || query.name === 'content') &&
        query.value &&
        query.value.kind !== 'comparison'
      ) {
        for (const hit of leafHits(compileLeaf(query.value), subject, [query.name])) into.push(hit);
      }
      return;
    case 'group':
      positiveHits(query.expression, subject, into);
      return;
    case 'and':
    case 'or':
      for (const operand of query.operands) positiveHits(operand, subject, into);
      return;
    case 'proximity':
      if (proximityMatches(query, subject)) {
        positiveHits(query.left, subject, into);
        positiveHits(query.right, subject, into);
      }
      return;
    default:
      return;
  }
}

/** The indices of the words of each text field that a positive part of any query matched. */
function markedWords(
  queries: readonly (QueryNode | null)[],
  document: MatchableDocument,
): Record<TextField, Set<number>> {
  const subject = new Subject(document);
  const hits: Hit[] = [];
  for (const query of queries) positiveHits(query, subject, hits);
  const marked: Record<TextField, Set<number>> = { title: new Set(), content: new Set() };
  for (const hit of hits) {
    if (hit.raw) continue;
    for (let index = hit.start; index <= hit.end; index++) marked[hit.field].add(index);
  }
  return marked;
}

/**
 * The words `highlight` would wrap, as offset ranges into the document's `title` and `content`
 * (in text order): for callers that mark the text themselves rather than parse `<b>` back out.
 */
export function matchedWordSpans(
  query: QueryNode | null,
  document: MatchableDocument,
): Record<TextField, { start: number; end: number }[]> {
  const marked = markedWords([query], document);
  const texts = textOf(document);
  const spansOf = (field: TextField) =>
    [...marked[field]]
      .sort((a, b) => a - b)
      .map((index) => ({
        start: texts[field].starts[index] ?? 0,
        end: texts[field].ends[index] ?? 0,
      }));
  return { title: spansOf('title'), content: spansOf('content') };
}

function wrapWords(text: string, analysis: AnalyzedText, marked: ReadonlySet<number>): string {
  let output = '';
  let cursor = 0;
  for (const index of [...marked].sort((a, b) => a - b)) {
    const start = analysis.starts[index] ?? 0;
    const end = analysis.ends[index] ?? 0;
    output += `${text.slice(cursor, start)}<b>${text.slice(start, end)}</b>`;
    cursor = end;
  }
  return output + text.slice(cursor);
}

/**
 * `title_snippet` and `content_snippet` with every word matched by a positive part of any of the
 * queries wrapped in `<b>…</b>`. The document text is not escaped: whoever renders a snippet as
 * HTML must escape it first and then restore the `<b>` tags (webviews do).
 */
export function highlight(
  queries: readonly (QueryNode | null)[],
  document: MatchableDocument,
): { title_snippet: string; content_snippet: string } {
  const marked = markedWords(queries, document);
  const texts = textOf(document);
  return {
    title_snippet: wrapWords(document.title ?? '', texts.title, marked.title),
    content_snippet: wrapWords(document.content ?? '', texts.content, marked.content),
  };
}
