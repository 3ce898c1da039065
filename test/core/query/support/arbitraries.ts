// fast-check generators for the property tests: well-formed queries over a small vocabulary (so
// random documents match them often enough to tell queries apart), written with random spacing,
// line breaks and comments; files of such rules; documents over the same words; queries over
// the operand limit; and text biased towards the grammar's tricky characters.
import fc from 'fast-check';
import type { MatchableDocument } from '../../../../core/query/document';
import { countOperands } from '../../../../core/query/operands';
import { parseQuery } from '../../../../core/query/parser';

function operandCount(text: string): number {
  return countOperands(parseQuery(text).query);
}

export const WORDS = ['acme', 'rocket', 'anvil', 'magnet', 'coyote', 'road', 'and', 'or'] as const;

const word = fc.constantFrom(...WORDS);
/** Words that are never operators, for places where `or` would not be a word (`or~1` is fine). */
const plainWord = fc.constantFrom('acme', 'rocket', 'anvil', 'magnet', 'coyote', 'road');

/** A query as the tokens it is written with; a token never holds white space outside a phrase. */
type Tokens = readonly string[];

/** What may stand beside a proximity operator: a word, a phrase or a wildcard. */
const proximityLeaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: plainWord },
  { weight: 1, arbitrary: fc.tuple(plainWord, plainWord).map(([a, b]) => `"${a} ${b}"`) },
  { weight: 1, arbitrary: plainWord.map((w) => `${w.slice(0, 3)}*`) },
);

const leaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 2, arbitrary: fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(plainWord, plainWord, fc.integer({ min: 0, max: 3 }))
      .map(([a, b, n]) => `"${a} ${b}"~${n}`),
  },
  { weight: 1, arbitrary: plainWord.map((w) => `${w.slice(0, 3)}*`) },
  { weight: 1, arbitrary: plainWord.map((w) => `${w.slice(0, 2)}?${w.slice(3)}`) },
  { weight: 1, arbitrary: plainWord.map((w) => `${w.slice(0, -1)}x~1`) },
  { weight: 1, arbitrary: fc.constantFrom('+acme', '++"Acme rocket"', '+"road runner"') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'lang:en',
      'lang:fr',
      'sourcetype:BLOG',
      'sourcetype:ONLINENEWS',
      'sentiment:positive',
      'sentiment:negative',
      'title:acme',
      'content:"anvil magnet"',
    ),
  },
);

const orGroupOfLeaves = fc
  .array(proximityLeaf, { minLength: 2, maxLength: 3 })
  .map((parts): Tokens => [
    '(',
    ...parts.flatMap((part, index) => (index ? ['OR', part] : [part])),
    ')',
  ]);

const proximity: fc.Arbitrary<Tokens> = fc
  .tuple(
    fc.oneof(
      proximityLeaf.map((part): Tokens => [part]),
      orGroupOfLeaves,
    ),
    fc.constantFrom('NEAR/0', 'NEAR/2', 'ONEAR/3', 'NEAR', 'SENTENCE', 'OSENTENCE'),
    fc.oneof(
      proximityLeaf.map((part): Tokens => [part]),
      orGroupOfLeaves,
    ),
  )
  .map(([left, operator, right]) => [...left, operator, ...right]);

function joined(parts: readonly Tokens[], operator: () => string | null): Tokens {
  return parts.flatMap((part, index) => {
    const written = index === 0 ? null : operator();
    return written ? [written, ...part] : [...part];
  });
}

/** A well-formed query tree, as tokens: every construct of the grammar, nested. */
export const queryTokens: fc.Arbitrary<Tokens> = fc.letrec<{ node: Tokens }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf.map((part): Tokens => [part]) },
    { weight: 1, arbitrary: proximity },
    {
      weight: 2,
      arbitrary: fc
        .array(tie('node'), { minLength: 2, maxLength: 4 })
        .map((parts): Tokens => ['(', ...joined(parts, () => 'OR'), ')']),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(tie('node'), { minLength: 2, maxLength: 3 }), fc.boolean())
        .map(([parts, explicit]) => joined(parts, () => (explicit ? 'AND' : null))),
    },
    {
      weight: 1,
      arbitrary: tie('node').map((inner): Tokens => ['NOT', '(', ...inner, ')']),
    },
    { weight: 1, arbitrary: leaf.map((part): Tokens => [`-${part}`]) },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('node'), { minLength: 1, maxLength: 3 })
        .map((parts): Tokens => ['-(', ...joined(parts, () => 'OR'), ')']),
    },
  ),
})).node;

