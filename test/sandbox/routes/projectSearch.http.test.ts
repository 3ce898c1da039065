// Contract tests of project histograms, forecasts, top influencers and topic results, over real
// HTTP, against the fixture project 7c1e-demo (topics t-acme, t-anvil, t-rocket, t-recall).
import assert from 'node:assert/strict';
import {
  CreditsResponse,
  ErrorEnvelope,
  HistogramResponse,
  ResultsResponse,
  TopInfluencersResponse,
} from '../../../core/api/schemas/index';
import { nextOffset } from '../../../core/api/client/paging';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, sandbox } from '../support/sandbox';

const DAY = 86_400_000;
const NOW = Date.now();

function doc(id: number, title: string, extra: Partial<AnalyticsDocument> = {}): AnalyticsDocument {
  return {
    url: `https://news.acme.example/${id}`,
    title,
    content: title,
    published: NOW - id * DAY,
    lang: 'en',
    source_type: ['ONLINENEWS'],
    sentiment: 1,
    reach: 100,
    engagement: 10,
    extra_author_attributes: { id: 'netA:a1', name: 'Ann' },
    extra_source_attributes: { id: 'netB:s1', name: 'Acme News' },
    ...extra,
  };
}

const DOCUMENTS = [
  doc(1, 'Acme rocket launch'),
  doc(2, 'Acme anvil recall', {
    source_type: ['BLOG'],
    sentiment: -1,
    reach: 50,
    engagement: 40,
    extra_author_attributes: { id: 'netA:a2', name: 'Bob' },
  }),
  doc(3, 'Acme recipe', { lang: 'fr' }),
  doc(4, 'Globex earnings'),
  doc(5, 'rocket skates sale', { lang: 'de', engagement: 5, url: 'https://blog.example/5' }),
];

