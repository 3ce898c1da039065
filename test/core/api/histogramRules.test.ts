// The rules a histogram request is checked against before it is sent (core/api/histogramRules):
// the 400-bin limit counted as the sandbox buckets, ranges, and which parameter fits which type.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTimeInterval, timeBinCount, zoomInterval } from '../../../core/api/histogramBins';
import {
  binCount,
  checkHistogram,
  checkInfluencers,
  checkResults,
  errorsOf,
  forecastBlocker,
  representationOf,
  type Problem,
} from '../../../core/api/histogramRules';
import { HISTOGRAM_TYPES } from '../../../core/api/parameterValues';
import { bucketStarts, parseInterval } from '../../../sandbox/analytics/timeHistogram';

const NOW = Date.UTC(2026, 10, 20, 15, 30);
const DAY = 86_400_000;
const GLOBAL = { now: NOW, project: false };
const PROJECT = { now: NOW, project: true, forecasting: true };

const about = (problems: readonly Problem[], parameter: string) =>
  problems.filter((problem) => problem.parameter === parameter);

describe('histogram rules', () => {
  it('knows the representation of all 31 types of api.md', () => {
    assert.equal(HISTOGRAM_TYPES.length, 31);
    const counts = new Map<string, number>();
    for (const type of HISTOGRAM_TYPES) {
      const representation = representationOf(type);
      assert.ok(representation, type);
      counts.set(representation, (counts.get(representation) ?? 0) + 1);
    }
    assert.deepEqual(Object.fromEntries(counts), {
      time: 2,
      numeric: 16,
      topN: 10,
      distribution: 3,
    });
    assert.equal(representationOf('top_influencers'), undefined);
  });

  describe('the 400-bin limit', () => {
    it('refuses 8 days by the minute and says how many bins and what to do', () => {
      const problems = checkHistogram('published', { interval: 'minute' }, GLOBAL);
      const [problem] = about(problems, 'interval');
      assert.equal(problem?.severity, 'error');
      assert.match(problem.message, /11,520 bins; the service answers at most 400/);
      assert.match(problem.message, /enlarge the interval or shorten the range/);
    });

    it('allows exactly 400 and refuses 401 (hours from midnight)', () => {
      const min = Date.UTC(2026, 9, 1);
      const at = (hours: number) =>
        checkHistogram(
          'published',
          { min, max: min + hours * 3_600_000, interval: 'hour' },
          GLOBAL,
        );
      assert.deepEqual(errorsOf(at(400)), []);
      assert.equal(errorsOf(at(401))[0]?.parameter, 'interval');
    });

    it('counts day bins at the timezone’s midnight: a millisecond past Berlin’s adds a bin there, not in UTC', () => {
      const min = Date.UTC(2026, 0, 1, 12);
      const max = Date.UTC(2026, 0, 5, 23); // 00:00 in Berlin on 6 January
      const day = parseTimeInterval('day')!;
      assert.equal(timeBinCount(day, min, max, 'UTC'), 5);
      assert.equal(timeBinCount(day, min, max, 'Europe/Berlin'), 5);
      assert.equal(timeBinCount(day, min, max + 1, 'Europe/Berlin'), 6);
      assert.equal(timeBinCount(day, min, max + 1, 'UTC'), 5);
    });

    it('counts numeric bins from min, max and the interval, or from the data shown', () => {
      const problems = checkHistogram('reach', { min: 0, max: 100_000, interval: '100' }, GLOBAL);
      assert.match(about(problems, 'interval')[0]?.message ?? '', /1,000 bins/);
      assert.deepEqual(
        checkHistogram('reach', { min: 0, max: 100_000, interval: '250' }, GLOBAL),
        [],
      );
      const shown = { ...GLOBAL, dataRange: { min: 0, max: 5000 } };
      assert.equal(binCount('reach', { interval: '10' }, shown), 500);
      assert.equal(errorsOf(checkHistogram('reach', { interval: '10' }, shown)).length, 1);
    });

    it('counts the bins the sandbox makes, for every kind of interval and timezone', () => {
      const intervals = [
        'year',
        'quarter',
        'month',
        'week',
        'day',
        'hour',
        'minute',
        '2w',
        '5d',
        '12h',
        '30m',
        '90s',
      ];
      const zones = [
        'UTC',
        'Europe/Berlin',
        'America/New_York',
        'Asia/Kolkata',
        'Australia/Lord_Howe',
      ];
      fc.assert(
        fc.property(
          fc.constantFrom(...intervals),
          fc.constantFrom(...zones),
          fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
          fc.integer({ min: 1, max: 900 * DAY }),
          (text, zone, min, span) => {
            const interval = parseTimeInterval(text)!;
            // Keep the sandbox's loop short: only spans where the count is near or under 400.
            fc.pre(timeBinCount(interval, min, min + span, zone) <= 1000);
            const ours = timeBinCount(interval, min, min + span, zone);
            let theirs: number;
            try {
              theirs = bucketStarts(
                parseInterval(text, min, min + span),
                min,
                min + span,
                zone,
              ).length;
            } catch {
              theirs = Infinity;
            }
            if (ours <= 400) assert.equal(theirs, ours, `${text} ${zone} ${min} ${span}`);
            else assert.equal(theirs, Infinity, `${text} ${zone} ${min} ${span}: ${ours}`);
          },
        ),
        { numRuns: 400 },
      );
    });

    it('zooms to the finest interval that keeps about 120 bins', () => {
      const min = Date.UTC(2026, 10, 10);
      assert.equal(zoomInterval(min, min + DAY, 'UTC'), '15m');
      assert.equal(zoomInterval(min, min + 3 * DAY, 'UTC'), 'hour');
      assert.equal(zoomInterval(min, min + 20 * 60_000, 'UTC'), '10s');
    });
  });

  describe('ranges and values', () => {
    it('checks top_n in ]0, 100] and forecast_days in [1, 90]', () => {
      assert.deepEqual(checkHistogram('language', { top_n: 100 }, GLOBAL), []);
      for (const top_n of [0, 101, 2.5])
        assert.match(
          about(checkHistogram('language', { top_n }, GLOBAL), 'top_n')[0]?.message ?? '',
          /\]0, 100\]/,
        );
      assert.deepEqual(checkHistogram('published', { forecast_days: 90 }, PROJECT), []);
      assert.equal(
        errorsOf(checkHistogram('published', { forecast_days: 91 }, PROJECT))[0]?.parameter,
        'forecast_days',
      );
      assert.equal(
        errorsOf(checkHistogram('published', { forecast_days: 7 }, GLOBAL))[0]?.parameter,
        'forecast_days',
      );
    });

    it('explains when a forecast will not be made (api.md’s five conditions)', () => {
      assert.equal(forecastBlocker('published', {}, PROJECT), undefined);
      assert.match(forecastBlocker('published', { interval: 'hour' }, PROJECT)!, /interval 1d/);
      assert.match(forecastBlocker('published', { max: NOW }, PROJECT)!, /no max/);
      assert.match(forecastBlocker('reach', {}, PROJECT)!, /time histograms/);
      assert.match(
        forecastBlocker('published', {}, { project: true, forecasting: false })!,
        /package/,
      );
      const note = checkHistogram('published', { forecast_days: 7, interval: 'hour' }, PROJECT);
      assert.deepEqual(
        note.map((problem) => problem.severity),
        ['note'],
      );
    });

    it('names parameters that do not apply to the type', () => {
      const numeric = checkHistogram('engagement', { breakdown: 'sentiment', top_n: 5 }, GLOBAL);
      assert.deepEqual(
        errorsOf(numeric)
          .map((problem) => problem.parameter)
          .sort(),
        ['breakdown', 'top_n'],
      );
      const distribution = checkHistogram(
        'language',
        { interval: 'day', tokenizing_mode: 'two_gram' },
        GLOBAL,
      );
      assert.deepEqual(
        errorsOf(distribution)
          .map((problem) => problem.parameter)
          .sort(),
        ['interval', 'tokenizing_mode'],
      );
      assert.deepEqual(checkHistogram('theme_cloud', { tokenizing_mode: 'two_gram' }, GLOBAL), []);
      assert.equal(errorsOf(checkHistogram('published', { breakdown: 'topic' }, GLOBAL)).length, 1);
      assert.deepEqual(checkHistogram('published', { breakdown: 'topic' }, PROJECT), []);
      assert.equal(
        errorsOf(checkHistogram('published', { topic: ['t-acme'] }, GLOBAL))[0]?.parameter,
        'topic',
      );
    });

    it('checks interval syntax, timezone names, time_range and the order of min and max', () => {
      assert.match(
        about(checkHistogram('published', { interval: '0d' }, GLOBAL), 'interval')[0]!.message,
        /5d, 2w/,
      );
      assert.match(
        about(checkHistogram('published', { timezone: 'Mars/Olympus' }, GLOBAL), 'timezone')[0]!
          .message,
        /tz database/,
      );
      assert.equal(
        errorsOf(checkHistogram('published', { time_range: '7x' }, GLOBAL))[0]?.parameter,
        'time_range',
      );
      assert.equal(
        errorsOf(checkHistogram('published', { time_range: '7d', min: 1 }, GLOBAL))[0]?.parameter,
        'time_range',
      );
      assert.equal(
        errorsOf(checkHistogram('published', { min: 10, max: 5 }, GLOBAL))[0]?.parameter,
        'min',
      );
      // A numeric histogram's min and max are values of its metric: a time range goes with them.
      assert.deepEqual(
        checkHistogram('reach', { time_range: '7d', min: 0, max: 1000 }, GLOBAL),
        [],
      );
      assert.match(
        about(checkHistogram('engagement', { interval: 'hour' }, GLOBAL), 'interval')[0]!.message,
        /whole number/,
      );
    });

    it('notes a global range older than the 30 days global data keeps, without refusing it', () => {
      const problems = checkHistogram(
        'published',
        { min: NOW - 40 * DAY, max: NOW, interval: 'day' },
        GLOBAL,
      );
      assert.deepEqual(
        problems.map((problem) => [problem.parameter, problem.severity]),
        [['min', 'note']],
      );
      assert.deepEqual(
        checkHistogram('published', { min: NOW - 40 * DAY, max: NOW, interval: 'day' }, PROJECT),
        [],
      );
    });

    it('checks influencers and results paging', () => {
      assert.deepEqual(
        checkInfluencers({ top_n: 10, influencer_type: 'source', sort_criteria: 'reach' }),
        [],
      );
      assert.deepEqual(
        errorsOf(checkInfluencers({ top_n: 0, influencer_type: 'bot' })).map(
          (problem) => problem.parameter,
        ),
        ['top_n', 'influencer_type'],
      );
      const page = { offset: 0, hpp: 10, sort_by: 'engagement', sort_order: 'desc' };
      assert.deepEqual(checkResults(page), []);
      assert.equal(checkResults({ ...page, hpp: 501 })[0]?.parameter, 'hpp');
      assert.match(checkResults({ ...page, offset: 9995 })[0]!.message, /first 10,000/);
    });
  });
});
