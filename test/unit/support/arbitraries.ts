// fast-check generators: well-formed queries over a small vocabulary (so random documents match
// them often enough to tell queries apart), documents over the same words, and token soup biased
// towards the grammar's tricky characters for the never-throws property.
import fc from 'fast-check';
import type { MatchableDocument } from '../../../core/query/document';

export const WORDS = [
  'acme',
  'rocket',
  'anvil',
  'magnet',
  'coyote',
  'road',
  'runner',
  'desert',
] as const;

const word = fc.constantFrom(...WORDS);

const leaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`) },
  { weight: 1, arbitrary: word.map((w) => `${w.slice(0, 3)}*`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'lang:en',
      'lang:fr',
      'sourcetype:BLOG',
      'sourcetype:ONLINENEWS',
      'sentiment:positive',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(word, fc.integer({ min: 0, max: 3 }), word)
      .map(([a, n, b]) => `${a} NEAR/${n} ${b}`),
  },
);

/** A query as text, built from a random tree, with explicit and implicit ANDs, NOTs and groups. */
export const query: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: leaf },
    {
      weight: 2,
      arbitrary: fc
        .array(tie('node'), { minLength: 2, maxLength: 4 })
        .map((parts) => `(${parts.join(' OR ')})`),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(tie('node'), { minLength: 2, maxLength: 3 })
        .map((parts) => parts.join(' AND ')),
    },
    { weight: 1, arbitrary: fc.tuple(tie('node'), tie('node')).map(([a, b]) => `${a} ${b}`) },
    { weight: 1, arbitrary: tie('node').map((inner) => `NOT (${inner})`) },
    { weight: 1, arbitrary: leaf.map((inner) => `-${inner.includes(' ') ? `(${inner})` : inner}`) },
  ),
})).node;

/** An OR of many leaves and small groups: over the operand limit, to be split. */
export const largeOrQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      leaf,
      fc.tuple(word, word).map(([a, b]) => `(${a} AND ${b})`),
    ),
    { minLength: 51, maxLength: 140 },
  )
  .map((parts) => parts.join(' OR '));

/** `prefix AND (big OR)`: splitting must distribute the prefix into every piece. */
export const distributedQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(leaf, { minLength: 1, maxLength: 4 }),
    fc.array(leaf, { minLength: 50, maxLength: 120 }),
  )
  .map(([prefix, big]) => `${prefix.join(' ')} AND (${big.join(' OR ')})`);

export const document: fc.Arbitrary<MatchableDocument> = fc.record({
  title: fc.array(word, { maxLength: 6 }).map((words) => words.join(' ')),
  content: fc
    .array(fc.oneof(word, fc.constant('.')), { maxLength: 20 })
    .map((words) => words.join(' ')),
  lang: fc.constantFrom('en', 'fr', ''),
  source_type: fc.constantFrom(['BLOG'], ['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'], []),
  sentiment: fc.integer({ min: -3, max: 3 }),
});

export const documents = fc.array(document, { minLength: 30, maxLength: 30 });

/** Text made of the grammar's pieces in any order: the parser's hardest input. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom(
      '(',
      ')',
      '"',
      '\\"',
      'AND',
      'OR',
      'NOT',
      'NEAR/3',
      'ONEAR',
      'SENTENCE',
      '-',
      '+',
      '++',
      'lang:',
      'url:http://x',
      ':',
      '//',
      '// c',
      '\n',
      '\r\n',
      '###',
      '### r',
      ' ',
      '\t',
      'acme',
      'a*',
      '?x',
      'x~1',
      'y~',
      '"a b"~2',
      '>=5',
      'published:>1',
      '@',
      '#',
      'é',
      '🚀',
      'マ',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));
