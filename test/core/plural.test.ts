// A count and its noun, one helper for every message: "1 document", never "1 documents".
import assert from 'node:assert/strict';
import { counted, noun } from '../../core/plural';

describe('counted nouns', () => {
  it('one is singular; zero, many and fractions plural; thousands grouped', () => {
    assert.equal(counted(1, 'document'), '1 document');
    assert.equal(counted(0, 'document'), '0 documents');
    assert.equal(counted(2, 'document'), '2 documents');
    assert.equal(counted(2500, 'result'), '2,500 results');
    assert.equal(counted(1.5, 'day'), '1.5 days');
    assert.equal(counted(1, 'query', 'queries'), '1 query');
    assert.equal(counted(3, 'logo match', 'logo matches'), '3 logo matches');
    assert.equal(noun(1, 'credit'), 'credit');
  });

  it('writes every number as Intl.NumberFormat does in English', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    for (const count of [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -123_456_789,
      2 ** 53 - 1,
      2 ** 53,
      1e21,
      0.125,
      2.005,
      -1.5,
      NaN,
      Infinity,
      -Infinity,
    ])
      assert.equal(counted(count, 'x'), `${intl.format(count)} xs`, String(count));
  });
});
