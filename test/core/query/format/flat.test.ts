// printFlat is the formatter's layout printed with no width and no comments, written as a loop
// that can stop early; these properties hold it to that definition.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { QueryNode } from '../../../../core/query/ast';
import { printDoc } from '../../../../core/query/format/doc';
import { printFlat } from '../../../../core/query/format/flat';
import { queryDoc } from '../../../../core/query/format/queryDoc';
import { parseQuery } from '../../../../core/query/parser';
import { anyText, messyQuery, query, tokenSoup } from '../support/arbitraries';

/** The formatter's own printing of a query on one line, without comments. */
function laidOut(node: QueryNode): string {
  const comments = { leading: new Map(), trailing: new Map(), after: [], blankBeforeFirst: false };
  return printDoc(queryDoc(node, comments, null), { width: Infinity, indent: '' });
}

describe('printFlat', () => {
  it('prints what the formatter prints with no width limit, for any tree the parser builds', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, tokenSoup, query, messyQuery), (text) => {
        const node = parseQuery(text).query;
        if (node) assert.equal(printFlat(node), laidOut(node), text);
      }),
      { numRuns: 1500 },
    );
  });

  it('with a limit, gives at least the first `limit` characters of the whole', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, tokenSoup, query), fc.nat(150), (text, limit) => {
        const node = parseQuery(text).query;
        if (!node) return;
        const whole = printFlat(node);
        const cut = printFlat(node, limit);
        if (whole.length <= limit) assert.equal(cut, whole);
        else {
          assert.ok(cut.length > limit);
          assert.equal(cut.slice(0, limit), whole.slice(0, limit));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('stops early on a long query: the work follows the limit, not the query', () => {
    const node = parseQuery(Array.from({ length: 50_000 }, (_, i) => `w${i}`).join(' OR ')).query!;
    assert.equal(printFlat(node, 20), 'w0 OR w1 OR w2 OR w3 OR');
  });
});
