// Export → CSV writes what the panel's table shows: its columns, in its order, under its
// headings, with the API's numbers; the save dialog suggests a name with the rule, what was run
// and over which range; a run is titled by what it is, and a drill-down by its slice in dates.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ToPanel } from '../../../../media/results/protocol';
import { viewToCsv } from '../../../../src/features/results/exportData';
import { exportFileName } from '../../../../src/features/results/exportName';
import {
  FIRST_PAGE,
  runTitle,
  type RunRequest,
  type RunSpec,
} from '../../../../src/features/results/runSpec';
import { sliceTitle } from '../../../../src/features/results/sliceTitle';

type Show = Extract<ToPanel, { type: 'show' }>;

const fixture = (name: string): Show =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../fixtures/panel', `${name}.json`), 'utf8'),
  ) as Show;

const csvOf = (name: string): string[][] => {
  const shown = fixture(name);
  return parse(viewToCsv(shown.view, shown.choices), { record_delimiter: '\r\n' });
};

describe('Export → CSV: the table the panel shows', () => {
  it('a country distribution: the country, its documents and their share of all, nothing else', () => {
    const shown = fixture('global-country');
    assert.ok(shown.view.kind === 'histogram');
    const [header, ...rows] = csvOf('global-country');
    assert.deepEqual(header, ['Country (ISO code)', 'Documents', 'Share of all']);
    const total = shown.view.result.total_hits!;
    assert.deepEqual(
      rows,
      shown.view.result.data.map((bucket) => [
        bucket.ks,
        String(bucket.v[0]),
        String(bucket.v[0]! / total),
      ]),
    );
  });

  it('cities: country, region, city and key, then documents and share', () => {
    const [header, first] = csvOf('project-source_city');
    assert.deepEqual(header, [
      'Country',
      'Region',
      'City',
      'Key (short_id)',
      'Documents',
      'Share of all',
    ]);
    assert.deepEqual(first?.slice(0, 5), [
      'US',
      'California',
      'San Francisco',
      'us-california-san-francisco',
      '914',
    ]);
  });

  it('theme_cloud: the term and its share of the sample', () => {
    const [header, first] = csvOf('global-theme_cloud');
    assert.deepEqual(header, ['Term', 'Share of sample']);
    assert.deepEqual(first, ['acme', '0.694']);
  });

  it('a time series with a forecast: the bucket start in its timezone, each series, the forecast band after', () => {
    const shown = fixture('project-published-forecast');
    assert.ok(shown.view.kind === 'histogram');
    const [header, ...rows] = csvOf('project-published-forecast');
    const series = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'];
    assert.deepEqual(header, [
      'Bucket start (UTC)',
      ...series.flatMap((name) => [
        name,
        `${name}: forecast low (95%)`,
        `${name}: forecast high (95%)`,
      ]),
    ]);
    const buckets = shown.view.result.data;
    const forecast = shown.view.result.forecast!.data;
    assert.equal(rows.length, buckets.length + forecast.length);
    assert.deepEqual(rows[0], ['2026-10-23', '23', '', '', '41', '', '', '68', '', '']);
    const firstForecast = rows[buckets.length]!;
    assert.equal(firstForecast[0], '2026-11-21');
    assert.deepEqual(firstForecast.slice(1, 4), ['25', '0', '53.21']);
  });

  it('a numeric histogram: from, to, documents and the statistics', () => {
    const [header, first] = csvOf('global-reach');
    assert.deepEqual(header, ['From', 'To (excluded)', 'Documents', 'min', 'max', 'avg', 'sum']);
    assert.deepEqual(first?.slice(0, 5), ['0', '110985', '8345', '0', '110150']);
  });

  it('top influencers: the table’s columns with the link’s address and the three sentiments', () => {
    const [header, first] = csvOf('project-influencers');
    assert.deepEqual(header, [
      '#',
      'Author',
      'URL',
      'Network',
      'Posts',
      'Positive',
      'Neutral',
      'Negative',
      'Reach',
      'Engagement',
      'Reach / mention',
      'Engagement / mention',
      'Matched topics',
    ]);
    assert.deepEqual(first?.slice(0, 9), [
      '1',
      'Acme Corp',
      'https://netB.example/netB%3A100000',
      'netB',
      '102',
      '60',
      '28',
      '14',
      '17158016',
    ]);
    // Topics by their titles, as the table names them.
    assert.equal(first?.[12], 'Acme (101), Recalls and lawsuits (20), Anvils (27), Rockets (21)');
  });

  it('search results: what the list says of each document, in its order', () => {
    const [header, first] = csvOf('project-results');
    assert.deepEqual(header, [
      'Title',
      'URL',
      'Source',
      'Published (UTC)',
      'Engagement',
      'Reach',
      'Language',
      'Country',
      'Sentiment',
    ]);
    assert.deepEqual(first?.slice(1), [
      'https://netb.example/initech/status/dq7',
      "'@initech",
      '2026-11-06 22:00:51',
      '2300',
      '370544',
      'en',
      'us',
      '4',
    ]);
  });
});

