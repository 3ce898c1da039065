import assert from 'node:assert/strict';
import { distribution, readTopN } from '../../../sandbox/analytics/distribution';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import { KeyIdColumn } from '../../../sandbox/analytics/keyIds';
import { numericHistogram } from '../../../sandbox/analytics/numericHistogram';
import type { ApiFailure } from '../../../sandbox/http/failure';

const request = { minInclude: true, maxInclude: false };

describe('numeric histograms', () => {
  it('buckets a metric by interval from min, counting the largest value, with statistics', () => {
    const result = numericHistogram({ ...request, interval: '10' }, [1, 5, 12, 29]);
    assert.deepEqual(
      result.data.map((bucket) => [bucket.k, bucket.v[0]]),
      [
        [1, 2],
        [11, 1],
        [21, 1],
      ],
    );
    assert.deepEqual(result.data[0]?.val?.[0], { count: 2, min: 1, max: 5, avg: 3, sum: 6 });
  });
  it('refuses more than 400 bins and a bad interval with code 5', () => {
    assert.throws(
      () => numericHistogram({ ...request, min: 0, max: 1000, interval: '2' }, [1]),
      (error: ApiFailure) => /500 bins/.test(error.message) && error.code === '5',
    );
    assert.throws(() => numericHistogram({ ...request, interval: '1.5' }, [1]), /whole number/);
  });
  it('honours min_include and max_include', () => {
    const values = [0, 10];
    const total = (minInclude: boolean, maxInclude: boolean) =>
      numericHistogram(
        { min: 0, max: 10, minInclude, maxInclude, interval: '5' },
        values,
      ).data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0);
    assert.equal(total(true, false), 1);
    assert.equal(total(false, true), 1);
    assert.equal(total(true, true), 2);
  });
});

describe('distributions', () => {
  // Tags stand in for any keyed field; documents are numbered by their position, as in a store.
  const tagged = (...lists: string[][]) => {
    const documents: AnalyticsDocument[] = lists.map((tags) => ({ tags_internal: tags }));
    return {
      numbers: documents.map((_, number) => number),
      column: (read = (document: AnalyticsDocument) => document.tags_internal ?? []) =>
        new KeyIdColumn((number) => read(documents[number]!)),
    };
  };
  it('ranks keys by documents, counts a document once per key, cuts to top_n, and reports total_hits', () => {
    const { numbers, column } = tagged(['en', 'en'], ['de'], ['en'], []);
    const result = distribution(numbers, column(), { topN: 1 });
    assert.deepEqual(result.data, [{ ks: 'en', v: [2] }]);
    assert.equal(result.total_hits, 4);
  });
  it('ties rank by key, and a key the column met before but absent now is not a bucket', () => {
    const { column } = tagged(['zz'], ['b', 'a'], ['c']);
    const keys = column();
    distribution([0], keys, { topN: 10 });
    const result = distribution([1, 2], keys, { topN: 10 });
    assert.deepEqual(
      result.data.map((bucket) => bucket.ks),
      ['a', 'b', 'c'],
    );
  });
  it('counts documents numbered beyond what the column has seen so far', () => {
    const lists = Array.from({ length: 5000 }, (_, index) => [index % 2 ? 'odd' : 'even']);
    const { numbers, column } = tagged(...lists);
    assert.deepEqual(distribution(numbers.slice(4000), column(), { topN: 10 }).data, [
      { ks: 'even', v: [500] },
      { ks: 'odd', v: [500] },
    ]);
  });
  it('keeps a fixed order with zero buckets when asked (sentiment)', () => {
    const { numbers, column } = tagged(['en', 'en'], ['de'], ['en'], []);
    const result = distribution(
      numbers,
      column((document) =>
        (document.tags_internal ?? [])
          .slice(0, 1)
          .map((tag) => (tag === 'en' ? 'POSITIVE' : 'NEGATIVE')),
      ),
      { topN: 10, order: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] },
    );
    assert.deepEqual(
      result.data.map((bucket) => [bucket.ks, bucket.v[0]]),
      [
        ['POSITIVE', 2],
        ['NEUTRAL', 0],
        ['NEGATIVE', 1],
      ],
    );
  });
  it('reads top_n within ]0, 100]', () => {
    assert.equal(readTopN(undefined), 10);
    assert.equal(readTopN('100'), 100);
    for (const bad of ['0', '101', '2.5', 'ten']) assert.throws(() => readTopN(bad), /top_n/);
  });
});
