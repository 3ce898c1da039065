// A straightforward evaluation of queries (spec §5) for the matcher's property test: no
// compilation, no caches, no early exit; every occurrence of every leaf is listed from the text
// analysed afresh, and the tree is walked as the spec reads. Slow, and meant to be obviously
// right rather than fast. It knows the fields the generated queries use, and refuses others.
import type {
  FieldNode,
  PhraseNode,
  ProximityNode,
  QueryNode,
  TermNode,
} from '../../../../core/query/ast';
import type { MatchableDocument } from '../../../../core/query/document';
import { editDistance } from '../../../../core/query/editDistance';
import { wildcardPattern } from '../../../../core/query/match/wildcard';
import { analyzeText, normalizeWord, tokenize } from '../../../../core/query/normalize';

type Field = 'title' | 'content';

interface Occurrence {
  readonly field: Field;
  readonly start: number;
  readonly end: number;
  readonly raw: boolean;
}

function isWordCharacter(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function rawOccurs(text: string, needle: string, caseSensitive: boolean): boolean {
  const haystack = caseSensitive ? text : text.toLowerCase();
  const target = caseSensitive ? needle : needle.toLowerCase();
  if (target === '') return false;
  for (let at = 0; at + target.length <= haystack.length; at++) {
    if (
      haystack.startsWith(target, at) &&
      !isWordCharacter(haystack[at - 1]) &&
      !isWordCharacter(haystack[at + target.length])
    )
      return true;
  }
  return false;
}

/** `"a b"~N`: from each word of the phrase, each phrase word takes the first free equal word. */
function withinOccurrences(words: readonly string[], wanted: readonly string[], slack: number) {
  const found: [number, number][] = [];
  for (let start = 0; start < words.length; start++) {
    if (!wanted.includes(words[start] ?? '')) continue;
    const end = Math.min(words.length - 1, start + wanted.length + slack - 1);
    const taken: number[] = [];
    for (const word of wanted) {
      for (let index = start; index <= end; index++) {
        if (words[index] === word && !taken.includes(index)) {
          taken.push(index);
          break;
        }
      }
    }
    if (wanted.length > 0 && taken.length === wanted.length)
      found.push([start, Math.max(...taken)]);
  }
  return found;
}

function occurrencesIn(
  node: TermNode | PhraseNode,
  document: MatchableDocument,
  field: Field,
): Occurrence[] {
  const at = (start: number, end: number): Occurrence => ({ field, start, end, raw: false });
  if (node.exact !== 'none')
    return rawOccurs(document[field] ?? '', node.text, node.exact === 'exact-case')
      ? [{ field, start: 0, end: 0, raw: true }]
      : [];
  const words = analyzeText(document[field] ?? '').words;
  if (node.kind === 'term' && node.shape.form === 'wildcard') {
    const pattern = wildcardPattern(normalizeWord(node.text));
    return words.flatMap((word, index) => (pattern.test(word) ? [at(index, index)] : []));
  }
  if (node.kind === 'term' && node.shape.form === 'fuzzy') {
    const target = normalizeWord(node.text);
    const edits = node.shape.edits;
    return words.flatMap((word, index) =>
      editDistance(word, target, edits) <= edits ? [at(index, index)] : [],
    );
  }
  const wanted = tokenize(node.text);
  if (node.kind === 'phrase' && node.proximity !== undefined)
    return withinOccurrences(words, wanted, node.proximity).map(([start, end]) => at(start, end));
  const found: Occurrence[] = [];
  for (let start = 0; wanted.length > 0 && start + wanted.length <= words.length; start++) {
    if (wanted.every((word, offset) => words[start + offset] === word))
      found.push(at(start, start + wanted.length - 1));
  }
  const compound =
    (node.kind === 'term' && node.shape.form === 'compound') ||
    (node.kind === 'phrase' && node.compound === true);
  if (compound) {
    const target = wanted.join('').replace(/-/g, '');
    for (let start = 0; start < words.length; start++) {
      let joined = '';
      for (let end = start; end < words.length && joined.length < target.length; end++) {
        joined += (words[end] ?? '').replace(/-/g, '');
        if (joined === target) found.push(at(start, end));
      }
    }
  }
  return found;
}

function occurrences(
  node: QueryNode,
  document: MatchableDocument,
  fields: readonly Field[] = ['title', 'content'],
): Occurrence[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return fields.flatMap((field) => occurrencesIn(node, document, field));
    case 'group':
      return node.expression ? occurrences(node.expression, document, fields) : [];
    case 'or':
      return node.operands.flatMap((operand) => occurrences(operand, document, fields));
    default:
      return [];
  }
}