describe('the name an export suggests', () => {
  const at = Date.UTC(2026, 10, 20, 12);
  const spec = (request: RunRequest, title = 'acme-core'): RunSpec => ({
    title,
    query: 'acme',
    target: { kind: 'global' },
    request,
  });
  const histogram = (histogramType: string, parameters = {}): RunRequest => ({
    kind: 'histogram',
    histogramType: histogramType as never,
    parameters,
  });

  it('names the rule, what was run and the range', () => {
    const names = [
      exportFileName(spec(histogram('country', { time_range: '7d' })), at, 'csv'),
      exportFileName(
        spec(histogram('published', { time_range: '7d', interval: 'day' })),
        at,
        'csv',
      ),
      exportFileName(spec(histogram('published')), at, 'png'),
      exportFileName(
        spec(
          histogram('published', {
            min: Date.UTC(2026, 10, 13, 14, 30),
            max: Date.UTC(2026, 10, 14),
          }),
        ),
        at,
        'csv',
      ),
      exportFileName(spec(histogram('reach', { min: 1000, max: 5000 })), at, 'csv'),
      exportFileName(spec(histogram('language')), at, 'json'),
      exportFileName(
        spec({ kind: 'influencers', parameters: { influencer_type: 'source' } }),
        at,
        'csv',
      ),
      exportFileName(spec({ kind: 'results', parameters: FIRST_PAGE }), at, 'csv'),
      exportFileName(
        spec({ kind: 'results', parameters: { ...FIRST_PAGE, offset: 25, time_range: '30d' } }),
        at,
        'csv',
      ),
    ];
    assert.deepEqual(names, [
      'acme-core-distribution-country-last-7d.csv',
      'acme-core-histogram-published-last-7d.csv',
      'acme-core-histogram-published-2026-11-13-to-2026-11-21.png',
      'acme-core-histogram-published-2026-11-13T1430-to-2026-11-14.csv',
      'acme-core-histogram-reach-1000-to-5000.csv',
      'acme-core-distribution-language-all.json',
      'acme-core-influencers-source-all.csv',
      'acme-core-results-all.csv',
      'acme-core-results-from-26-last-30d.csv',
    ]);
  });

  it('safe characters only, whatever the title', () => {
    const titles = [
      '../../etc/passwd',
      'C:\\Windows\\evil',
      'a/b?c*d:e|f"g<h>i',
      'acme · published 2026-11-13 (UTC)',
      'Grüße aus Köln',
      '\u0000\u001b[31mred\r\n',
      '.hidden',
      '',
      ' '.repeat(300),
      'x'.repeat(500),
    ];
    for (const title of titles) {
      const name = exportFileName(spec(histogram('country'), title), at, 'csv');
      assert.match(name, /^[A-Za-z0-9][A-Za-z0-9._-]*\.csv$/, JSON.stringify(title));
      assert.doesNotMatch(name, /\.\.|--/, name);
      assert.ok(name.length <= 160, name);
    }
  });
});

describe('the words of a run', () => {
  it('a distribution is titled Distribution, a time or numeric histogram Histogram', () => {
    const title = (histogramType: string) =>
      runTitle({
        title: 'acme-core',
        query: 'acme',
        target: { kind: 'global' },
        request: { kind: 'histogram', histogramType: histogramType as never, parameters: {} },
      });
    assert.equal(title('country'), 'acme-core · Distribution: country');
    assert.equal(title('sentiment'), 'acme-core · Distribution: sentiment');
    assert.equal(title('published'), 'acme-core · Histogram: published');
    assert.equal(title('reach'), 'acme-core · Histogram: reach');
  });

  it('a drill-down says its slice in dates and words, not as a clause', () => {
    const day = Date.UTC(2026, 10, 13);
    assert.equal(
      sliceTitle({ kind: 'time', field: 'published', from: day, to: day + 86_400_000 }, 'UTC'),
      'published 2026-11-13 (UTC)',
    );
    assert.equal(
      sliceTitle(
        { kind: 'time', field: 'search_indexed', from: day + 3_600_000, to: day + 7_200_000 },
        'UTC',
      ),
      'search_indexed 2026-11-13 01:00 – 2026-11-13 02:00 (UTC)',
    );
    assert.equal(
      sliceTitle({ kind: 'time', field: 'published', from: day, to: day + 3 * 86_400_000 }, 'UTC'),
      'published 2026-11-13 – 2026-11-16 (UTC)',
    );
    // A day of Berlin, in Berlin's words.
    const berlin = Date.UTC(2026, 10, 12, 23);
    assert.equal(
      sliceTitle(
        { kind: 'time', field: 'published', from: berlin, to: berlin + 86_400_000 },
        'Europe/Berlin',
      ),
      'published 2026-11-13 (Europe/Berlin)',
    );
    assert.equal(
      sliceTitle({ kind: 'number', histogramType: 'reach', from: 1_000_000, to: 1_250_000 }, 'UTC'),
      'reach 1,000,000 – 1,250,000',
    );
    assert.equal(
      sliceTitle({ kind: 'key', histogramType: 'country', key: 'US\n### injected' }, 'UTC'),
      'country US ### injected',
    );
  });
});
