// The time histogram rules of api.md: buckets in a timezone, defaults, include flags, the
// 400-bin limit, breakdowns and statistics.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  bucketStarts,
  parseInterval,
  timeHistogram,
  timeRange,
  type TimeRequest,
} from '../../../sandbox/analytics/timeHistogram';
import { KeyIdColumn } from '../../../sandbox/analytics/keyIds';
import { nextStart, startOf } from '../../../sandbox/analytics/zonedTime';
import { ApiFailure } from '../../../sandbox/http/failure';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 10, 30);
const base: TimeRequest = { minInclude: true, maxInclude: false, timeZone: 'UTC', now: NOW };

interface Doc {
  t: number;
  sentiment: number;
  reach: number;
}

describe('time histograms', () => {
  it('defaults to the 8 days ending at tomorrow 00:00 in the timezone', () => {
    const { min, max } = timeRange(base);
    assert.equal(max, Date.UTC(2026, 10, 23));
    assert.equal(min, max - 8 * DAY);
    const berlin = timeRange({ ...base, timeZone: 'Europe/Berlin' });
    assert.equal(berlin.max, Date.UTC(2026, 10, 22, 23));
  });

  it('takes max as min plus 8 days when only min is given, and time_range back from now', () => {
    assert.deepEqual(timeRange({ ...base, min: 0 }), { min: 0, max: 8 * DAY });
    assert.deepEqual(timeRange({ ...base, timeRange: '7d' }), { min: NOW - 7 * DAY, max: NOW });
    assert.throws(
      () => timeRange({ ...base, timeRange: '7 days' }),
      (error: ApiFailure) => error.status === 'badParameter' && /time_range/.test(error.message),
    );
  });

  it('starts day buckets at local midnight, so the same min and max give other buckets in another timezone', () => {
    const min = Date.UTC(2026, 10, 1);
    const max = Date.UTC(2026, 10, 4);
    const utc = bucketStarts(parseInterval('day', min, max), min, max, 'UTC');
    const tokyo = bucketStarts(parseInterval('day', min, max), min, max, 'Asia/Tokyo');
    assert.deepEqual(utc, [min, min + DAY, min + 2 * DAY]);
    assert.equal(tokyo[0], Date.UTC(2026, 9, 31, 15));
    assert.equal(tokyo.length, 4);
  });

  it('gives a DST day in Berlin 23 hours', () => {
    const min = Date.UTC(2026, 2, 28, 23);
    const starts = bucketStarts(
      { kind: 'calendar', unit: 'day' },
      min,
      min + 2 * DAY,
      'Europe/Berlin',
    );
    assert.equal((starts[1] ?? 0) - (starts[0] ?? 0), 23 * 3_600_000);
  });

  it('refuses more than 400 bins with code 5 and says how many there would be', () => {
    const min = 0;
    const max = 401 * 3_600_000;
    assert.throws(
      () => bucketStarts(parseInterval('hour', min, max), min, max, 'UTC'),
      (error: ApiFailure) =>
        error.httpStatus === 400 &&
        error.code === '5' &&
        /401 bins; the limit is 400/.test(error.message),
    );
    assert.equal(
      bucketStarts(parseInterval('hour', min, 400 * 3_600_000), min, 400 * 3_600_000, 'UTC').length,
      400,
    );
    assert.throws(
      () => bucketStarts(parseInterval('2h', 0, 1000 * 3_600_000), 0, 1000 * 3_600_000, 'UTC'),
      /500 bins/,
    );
  });

  it('rejects an interval that is not one', () => {
    assert.throws(
      () => parseInterval('fortnight', 0, DAY),
      (error: ApiFailure) =>
        /interval/.test(error.message) && error.details[0]?.value[0] === 'interval',
    );
    assert.throws(() => parseInterval('0d', 0, DAY), /not an interval/);
  });

  it('counts min inclusive and max exclusive by default, and the other way when asked', () => {
    const docs: Doc[] = [
      { t: 0, sentiment: 1, reach: 10 },
      { t: DAY, sentiment: -1, reach: 30 },
    ];
    const input = { numbers: [0, 1], time: Float64Array.from(docs, (doc) => doc.t) };
    const total = (request: TimeRequest) =>
      timeHistogram(request, input).data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0);
    assert.equal(total({ ...base, min: 0, max: DAY, interval: 'hour' }), 1);
    assert.equal(
      total({ ...base, min: 0, max: DAY, interval: 'hour', minInclude: false, maxInclude: true }),
      1,
    );
    assert.equal(total({ ...base, min: 0, max: DAY, interval: 'hour', maxInclude: true }), 2);
  });

  it('breaks down by sentiment in the order POSITIVE, NEUTRAL, NEGATIVE with statistics per series', () => {
    const docs: Doc[] = [
      { t: 1000, sentiment: 2, reach: 10 },
      { t: 2000, sentiment: 0, reach: 20 },
      { t: 3000, sentiment: 3, reach: 30 },
    ];
    const result = timeHistogram(
      { ...base, min: 0, max: DAY, interval: 'day' },
      {
        numbers: [0, 1, 2],
        time: Float64Array.from(docs, (doc) => doc.t),
        breakdown: {
          order: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'],
          column: new KeyIdColumn((number) => {
            const sentiment = docs[number]?.sentiment ?? 0;
            return [sentiment > 0 ? 'POSITIVE' : sentiment < 0 ? 'NEGATIVE' : 'NEUTRAL'];
          }),
        },
        metric: Float64Array.from(docs, (doc) => doc.reach),
      },
    );
    assert.deepEqual(result.header?.v, ['POSITIVE', 'NEUTRAL', 'NEGATIVE']);
    assert.deepEqual(result.data[0]?.v, [2, 1, 0]);
    assert.deepEqual(result.data[0]?.val?.[0], { count: 2, min: 10, max: 30, avg: 20, sum: 40 });
    // An empty bucket: no min, max or avg, as the service leaves them out.
    assert.deepEqual(result.data[0]?.val?.[2], { count: 0, sum: 0 });
  });
});

