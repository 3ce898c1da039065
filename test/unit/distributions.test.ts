import assert from 'node:assert/strict';
import { distribution, readTopN } from '../../sandbox/analytics/distribution';
import { numericHistogram } from '../../sandbox/analytics/numericHistogram';
import type { ApiFailure } from '../../sandbox/http/failure';

const request = { minInclude: true, maxInclude: false };

describe('numeric histograms', () => {
  it('buckets a metric by interval from min, counting the largest value, with statistics', () => {
    const result = numericHistogram(
      { ...request, interval: '10' },
      [1, 5, 12, 29],
      (value) => value,
    );
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
      () =>
        numericHistogram({ ...request, min: 0, max: 1000, interval: '2' }, [1], (value) => value),
      (error: ApiFailure) => /500 bins/.test(error.message) && error.code === '5',
    );
    assert.throws(
      () => numericHistogram({ ...request, interval: '1.5' }, [1], (value) => value),
      /whole number/,
    );
  });
  it('honours min_include and max_include', () => {
    const values = [0, 10];
    const total = (minInclude: boolean, maxInclude: boolean) =>
      numericHistogram(
        { min: 0, max: 10, minInclude, maxInclude, interval: '5' },
        values,
        (value) => value,
      ).data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0);
    assert.equal(total(true, false), 1);
    assert.equal(total(false, true), 1);
    assert.equal(total(true, true), 2);
  });
});

describe('distributions', () => {
  const docs = [{ tags: ['en', 'en'] }, { tags: ['de'] }, { tags: ['en'] }, { tags: [] }];
  it('ranks keys by documents, counts a document once per key, cuts to top_n, and reports total_hits', () => {
    const result = distribution(docs, (doc) => doc.tags, { topN: 1 });
    assert.deepEqual(result.data, [{ ks: 'en', v: [2] }]);
    assert.equal(result.total_hits, 4);
  });
  it('keeps a fixed order with zero buckets when asked (sentiment)', () => {
    const result = distribution(
      docs,
      (doc) => doc.tags.slice(0, 1).map((tag) => (tag === 'en' ? 'POSITIVE' : 'NEGATIVE')),
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