/** White space between two tokens, sometimes with a comment. */
const separator: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constant(' ') },
  { weight: 2, arbitrary: fc.constantFrom('  ', '\t', '\n', ' \n   ', '\n\n') },
  { weight: 1, arbitrary: fc.constantFrom(' // note\n', '  //x\n  ', ' //\n') },
  { weight: 1, arbitrary: fc.constantFrom('\n// above\n', '\n\n// para\n\n', '\n   // deep\n') },
);

/** White space only. */
const blanks: fc.Arbitrary<string> = fc.constantFrom(' ', ' ', '  ', '\t', '\n', ' \n   ', '\n\n');

/** Tokens written with random separators. */
function written(tokens: Tokens, between: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .array(between, { minLength: tokens.length, maxLength: tokens.length })
    .map((separators) =>
      tokens
        .map((token, index) => (index === 0 ? '' : (separators[index] ?? ' ')) + token)
        .join(''),
    );
}

function canonical(tokens: Tokens): string {
  return tokens.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}

/** A well-formed query in canonical one-line spacing. */
export const query: fc.Arbitrary<string> = queryTokens.map(canonical);

/** A well-formed query written untidily: odd spacing, line breaks, comments. */
export const messyQuery: fc.Arbitrary<string> = queryTokens.chain((tokens) =>
  written(tokens, separator),
);

/** The same query twice: in canonical spacing, and with random white space (no comments). */
export const respacedQuery: fc.Arbitrary<[string, string]> = queryTokens.chain((tokens) =>
  fc.tuple(fc.constant(canonical(tokens)), written(tokens, blanks)),
);

/** A query that does not parse: an open group, a missing operand, an open phrase. */
const broken: fc.Arbitrary<string> = fc.constantFrom(
  '(acme   OR  anvil',
  'acme  AND',
  'OR   road',
  '"open phrase  acme',
  'acme NEAR/3  lang:en',
  '( )',
);

const header: fc.Arbitrary<(id: string) => string> = fc.constantFrom(
  (id: string) => `### ${id}`,
  (id: string) => `###    ${id}   `,
  (id: string) => `  ### ${id} // about ${id}`,
  (id: string) => `###${id}`,
);

const blankLines = fc.constantFrom('', '\n', '\n\n\n');
const commentBlock = fc.constantFrom('', '// c1\n', '// c1\n// c2\n', '\n// section\n');

/** A `.mmq` file of several rules written untidily, with `\n` or `\r\n` line breaks. */
export const messyFile: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '// @stream s1\n', '// @stream s1\n\n// @project p1\n\n'),
    fc.array(
      fc.record({
        header,
        before: commentBlock,
        query: fc.oneof({ weight: 5, arbitrary: messyQuery }, { weight: 1, arbitrary: broken }),
        after: commentBlock,
        gap: blankLines,
      }),
      { minLength: 1, maxLength: 4 },
    ),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([preamble, rules, lineBreak]) =>
    (
      preamble +
      rules
        .map(
          (rule, index) =>
            `${rule.header(`r${index}`)}\n${rule.before}${rule.query}\n${rule.after}${rule.gap}`,
        )
        .join('')
    ).replace(/\r?\n/g, lineBreak),
  );

/** A file without headers: annotations, then one query. */
export const messyHeaderlessFile: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('', '// @stream s1\n', '\n// @stream s1\n\n'), messyQuery, commentBlock)
  .map(([preamble, body, after]) => `${preamble}${body}\n${after}`);

// ---- Documents ----

/** Words for queries over the operand limit: many distinct ones, so chunks differ. */
export const MANY = Array.from({ length: 150 }, (_, index) => `t${index}`);

const documentWord = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 1, arbitrary: fc.constantFrom('Acme', 'ACME', '.', 'acmx', 'rocke', 'road-runner') },
  { weight: 3, arbitrary: fc.constantFrom(...MANY) },
);

export const document: fc.Arbitrary<MatchableDocument> = fc.record({
  title: fc.array(documentWord, { maxLength: 6 }).map((words) => words.join(' ')),
  content: fc.array(documentWord, { maxLength: 24 }).map((words) => words.join(' ')),
  lang: fc.constantFrom('en', 'fr', ''),
  source_type: fc.constantFrom(['BLOG'], ['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'], []),
  sentiment: fc.integer({ min: -3, max: 3 }),
});

