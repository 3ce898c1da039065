// The lab's counts: through the histogram (one call a count, a day a bin, the total the sum of
// the bins), kept by normalised query + target + window, each query counted once.
import assert from 'node:assert/strict';
import { CachedCounts, cacheKeyOf } from '../../../core/lab/countCache';
import { countQueries } from '../../../core/lab/countQueries';
import type { CountRequest, CountSource, DailyCounts } from '../../../core/lab/countSource';
import { lastDays } from '../../../core/lab/countWindow';
import { HistogramCounts, type HistogramCaller } from '../../../core/lab/histogramCounts';
import { normalizedQuery } from '../../../core/lab/normalizedQuery';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 13, 30);
const WEEK = lastDays(7, NOW);

/** A source counting its calls, answering the length of the query. */
class CountingSource implements CountSource {
  calls: CountRequest[] = [];
  failNext = false;
  daily(request: CountRequest): Promise<DailyCounts> {
    this.calls.push(request);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('refused'));
    }
    return Promise.resolve({ total: request.query.length, days: [] });
  }
  async count(request: CountRequest): Promise<number> {
    return (await this.daily(request)).total;
  }
}

describe('the count window', () => {
  it('is whole UTC days ending with today', () => {
    assert.deepEqual(WEEK, {
      min: Date.UTC(2026, 10, 21),
      max: Date.UTC(2026, 10, 28),
      days: 7,
    });
    assert.equal((WEEK.max - WEEK.min) / DAY, 7);
  });
});

describe('counts kept by normalised query, target and window', () => {
  it('the same query written otherwise is one call', async () => {
    const source = new CountingSource();
    const cache = new CachedCounts(source);
    await cache.count({ query: 'a OR b', target: {}, window: WEEK });
    await cache.count({ query: '  a   OR\n b ', target: {}, window: WEEK });
    await cache.count({ query: '(a OR b)', target: {}, window: WEEK });
    assert.equal(source.calls.length, 2, 'parentheses are part of the query as written');
    assert.equal(normalizedQuery('a  OR\tb'), 'a OR b');
  });

  it('another target or window is another count; topics in any order are one target', async () => {
    const source = new CountingSource();
    const cache = new CachedCounts(source);
    const request = { query: 'acme', target: {}, window: WEEK };
    await cache.count(request);
    await cache.count({ ...request, window: lastDays(30, NOW) });
    await cache.count({ ...request, target: { project: 'p', topics: ['t1', 't2'] } });
    await cache.count({ ...request, target: { project: 'p', topics: ['t2', 't1'] } });
    assert.equal(source.calls.length, 3);
    assert.ok(cache.has(request));
  });

  it('asked twice at once is one call; a failed count is asked again', async () => {
    const source = new CountingSource();
    const cache = new CachedCounts(source);
    const request = { query: 'acme', target: {}, window: WEEK };
    await Promise.all([cache.count(request), cache.count(request)]);
    assert.equal(source.calls.length, 1);
    const failing = { ...request, query: 'globex' };
    source.failNext = true;
    await assert.rejects(cache.count(failing), /refused/);
    assert.equal(cache.has(failing), false);
    assert.equal(await cache.count(failing), 6);
  });

  it('a query that does not parse is kept as written', () => {
    assert.equal(normalizedQuery(' a OR '), 'a OR');
    assert.notEqual(
      cacheKeyOf({ query: 'a OR', target: {}, window: WEEK }),
      cacheKeyOf({ query: 'a', target: {}, window: WEEK }),
    );
  });
});

describe('counts through the histogram', () => {
  const calls: { kind: string; project?: string; parameters: Record<string, unknown> }[] = [];
  const answer = {
    result_histogram: {
      data: [
        { t: WEEK.min, v: [3] },
        { t: WEEK.min + DAY, v: [0] },
        { t: WEEK.min + 2 * DAY, v: [4] },
      ],
    },
  };
  const client = {
    histograms: {
      global: (_type: string, parameters: Record<string, unknown>) => {
        calls.push({ kind: 'global', parameters });
        return Promise.resolve(answer);
      },
      project: (project: string, _type: string, parameters: Record<string, unknown>) => {
        calls.push({ kind: 'project', project, parameters });
        return Promise.resolve(answer);
      },
    },
  } as unknown as HistogramCaller;

  it('a global count: the published histogram by UTC day over the window, summed', async () => {
    const counts = await new HistogramCounts(client).daily({
      query: 'acme',
      target: {},
      window: WEEK,
    });
    assert.equal(counts.total, 7);
    assert.deepEqual(
      counts.days.map((day) => day.count),
      [3, 0, 4],
    );
    assert.deepEqual(calls.at(-1), {
      kind: 'global',
      parameters: { q: 'acme', min: WEEK.min, max: WEEK.max, interval: 'day', timezone: 'UTC' },
    });
  });

  it("a project's count passes its topics and filters", async () => {
    const target = { project: 'p1', topics: ['t1'], filters: ['f1'] };
    assert.equal(
      await new HistogramCounts(client).count({ query: 'acme', target, window: WEEK }),
      7,
    );
    assert.deepEqual(calls.at(-1)?.project, 'p1');
    assert.deepEqual(calls.at(-1)?.parameters.topic, ['t1']);
    assert.deepEqual(calls.at(-1)?.parameters.filter, ['f1']);
  });
});

describe('counting a plan', () => {
  it('counts each query once, a few at a time, and stops at the first failure', async () => {
    const source = new CountingSource();
    const queries = Array.from({ length: 20 }, (_, index) => `w${index}`);
    const counts = await countQueries(source, queries, {}, WEEK);
    assert.equal(counts.size, 20);
    assert.equal(source.calls.length, 20);
    const failing = new CountingSource();
    failing.failNext = true;
    await assert.rejects(countQueries(failing, queries, {}, WEEK), /refused/);
    assert.ok(failing.calls.length < 20);
  });
});
