// Analysis, formatting and parsing cost in proportion to the input, for every shape of input:
// what they allocate (garbage included) grows about tenfold from 1 KB to 10 KB to 100 KB of text
// of one generated shape. Measured in bytes allocated, not time, so that a loaded machine cannot
// make the tests flaky; a quadratic cost (a fix or a message as long as the query at every
// operand) shows as a hundredfold growth.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeText, analyzeQuery, queryLengthError } from '../../../core/query/analysis';
import { formatFile } from '../../../core/query/formatter';
import { NESTING_LIMIT, parseQuery } from '../../../core/query/parser';
import { allocatedBytes } from '../../support/allocation';
import type { QueryDiagnostic } from '../../../core/query/diagnostic';
import { anyText, messyQuery } from './support/arbitraries';

const SIZES = [1_000, 10_000, 100_000] as const;
/** A tenfold input may cost at most this many times as much (10 for a linear cost). */
const MAX_GROWTH = 20;

/** `unit(i)` repeated, i = 0, 1, …, until the text is at least `bytes` long. */
function repeated(bytes: number, unit: (index: number) => string, separator = ' '): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index++) {
    const part = unit(index);
    parts.push(part);
    length += part.length + separator.length;
  }
  return parts.join(separator);
}

const word = fc.constantFrom(
  'acme',
  'rocket',
  'anvil',
  'a',
  'b',
  'lang:en',
  '"giant magnet"',
  'and',
);
const operator = fc.constantFrom(' OR ', ' AND ', ' ', ' ', ' NEAR/3 ', ' -', ' NOT ');

/** A short query pattern of words and operators, repeated to make a long line. */
const linePattern = fc
  .array(fc.tuple(word, operator), { minLength: 1, maxLength: 8 })
  .map((pairs) => pairs.map(([w, op]) => w + op).join(''));

interface Shape {
  readonly name: string;
  /** A generated text of about `bytes` characters, one per size of the same shape. */
  readonly text: fc.Arbitrary<(bytes: number) => string>;
}

const SHAPES: readonly Shape[] = [
  {
    name: 'flat OR lists',
    text: word.map((w) => (bytes) => repeated(bytes, (i) => `${w}${i % 7}`, ' OR ')),
  },
  {
    name: 'implicit AND mixed with OR at every operand',
    text: fc
      .constantFrom('a OR b', 'a OR b c', 'a b OR c d', 'acme rocket OR anvil acme')
      .map((unit) => (bytes) => repeated(bytes, () => unit)),
  },
  {
    name: 'long single lines of generated patterns',
    text: linePattern.map((pattern) => (bytes) => `${repeated(bytes, () => pattern, '')}acme`),
  },
  {
    name: 'nesting up to the limit',
    text: fc
      .tuple(fc.integer({ min: 1, max: NESTING_LIMIT }), fc.constantFrom('(', 'NOT (', '-('))
      .map(
        ([depth, open]) =>
          (bytes) =>
            repeated(
              bytes,
              (i) => `${open.repeat(depth)}a${i % 5} OR b c${')'.repeat(depth)}`,
              ' OR ',
            ),
      ),
  },
  {
    name: 'nesting far past the limit',
    text: fc
      .constantFrom('(', 'NOT ', '-', 'a NEAR ', '-(NOT ', '+')
      .map((open) => (bytes) => `${repeated(bytes, () => open, '')}b`),
  },
  {
    name: 'many rules with comments',
    text: linePattern.map(
      (pattern) => (bytes) =>
        repeated(
          bytes,
          (i) => `### r${i % 50} // rule ${i}\n// above\n${pattern}acme // end\n`,
          '\n',
        ),
    ),
  },
];

/** Allocation at each size, for the same generated shape. */
function growth(make: (bytes: number) => string, task: (text: string) => unknown): number[] {
  const texts = SIZES.map((bytes) => make(bytes));
  task(texts[0] as string); // warm-up: lazily built tables and compiled code are not input-bound
  return texts.map((text) => allocatedBytes(() => task(text)));
}

function assertLinear(bytes: readonly number[], what: string): void {
  for (let index = 1; index < bytes.length; index++) {
    const ratio = (bytes[index] as number) / Math.max(1, bytes[index - 1] as number);
    assert.ok(
      ratio <= MAX_GROWTH,
      `${what}: ${SIZES[index - 1]} → ${SIZES[index]} characters allocated ${bytes.join(' → ')} bytes (${ratio.toFixed(1)}×)`,
    );
  }
}

/** What the language server and `mmq lint` do: parse, analyse, read every message. */
function analyse(text: string): number {
  const { diagnostics } = analyzeText(text, 'x.mmq');
  return diagnostics.reduce((sum, diagnostic) => sum + diagnostic.message.length, 0);
}