export const documents = fc.array(document, { minLength: 40, maxLength: 40 });

// ---- Queries over the operand limit ----

const manyWord = fc.constantFrom(...MANY);
const manyLeaf = fc.oneof(
  { weight: 6, arbitrary: manyWord },
  { weight: 1, arbitrary: fc.tuple(manyWord, manyWord).map(([a, b]) => `"${a} ${b}"`) },
  { weight: 1, arbitrary: fc.tuple(manyWord, manyWord).map(([a, b]) => `(${a} AND ${b})`) },
);
const bigOr = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(manyLeaf, { minLength: min, maxLength: max }).map((parts) => parts.join(' OR '));

/** An OR of many operands, some of them groups that alone exceed the limit. */
export const largeOrQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: manyLeaf },
      { weight: 1, arbitrary: bigOr(2, 8).map((inner) => `(${inner})`) },
      { weight: 1, arbitrary: bigOr(51, 70).map((inner) => `(${inner})`) },
    ),
    { minLength: 20, maxLength: 120 },
  )
  .map((parts) => parts.join(' OR '))
  .filter((text) => operandCount(text) > 50);

/** `prefix AND (big OR) -exclusion`: splitting must repeat the prefix and the exclusion. */
export const distributedQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(leaf, { minLength: 1, maxLength: 4 }),
    bigOr(50, 120),
    fc.constantFrom('', ' -rocket', ' AND NOT (anvil OR magnet)', ' -lang:fr'),
    fc.boolean(),
  )
  .map(
    ([prefix, big, exclusion, explicit]) =>
      `${prefix.join(explicit ? ' AND ' : ' ')} AND (${big})${exclusion}`,
  );

/** Two ORed groups ANDed, small enough to divide: both may need dividing. */
export const productQuery: fc.Arbitrary<string> = fc
  .tuple(bigOr(10, 60), bigOr(10, 60), plainWord)
  .filter(([a, b]) => operandCount(a) + operandCount(b) > 50)
  .map(([a, b, extra]) => `(${a}) AND (${b}) AND NOT ${extra}`);

/** A proximity to a large OR-group, inside an OR. */
export const proximityQuery: fc.Arbitrary<string> = fc
  .tuple(
    plainWord,
    fc.integer({ min: 0, max: 4 }),
    fc.array(manyWord, { minLength: 50, maxLength: 90 }),
  )
  .map(
    ([anchor, distance, group]) => `coyote OR ${anchor} NEAR/${distance} (${group.join(' OR ')})`,
  );

/** Any of the above, some of which cannot be split (a large negation, a long AND). */
export const overLimitQuery: fc.Arbitrary<string> = fc.oneof(
  largeOrQuery,
  distributedQuery,
  productQuery,
  proximityQuery,
  bigOr(51, 70).map((inner) => `acme AND NOT (${inner})`),
  fc.array(manyWord, { minLength: 51, maxLength: 60 }).map((parts) => parts.join(' ')),
);

// ---- Text for the never-throws properties ----

/** Text made of the grammar's pieces in any order: the parser's hardest input. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom(
      '(',
      ')',
      '"',
      '\\"',
      '\\',
      'AND',
      'OR',
      'NOT',
      'and',
      'NEAR/3',
      'NEAR/',
      'NEAR/999',
      'ONEAR',
      'SENTENCE',
      '-',
      '+',
      '++',
      'lang:',
      'field:',
      'title:"a',
      'url:http://x',
      'published:>1',
      'x:>=',
      ':',
      '//',
      '// c',
      '\n',
      '\r\n',
      '\r',
      '###',
      '### r',
      '###r',
      '// @stream s',
      '// @x',
      ' ',
      '\t',
      'acme',
      'a*',
      '*a',
      '?x',
      'x~1',
      'x~9',
      'y~',
      '"a b"~2',
      '"a b"~',
      '>=5',
      '@',
      '#',
      'é',
      '🚀',
      'マ',
      '\u0000',
      '\ud800',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

/** A line of generated, messy, broken, or arbitrary text: anything a user might have open. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
    .map((codes) => String.fromCharCode(...codes)),
  tokenSoup,
);