describe('time histogram buckets across the calendar', () => {
  const UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour'] as const;
  const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'];
  const LIMIT = 8.64e15 - 400 * DAY;

  it('counts the bins before the year 0 as after it: 2,738 years from 769 BC to 1969', () => {
    assert.throws(
      () =>
        bucketStarts(parseInterval('year', -86_400_000_000_000, 0), -86_400_000_000_000, 0, 'UTC'),
      /the histogram would have 2738 bins/,
    );
  });

  it('starts every bucket on its unit, in order, the first holding min and the last before max, anywhere in time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNITS),
        fc.constantFrom(...ZONES),
        fc.integer({ min: -LIMIT, max: LIMIT - 400 * 366 * DAY }),
        fc.integer({ min: 1, max: 400 }),
        (unit, zone, min, units) => {
          const approximate = { year: 365, quarter: 91, month: 30, week: 7, day: 1, hour: 1 / 24 }[
            unit
          ];
          const max = min + Math.max(1, Math.floor(units * approximate * DAY * 0.97));
          let starts: number[];
          try {
            starts = bucketStarts({ kind: 'calendar', unit }, min, max, zone);
          } catch (error: unknown) {
            // Only the 400-bin limit may refuse, and only past 400.
            assert.ok(error instanceof ApiFailure && /would have (\d+) bins/.test(error.message));
            assert.ok(Number(/would have (\d+) bins/.exec(error.message)?.[1]) > 400);
            return;
          }
          assert.ok(starts.length >= 1 && starts.length <= 400);
          assert.ok(starts.every(Number.isSafeInteger), 'every start is a whole instant');
          assert.ok((starts[0] ?? Infinity) <= min, 'the first bucket holds min');
          for (let index = 1; index < starts.length; index++)
            assert.ok((starts[index] ?? 0) > (starts[index - 1] ?? 0), 'in order');
          assert.ok((starts.at(-1) ?? Infinity) < max, 'the last starts before max');
          assert.ok(nextStart(unit, starts.at(-1) ?? 0, zone) >= max, 'and is the last');
          if (zone === 'UTC' && (unit === 'year' || unit === 'month')) {
            for (const start of starts) {
              const date = new Date(start);
              assert.equal(date.getUTCDate(), 1);
              assert.equal(date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds(), 0);
              if (unit === 'year') assert.equal(date.getUTCMonth(), 0);
            }
            const years = starts.map((start) => new Date(start).getUTCFullYear());
            if (unit === 'year')
              years.slice(1).forEach((year, index) => assert.equal(year, (years[index] ?? 0) + 1));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('UTC, read off the date, gives the buckets Intl gives for Etc/UTC, anywhere in time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNITS),
        fc.integer({ min: -LIMIT, max: LIMIT - 400 * 366 * DAY }),
        fc.integer({ min: 1, max: 400 * DAY }),
        (unit, min, span) => {
          const buckets = (zone: string) => {
            try {
              return bucketStarts({ kind: 'calendar', unit }, min, min + span, zone);
            } catch (error: unknown) {
              return error instanceof Error ? error.message : String(error);
            }
          };
          assert.deepEqual(buckets('UTC'), buckets('Etc/UTC'));
          assert.equal(startOf(unit, min, 'UTC'), startOf(unit, min, 'Etc/UTC'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses min, max or time_range beyond what dates hold, naming which, never a 500', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('min', 'max'),
        fc.oneof(
          fc.integer({ min: LIMIT + 1, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -LIMIT - 1 }),
        ),
        (name, value) => {
          assert.throws(
            () => timeRange({ ...base, [name]: value }),
            (error: unknown) =>
              error instanceof ApiFailure &&
              error.code === '5' &&
              error.details[0]?.value[0] === name,
          );
        },
      ),
    );
    assert.throws(
      () => timeRange({ ...base, timeRange: '99999999999999999999d' }),
      (error: unknown) => error instanceof ApiFailure && /time_range/.test(error.message),
    );
  });
});
