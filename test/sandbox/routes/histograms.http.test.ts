// Contract tests of GET /api/v1/search/histogram/<type>, one per rule of api.md, over real HTTP.
import assert from 'node:assert/strict';
import { CreditsResponse, ErrorEnvelope, HistogramResponse } from '../../../core/api/schemas/index';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, sandbox } from '../support/sandbox';

const DAY = 86_400_000;
const TODAY = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);

function doc(daysAgo: number, extra: Partial<AnalyticsDocument> = {}): AnalyticsDocument {
  return {
    title: 'Acme news',
    content: 'Acme launches a rocket. Great launch! 🚀 #acmerocket',
    published: TODAY - daysAgo * DAY + 3_600_000,
    search_indexed: TODAY - daysAgo * DAY + 3_700_000,
    lang: 'en',
    sentiment: 1,
    reach: 100,
    engagement: 10,
    source_type: ['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'],
    extra_source_attributes: {
      world_data: { country_code: 'de', region: 'Bavaria', city: 'Munich' },
    },
    extra_author_attributes: { id: 'a1', gender: 'FEMALE' },
    article_extended_attributes: { netA_shares: 3, num_comments: 2 },
    ...extra,
  };
}

const DOCUMENTS = [
  doc(1),
  doc(1, { sentiment: -2, lang: '', extra_author_attributes: { id: 'a2' }, engagement: 50 }),
  doc(2, {
    sentiment: 0,
    lang: 'fr',
    extra_source_attributes: {
      world_data: { country_code: 'fr', region: 'Normandy', city: 'Rouen' },
    },
  }),
  doc(3, { title: 'Other', content: 'nothing about the brand', reach: 5 }),
  doc(40),
];