describe('cost in proportion to the input', function () {
  this.timeout(120_000);

  for (const shape of SHAPES) {
    it(`analysis allocates in proportion: ${shape.name}`, () => {
      fc.assert(
        fc.property(shape.text, (make) => {
          assertLinear(growth(make, analyse), shape.name);
        }),
        { numRuns: 2 },
      );
    });
  }

  it('formatting allocates in proportion too', () => {
    for (const shape of SHAPES) {
      fc.assert(
        fc.property(shape.text, (make) => {
          assertLinear(
            growth(make, (text) => formatFile(text, 'x.mmq')),
            shape.name,
          );
        }),
        { numRuns: 1 },
      );
    }
  });

  it('a fix costs what its list holds, whichever diagnostic it is asked for', () => {
    const fixBytes = SIZES.map((bytes) => {
      const text = repeated(bytes, () => 'a OR b c');
      const diagnostics = analyzeText(text, 'x.mmq').diagnostics;
      const mixed = diagnostics.find((diagnostic) => diagnostic.code === 'mixed-and-or');
      assert.ok(mixed);
      mixed.fixes(); // warm-up
      // The heap profiler samples every 8 KB on average: a small input's one fix would be a few
      // samples, so it is asked for as many times as it takes to weigh what the largest one does.
      const repeats = SIZES[2] / bytes;
      return (
        allocatedBytes(() => {
          for (let repeat = 0; repeat < repeats; repeat++) mixed.fixes();
        }) / repeats
      );
    });
    assertLinear(fixBytes, 'one mixed-and-or fix');
  });
});

describe('the parser on hostile input', function () {
  this.timeout(60_000);

  /** Deep nesting of every kind, in any mix, and long lines around it. */
  const hostile = fc
    .tuple(
      fc.array(fc.constantFrom('(', 'NOT ', '-', 'a NEAR ', '+', '"', ')', 'a ', 'OR '), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.integer({ min: 100, max: 20_000 }),
    )
    .map(
      ([pattern, times]) =>
        `${Array.from({ length: times }, (_, i) => pattern[i % pattern.length]).join('')}b`,
    );

  it('never throws, stays within the nesting budget and allocates in proportion', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        let parsed: ReturnType<typeof parseQuery> | undefined;
        const bytes = allocatedBytes(() => (parsed = parseQuery(text)));
        assert.ok(parsed);
        assert.ok(
          parsed.issues.every((issue) => !issue.message.startsWith('internal')),
          text.slice(0, 40),
        );
        // About a kilobyte per character would be a quadratic cost at these lengths.
        assert.ok(bytes <= 2_000 * text.length + 1_000_000, `${bytes} bytes for ${text.length}`);
      }),
      { numRuns: 25 },
    );
  });
});

// queryLengthError says, without parsing, exactly what analyzeQuery says about a query's length:
// a caller that must refuse a long query before analysing it gives the same answer analysis would.
function said(diagnostic: QueryDiagnostic | null | undefined): unknown {
  return diagnostic ? { ...diagnostic, fixes: diagnostic.fixes() } : null;
}

/** Queries around 4,096 characters: pieces repeated with white space of any length. */
const nearTheLimit = fc
  .tuple(
    fc.oneof(messyQuery, anyText),
    fc.integer({ min: 1, max: 400 }),
    fc.constantFrom(' ', '   ', '\n\t', ''),
  )
  .map(
    ([piece, times, gap]) => `${gap}${Array.from({ length: times }, () => piece).join(gap)}${gap}`,
  );

describe('the length of a query, before analysis', () => {
  it('is refused by queryLengthError exactly when analyzeQuery finds length-limit, with its diagnostic', () => {
    fc.assert(
      fc.property(nearTheLimit, (text) => {
        const analysed = analyzeQuery(text).find(
          (diagnostic) => diagnostic.code === 'length-limit',
        );
        assert.deepStrictEqual(said(queryLengthError(text)), said(analysed));
      }),
      { numRuns: 100 },
    );
  });

  it('spans the query from its first to its last non-blank character, an unclosed phrase too', () => {
    // Found by the property above: the escaped quote leaves the last phrase open to the end.
    const piece = '(NEAR/999\\"// c"title:"a';
    const text = ` ${Array.from({ length: 170 }, () => piece).join(' ')} `;
    const analysed = analyzeQuery(text).find((diagnostic) => diagnostic.code === 'length-limit');
    assert.deepStrictEqual(analysed?.span, { start: 1, end: text.trimEnd().length });
    assert.deepStrictEqual(said(queryLengthError(text)), said(analysed));
  });

  it('settles a short query at once and counts blank runs as one', () => {
    assert.equal(queryLengthError('acme OR rocket'), null);
    assert.equal(queryLengthError(`acme${' '.repeat(10_000)}rocket`), null);
    assert.match(queryLengthError('a '.repeat(2100))?.message ?? '', /^4199 characters/);
  });
});
