// Builds leaf nodes from token text: the shape of a term, the parts of a phrase, the name and
// value of a field clause, the operator of a proximity token. Pure functions of the text.
import type {
  ComparisonOperator,
  Exactness,
  FieldNode,
  FieldValue,
  PhraseNode,
  ProximityNode,
  Span,
  TermForm,
  TermNode,
} from './ast';

const FUZZY = /^(.*[^~])~(\d*)$/s;

function termShape(word: string): { text: string; shape: TermForm } {
  const fuzzy = FUZZY.exec(word);
  if (fuzzy) {
    const [, text = '', digits = ''] = fuzzy;
    return digits === ''
      ? { text, shape: { form: 'compound' } }
      : { text, shape: { form: 'fuzzy', edits: Number(digits) } };
  }
  if (/[*?]/.test(word)) return { text: word, shape: { form: 'wildcard' } };
  return { text: word, shape: { form: 'word' } };
}

export function buildTerm(raw: string, span: Span, exact: Exactness): TermNode {
  const { text, shape } = termShape(raw);
  return { kind: 'term', span, raw, text, shape, exact };
}

const PHRASE = /^"((?:[^"\\]|\\[\s\S])*)("?)(?:~(\d*))?$/;

export function buildPhrase(raw: string, span: Span, exact: Exactness): PhraseNode {
  const match = PHRASE.exec(raw);
  const body = match?.[1] ?? raw.slice(1);
  const closed = (match?.[2] ?? '') === '"';
  const suffix = match?.[3];
  const text = body.replace(/\\([\s\S])/g, '$1');
  const node: PhraseNode = { kind: 'phrase', span, raw, text, exact, closed };
  if (suffix === undefined) return node;
  return suffix === '' ? { ...node, compound: true } : { ...node, proximity: Number(suffix) };
}

const COMPARISON = /^(>=|<=|>|<)(.*)$/s;

function buildValue(raw: string, span: Span): FieldValue {
  if (raw.startsWith('"')) return buildPhrase(raw, span, 'none');
  const comparison = COMPARISON.exec(raw);
  if (comparison) {
    const [, operator = '>', numberText = ''] = comparison;
    const value = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(numberText)
      ? Number(numberText)
      : NaN;
    return {
      kind: 'comparison',
      span,
      raw,
      operator: operator as ComparisonOperator,
      numberText,
      value,
    };
  }
  return buildTerm(raw, span, 'none');
}

/** `raw` is the whole `name:value` token text; `span` its place in the document. */
export function buildFieldClause(raw: string, span: Span): FieldNode {
  const colon = raw.indexOf(':');
  const name = raw.slice(0, colon);
  const valueRaw = raw.slice(colon + 1);
  const nameSpan = { start: span.start, end: span.start + colon };
  const value =
    valueRaw === '' ? null : buildValue(valueRaw, { start: span.start + colon + 1, end: span.end });
  return { kind: 'field', span, name, nameSpan, value };
}

type WrittenProximity = Pick<
  ProximityNode,
  'operator' | 'distance' | 'distanceWritten' | 'ordered'
>;

/** `NEAR` alone means `NEAR/15`. */
export const DEFAULT_NEAR_DISTANCE = 15;

export function proximityOf(image: string): WrittenProximity {
  const [word = 'NEAR', digits] = image.split('/');
  const operator =
    (['NEAR', 'ONEAR', 'SENTENCE', 'OSENTENCE'] as const).find((name) => name === word) ?? 'NEAR';
  const ordered = operator === 'ONEAR' || operator === 'OSENTENCE';
  if (operator === 'SENTENCE' || operator === 'OSENTENCE') {
    return { operator, distance: null, distanceWritten: false, ordered };
  }
  return digits === undefined
    ? { operator, distance: DEFAULT_NEAR_DISTANCE, distanceWritten: false, ordered }
    : { operator, distance: Number(digits), distanceWritten: true, ordered };
}