describe('sandbox global histograms', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox({ documents: DOCUMENTS });
  });
  afterEach(() => running.close());

  const histogram = async (type: string, query: string) => {
    const response = await call(running.url, `/api/v1/search/histogram/${type}?${query}`);
    return {
      ...response,
      result:
        response.status === 200
          ? HistogramResponse.parse(response.body).result_histogram
          : undefined,
    };
  };

  it('time buckets: one count per day of the matched documents, under "Number Results"', async () => {
    const { result } = await histogram(
      'published',
      `q=acme&interval=day&min=${TODAY - 5 * DAY}&max=${TODAY + DAY}`,
    );
    assert.deepEqual(result?.header?.v, ['Number Results']);
    assert.deepEqual(
      result?.data.map((bucket) => bucket.v[0]),
      [0, 0, 0, 1, 2, 0],
    );
    assert.equal(result?.data[4]?.t, TODAY - DAY);
  });

  it('rule 3: global data is limited to the last 30 days', async () => {
    const { result } = await histogram(
      'published',
      `q=acme&interval=week&min=${TODAY - 60 * DAY}&max=${TODAY}`,
    );
    assert.equal(
      result?.data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0),
      3,
    );
  });

  it('rule 1: more than 400 bins is HTTP 400 naming the count', async () => {
    const { status, body } = await histogram(
      'published',
      `q=acme&interval=minute&min=${TODAY - DAY}&max=${TODAY}`,
    );
    assert.equal(status, 400);
    const error = ErrorEnvelope.parse(body);
    assert.equal(error.status_code, '5');
    assert.match(error.status_message, /1440 bins; the limit is 400/);
  });

  it('q is required on global data: code 3 naming q', async () => {
    const { status, body } = await histogram('published', 'interval=day');
    assert.equal(status, 400);
    assert.deepEqual(ErrorEnvelope.parse(body).result_error?.data, [
      { key: 'params', value: ['q'] },
    ]);
  });

  it('a query that does not parse is code 4 with its position in the details', async () => {
    const { status, body } = await histogram(
      'published',
      `q=${encodeURIComponent('acme AND (rocket')}`,
    );
    assert.equal(status, 400);
    const error = ErrorEnvelope.parse(body);
    assert.equal(error.status_code, '4');
    assert.match(error.result_error?.data[0]?.value[0] ?? '', /^10-11: `\(` is never closed/);
  });

  it('more than 50 operands is HTTP 403 with code 19', async () => {
    const q = Array.from({ length: 51 }, (_, index) => `w${index}`).join(' OR ');
    const { status, body } = await histogram('published', `q=${encodeURIComponent(q)}`);
    assert.equal(status, 403);
    assert.equal(ErrorEnvelope.parse(body).status_code, '19');
  });

  it('rule 4: value_type gives per-bucket statistics; numeric types always do', async () => {
    const time = await histogram(
      'published',
      `q=acme&interval=day&min=${TODAY - DAY}&max=${TODAY}&value_type=engagement`,
    );
    assert.deepEqual(time.result?.data[0]?.val?.[0], {
      count: 2,
      min: 10,
      max: 50,
      avg: 30,
      sum: 60,
    });
    const numeric = await histogram('netA_shares', 'q=acme&interval=5');
    assert.equal(numeric.result?.data[0]?.val?.[0]?.sum, 9);
  });

  it('breakdown by sentiment gives POSITIVE, NEUTRAL, NEGATIVE; topic is for projects only', async () => {
    const { result } = await histogram(
      'published',
      `q=acme&interval=week&time_range=7d&breakdown=sentiment`,
    );
    assert.deepEqual(result?.header?.v, ['POSITIVE', 'NEUTRAL', 'NEGATIVE']);
    assert.deepEqual(
      result?.data.reduce(
        (sum, bucket) => sum.map((value, index) => value + (bucket.v[index] ?? 0)),
        [0, 0, 0],
      ),
      [1, 1, 1],
    );
    const topic = await histogram('published', 'q=acme&breakdown=topic');
    assert.equal(topic.status, 400);
    assert.match(ErrorEnvelope.parse(topic.body).status_message, /breakdown/);
  });

  it('rule 5: top-N distributions give at most top_n buckets and total_hits; no language counts as en', async () => {
    const { result } = await histogram('language', 'q=acme&top_n=1');
    assert.deepEqual(result?.data, [{ ks: 'en', v: [2] }]);
    assert.equal(result?.total_hits, 3);
    const bad = await histogram('language', 'q=acme&top_n=101');
    assert.equal(ErrorEnvelope.parse(bad.body).status_code, '5');
  });

  it('source_region and source_city answer a key object instead of ks', async () => {
    const { result } = await histogram('source_city', 'q=acme');
    assert.deepEqual(result?.data[0]?.key, {
      country_code: 'DE',
      region: 'Bavaria',
      short_id: 'de-bavaria-munich',
      city: 'Munich',
    });
  });

  it('gender has an UNKNOWN bucket; sentiment is a fixed distribution', async () => {
    const gender = await histogram('gender', 'q=acme');
    assert.deepEqual(gender.result?.data.map((bucket) => [bucket.ks, bucket.v[0]]).sort(), [
      ['FEMALE', 2],
      ['UNKNOWN', 1],
    ]);
    const sentiment = await histogram('sentiment', 'q=acme');
    assert.deepEqual(
      sentiment.result?.data.map((bucket) => bucket.ks),
      ['POSITIVE', 'NEUTRAL', 'NEGATIVE'],
    );
  });

  it('theme_cloud values are shares of the sampled documents', async () => {
    const { result } = await histogram('theme_cloud', 'q=acme&tokenizing_mode=normal');
    assert.ok(result?.data.length);
    for (const bucket of result?.data ?? [])
      assert.ok((bucket.v[0] ?? -1) > 0 && (bucket.v[0] ?? 2) <= 1);
  });

  it('an unknown type or a bad timezone is code 5 naming the parameter', async () => {
    assert.match(
      ErrorEnvelope.parse((await histogram('colour', 'q=acme')).body).status_message,
      /type/,
    );
    assert.match(
      ErrorEnvelope.parse((await histogram('published', 'q=acme&timezone=Mars/Olympus')).body)
        .status_message,
      /timezone/,
    );
  });

  it('rule 6: each answered call costs 10 credits, a refused one nothing', async () => {
    const used = async () =>
      CreditsResponse.parse((await call(running.url, '/api/v1/status/credits')).body)
        .result_creditinfo.used_credits_monthly!;
    const before = await used();
    await histogram('language', 'q=acme');
    await histogram('language', 'q=acme&top_n=0');
    assert.equal((await used()) - before, 10);
  });

  it('no credits left is HTTP 401 with code 9', async () => {
    await running.close();
    running = await sandbox({ documents: DOCUMENTS, credits: 15 });
    assert.equal((await histogram('language', 'q=acme')).status, 200);
    const refused = await histogram('language', 'q=acme');
    assert.equal(refused.status, 401);
    assert.equal(ErrorEnvelope.parse(refused.body).status_code, '9');
  });
});