function sentenceOf(document: MatchableDocument, field: Field, index: number): number | undefined {
  return analyzeText(document[field] ?? '').sentences[index];
}

function proximity(node: ProximityNode, document: MatchableDocument): boolean {
  const left = occurrences(node.left, document);
  const right = occurrences(node.right, document);
  return left.some((a) =>
    right.some((b) => {
      if (a.field !== b.field || a.raw || b.raw) return false;
      const aFirst = a.end < b.start;
      if (!aFirst && !(b.end < a.start)) return false;
      if (node.ordered && !aFirst) return false;
      if (node.distance === null)
        return (
          sentenceOf(document, a.field, a.start) === sentenceOf(document, a.field, b.end) &&
          sentenceOf(document, a.field, b.start) === sentenceOf(document, a.field, a.end)
        );
      return (aFirst ? b.start - a.end - 1 : a.start - b.end - 1) <= node.distance;
    }),
  );
}

function keyword(value: string, candidate: string | undefined): boolean {
  return candidate !== undefined && normalizeWord(candidate) === normalizeWord(value);
}

function field(node: FieldNode, document: MatchableDocument): boolean {
  const value = node.value;
  if (!value) return false;
  if (value.kind === 'comparison') {
    if (node.name !== 'engagement' && node.name !== 'published')
      throw new Error(`the reference does not know ${node.name}`);
    const actual = document[node.name];
    if (actual === undefined) return false;
    const bound = value.value;
    return {
      '>': actual > bound,
      '>=': actual >= bound,
      '<': actual < bound,
      '<=': actual <= bound,
    }[value.operator];
  }
  const text = value.text;
  switch (node.name) {
    case 'title':
    case 'content':
      return occurrences(value, document, [node.name]).length > 0;
    case 'lang':
      return keyword(text, document.lang || 'en');
    case 'sourcetype':
      return (document.source_type ?? []).some(
        (type) =>
          type.toUpperCase() === text.toUpperCase() ||
          type.toUpperCase().startsWith(`${text.toUpperCase()}_`),
      );
    case 'sentiment': {
      const sentiment = document.sentiment;
      if (sentiment === undefined) return false;
      const sign = { positive: 1, neutral: 0, negative: -1 }[text.toLowerCase()];
      return sign !== undefined && Math.sign(sentiment) === sign;
    }
    case 'is':
      return (document.flags ?? []).some((flag) => keyword(text, flag));
    case 'tag':
      return (document.tags_internal ?? []).some((tag) => keyword(text, tag));
    case 'gender':
      return keyword(text, document.extra_author_attributes?.gender);
    default:
      throw new Error(`the reference does not know ${node.name}`);
  }
}

export function referenceMatches(query: QueryNode | null, document: MatchableDocument): boolean {
  if (!query) return false;
  switch (query.kind) {
    case 'term':
    case 'phrase':
      return occurrences(query, document).length > 0;
    case 'field':
      return field(query, document);
    case 'group':
      return referenceMatches(query.expression, document);
    case 'not':
      return !referenceMatches(query.operand, document);
    case 'and':
      return query.operands.every((operand) => referenceMatches(operand, document));
    case 'or':
      return query.operands.some((operand) => referenceMatches(operand, document));
    case 'proximity':
      return proximity(query, document);
    case 'error':
      return false;
  }
}

/** The word indices of each field that a positive part of the query matched (not under NOT). */
export function referenceMarked(
  query: QueryNode | null,
  document: MatchableDocument,
): Record<Field, number[]> {
  const marked: Record<Field, Set<number>> = { title: new Set(), content: new Set() };
  const visit = (node: QueryNode | null): void => {
    if (!node) return;
    const mark = (found: readonly Occurrence[]) => {
      for (const occurrence of found) {
        if (occurrence.raw) continue;
        for (let index = occurrence.start; index <= occurrence.end; index++)
          marked[occurrence.field].add(index);
      }
    };
    if (node.kind === 'term' || node.kind === 'phrase') mark(occurrences(node, document));
    else if (node.kind === 'field' && (node.name === 'title' || node.name === 'content')) {
      if (node.value && node.value.kind !== 'comparison')
        mark(occurrences(node.value, document, [node.name]));
    } else if (node.kind === 'group') visit(node.expression);
    else if (node.kind === 'and' || node.kind === 'or') node.operands.forEach(visit);
    else if (node.kind === 'proximity' && proximity(node, document)) {
      visit(node.left);
      visit(node.right);
    }
  };
  visit(query);
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return { title: sorted(marked.title), content: sorted(marked.content) };
}
