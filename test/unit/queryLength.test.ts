// queryLengthError says, without parsing, exactly what analyzeQuery says about a query's length:
// a caller that must refuse a long query before analysing it gives the same answer analysis would.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeQuery, queryLengthError } from '../../core/query/analysis';
import type { QueryDiagnostic } from '../../core/query/diagnostic';
import { anyText, messyQuery } from './support/arbitraries';

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