describe('sandbox project search', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox({ documents: DOCUMENTS });
  });
  afterEach(() => running.close());

  const get = (path: string) => call(running.url, path);
  const total = (body: Record<string, unknown>) =>
    HistogramResponse.parse(body).result_histogram.data.reduce(
      (sum, bucket) => sum + (bucket.v[0] ?? 0),
      0,
    );

  it('a project histogram counts the project documents: those its topics match, q optional', async () => {
    assert.equal(
      total((await get('/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d')).body),
      3,
    );
  });

  it('topic selects documents of any given topic; filter requires every given filter', async () => {
    assert.equal(
      total(
        (await get('/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&topic=t-rocket'))
          .body,
      ),
      2,
    );
    assert.equal(
      total(
        (
          await get(
            '/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&topic=t-rocket&topic=t-recall',
          )
        ).body,
      ),
      3,
    );
    assert.equal(
      total(
        (
          await get(
            '/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&filter=f-english',
          )
        ).body,
      ),
      2,
    );
    assert.equal(
      total(
        (
          await get(
            '/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&filter=f-english&filter=f-news',
          )
        ).body,
      ),
      1,
    );
  });

  it('excluded queries remove documents from a topic', async () => {
    assert.equal(
      total(
        (await get('/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&topic=t-acme'))
          .body,
      ),
      2,
    );
  });

  it('an unknown topic is 404 naming it; a dataset older than 7 days is code 5', async () => {
    const topic = await get('/api/v1/search/p/7c1e-demo/histogram/published?topic=t-nope');
    assert.equal(topic.status, 404);
    assert.match(ErrorEnvelope.parse(topic.body).status_message, /t-nope/);
    const dataset = await get('/api/v1/search/p/p-insights/histogram/published?dataset=ds-support');
    assert.equal(ErrorEnvelope.parse(dataset.body).status_code, '5');
    assert.match(ErrorEnvelope.parse(dataset.body).status_message, /7 days/);
  });

  it('breakdown by topic is available in projects', async () => {
    const { body } = await get(
      '/api/v1/search/p/7c1e-demo/histogram/published?time_range=30d&breakdown=topic',
    );
    assert.deepEqual(HistogramResponse.parse(body).result_histogram.header?.v, [
      't-acme',
      't-anvil',
      't-recall',
      't-rocket',
    ]);
  });

  it('forecast is given exactly when its five conditions hold', async () => {
    const forecast = (path: string) =>
      get(path).then(
        (response) => HistogramResponse.parse(response.body).result_histogram.forecast,
      );
    const given = await forecast('/api/v1/search/p/7c1e-demo/histogram/published?forecast_days=7');
    assert.equal(given?.data.length, 7);
    for (const bucket of given?.data ?? [])
      assert.ok(
        (bucket.min_confidence[0] ?? 0) <= (bucket.v[0] ?? 0) &&
          (bucket.v[0] ?? 0) <= (bucket.max_confidence[0] ?? 0),
      );
    assert.equal(
      await forecast(`/api/v1/search/p/7c1e-demo/histogram/published?forecast_days=7&max=${NOW}`),
      undefined,
    );
    assert.equal(
      await forecast(
        '/api/v1/search/p/7c1e-demo/histogram/published?forecast_days=7&interval=hour',
      ),
      undefined,
    );
    assert.equal(
      await forecast('/api/v1/search/p/7c1e-demo/histogram/reach?forecast_days=7'),
      undefined,
    );
    assert.equal(
      await forecast('/api/v1/search/p/p-competitors/histogram/published?forecast_days=7'),
      undefined,
    );
    assert.equal(await forecast('/api/v1/search/p/7c1e-demo/histogram/published'), undefined);
    assert.equal(
      (await get('/api/v1/search/p/7c1e-demo/histogram/published?forecast_days=91')).status,
      400,
    );
  });

  it('top influencers: by posts by default, by any criterion on request, always descending', async () => {
    const byTotal = TopInfluencersResponse.parse(
      (await get('/api/v1/search/p/7c1e-demo/histogram/top_influencers')).body,
    ).result_top_influencers;
    assert.equal(byTotal.influencer_type, 'AUTHOR');
    assert.equal(byTotal.sort_criteria, 'TOTAL');
    assert.deepEqual(
      byTotal.influencers.map((influencer) => [influencer.details.name, influencer.posts]),
      [
        ['Ann', 2],
        ['Bob', 1],
      ],
    );
    assert.deepEqual(byTotal.influencers[0]?.sentiment, { positive: 2, negative: 0, neutral: 0 });
    assert.ok(
      byTotal.influencers[0]?.matched_topics.some(
        (topic) => topic.topic_id === 't-rocket' && topic.posts_amount === 2,
      ),
    );
    const byEngagement = TopInfluencersResponse.parse(
      (
        await get(
          '/api/v1/search/p/7c1e-demo/histogram/top_influencers?sort_criteria=engagement_per_mention',
        )
      ).body,
    ).result_top_influencers;
    assert.equal(byEngagement.influencers[0]?.details.name, 'Bob');
    const sources = TopInfluencersResponse.parse(
      (await get('/api/v1/search/p/7c1e-demo/histogram/top_influencers?influencer_type=source'))
        .body,
    ).result_top_influencers;
    assert.deepEqual(
      sources.influencers.map((influencer) => influencer.details.name),
      ['Acme News'],
    );
  });

  it('results of a topic: engagement descending by default, paginated, highlighted, 10 credits + 1 per result', async () => {
    const used = async () =>
      CreditsResponse.parse((await get('/api/v1/status/credits')).body).result_creditinfo
        .used_credits_monthly!;
    const before = await used();
    const { body } = await get('/api/v1/search/p/7c1e-demo/results?topic=t-acme&hpp=1');
    const answer = ResultsResponse.parse(body);
    const content = answer.result_content;
    // As the service answers: pagination beside result_content, next the next page's request.
    assert.equal(answer.pagination?.total, 2);
    assert.match(
      String(answer.pagination?.next),
      /^GET \/api\/v1\/search\/p\/7c1e-demo\/results\?.*offset=1/,
    );
    assert.equal(nextOffset(answer), 1);
    assert.equal(content.pagination, undefined);
    assert.equal(content.data[0]?.data.title, 'Acme anvil recall');
    // Highlighting in the document's own snippets, the topics it matched named.
    assert.match(content.data[0]?.data.title_snippet ?? '', /<b>Acme<\/b>/);
    assert.equal(content.data[0]?.highlighted_data, undefined);
    assert.ok(content.data[0]?.data.matched_profile?.includes('t-acme'));
    assert.equal((await used()) - before, 11);
    const ascending = ResultsResponse.parse(
      (
        await get(
          '/api/v1/search/p/7c1e-demo/results?topic=t-acme&sort_by=published&sort_order=asc',
        )
      ).body,
    ).result_content;
    assert.deepEqual(
      ascending.data.map((result) => result.data.title),
      ['Acme anvil recall', 'Acme rocket launch'],
    );
  });

  it('results: hpp above 500 and offset + hpp above 10,000 are code 5 naming the parameter', async () => {
    assert.match(
      ErrorEnvelope.parse((await get('/api/v1/search/p/7c1e-demo/results?hpp=501')).body)
        .status_message,
      /hpp/,
    );
    assert.match(
      ErrorEnvelope.parse((await get('/api/v1/search/p/7c1e-demo/results?offset=9990&hpp=20')).body)
        .status_message,
      /offset/,
    );
  });

  it('project histograms are limited to 30 calls per minute', async () => {
    for (let index = 0; index < 30; index++)
      assert.equal((await get('/api/v1/search/p/7c1e-demo/histogram/language')).status, 200);
    const refused = await get('/api/v1/search/p/7c1e-demo/histogram/language');
    assert.equal(ErrorEnvelope.parse(refused.body).status_code, '8');
  });
});
