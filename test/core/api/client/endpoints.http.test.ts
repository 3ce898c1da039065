// Every endpoint of api.md and gaps.md called through the typed client against the sandbox over
// loopback HTTP, each answer parsed with its core/api schema by the client itself.
import assert from 'node:assert/strict';
import { solidPng } from '../../../../sandbox/images/png';
import { collect, fixture, NOW, type Fixture } from '../../../support/sandboxClient';

const HOUR = 3_600_000;

describe('client endpoints against the sandbox', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });
  afterEach(() => f.close());

  it('histograms: global time, numeric and distribution types with their own parameters', async () => {
    const time = await f.client.histograms.global('published', {
      q: 'acme OR globex',
      min: NOW - 48 * HOUR,
      max: NOW,
      interval: '6h',
      value_type: 'engagement',
    });
    const counted = time.result_histogram.data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0);
    assert.equal(counted, 30);
    // 48 hours in 6-hour buckets: 8, or 9 when the window does not start on a bucket boundary.
    assert.ok([8, 9].includes(time.result_histogram.data.length));
    assert.ok(
      time.result_histogram.data.some((bucket) => bucket.val !== undefined),
      'statistics',
    );
    const languages = await f.client.histograms.global('language', { q: 'story', top_n: 1 });
    assert.deepEqual(languages.result_histogram.data, [{ ks: 'en', v: [20] }]);
    const numeric = await f.client.histograms.global('engagement', { q: 'story', interval: 1000 });
    assert.equal(
      numeric.result_histogram.data.reduce((sum, bucket) => sum + (bucket.v[0] ?? 0), 0),
      30,
    );
  });

  it('histograms in a project, narrowed by topic, and top influencers', async () => {
    const project = await f.client.histograms.project('7c1e-demo', 'language', {
      topic: ['t-acme'],
    });
    assert.equal(project.result_histogram.total_hits, 15);
    const influencers = await f.client.influencers.top('7c1e-demo', {
      influencer_type: 'source',
      sort_criteria: 'total',
      top_n: 3,
    });
    assert.ok(influencers.result_top_influencers.influencers.length > 0);
    assert.equal(influencers.result_top_influencers.influencer_type?.toLowerCase(), 'source');
  });

  it('projects, resources, topics, one topic, tags and topic results', async () => {
    const projects = await f.client.projects.list();
    assert.ok(projects.result_accinfo.projects.some((project) => project.id === '7c1e-demo'));
    const resources = await f.client.projects.resources('p-insights', ['dataset']);
    assert.ok(JSON.stringify(resources.result_resources).includes('ds-survey'));
    const topics = await f.client.topics.list('7c1e-demo');
    assert.ok(topics.result_topics.topic_categories.some((group) => group.id === 'g-products'));
    const topic = await f.client.topics.get('7c1e-demo', 't-acme');
    assert.deepEqual(topic.result_topic_details.included_queries, ['acme OR "acme corp"']);
    const tags = await f.client.tags.list('7c1e-demo');
    assert.ok(tags.result_tags.tags.some((tag) => tag.id === 'tag-crisis'));
    const results = await f.client.results.project('7c1e-demo', { topic: ['t-acme'], hpp: 5 });
    assert.equal(results.result_content.data.length, 5);
    assert.equal(results.pagination?.total, 15);
  });

  it('uploads: one document, and a batch with one outcome per document in order', async () => {
    const published = String(NOW - HOUR);
    const single = await f.client.documents.upload({ project: '7c1e-demo' }, 'create', {
      url: 'https://news.acme.example/up-1',
      title: 'Zanzibar one',
      content: 'Acme in Zanzibar',
      published,
    });
    assert.equal(single.result_searchdoc[0]?.status_code, '0');
    const batch = await f.client.documents.batch({ project: '7c1e-demo' }, [
      {
        upsert: {
          url: 'https://news.acme.example/up-2',
          title: 'Zanzibar two',
          content: 'x',
          published,
        },
      },
      { create: { url: 'https://news.acme.example/up-3' } },
    ]);
    assert.deepEqual(
      batch.result_searchdoc.map((outcome) => outcome.status_code),
      ['0', '16'],
    );
    const found = await f.client.histograms.project('7c1e-demo', 'language', { q: 'zanzibar' });
    assert.equal(found.result_histogram.total_hits, 2);
  });

  it('custom metrics: list, add, delete one and many, with per-item outcomes', async () => {
    const [project, template] = ['p-insights', 'tmpl-feedback'];
    const added = await f.client.customMetrics.add(project, template, [
      { name: 'nps', title: 'NPS', format: 'integer' },
      { name: 'csat', title: 'CSAT', format: 'decimal' },
      { name: 'nps', title: 'Again', format: 'integer' },
    ]);
    assert.deepEqual(
      added.result_custom_metrics.data.map((outcome) => outcome.success),
      [true, true, false],
    );
    const listed = await f.client.customMetrics.list(project, template);
    assert.deepEqual(
      listed.result_custom_metrics.data.map((entry) => entry.custom_metric.name).sort(),
      ['csat', 'nps'],
    );
    const one = await f.client.customMetrics.delete(project, template, 'nps');
    assert.equal(one.result_custom_metrics.data[0]?.success, true);
    const many = await f.client.customMetrics.deleteMany(project, template, ['csat', 'gone']);
    assert.deepEqual(
      many.result_custom_metrics.data.map((outcome) => outcome.success),
      [true, false],
    );
  });

  it('image detection by approved address and by uploaded file, with the real size', async () => {
    const byUrl = await f.client.images.detectAt('scene', 'https://images.acme.example/shop.jpg');
    assert.ok(byUrl.result_processing.width > 0);
    const byFile = await f.client.images.detectFile(
      'logo',
      { bytes: solidPng(64, 48, [200, 30, 30]), fileName: 'red.png', contentType: 'image/png' },
      { detect: ['logo-acme'] },
    );
    assert.deepEqual([byFile.result_processing.width, byFile.result_processing.height], [64, 48]);
  });

  it('streams: define, info, read with an extra query and max_hits, delete', async () => {
    await f.client.streams.define('rivals', [{ rule_id: 'r1', query: 'globex' }]);
    const info = await f.client.streams.info();
    assert.deepEqual(info.result_stream.streams, [{ stream_id: 'rivals', enabled: true }]);
    const events = f.client.streams.read('rivals', { q: 'launch', maxHits: 1 });
    const first = await events.next();
    assert.equal(first.value?.kind, 'control');
    const url = new URL('/_sandbox/live', f.sandbox.url);
    url.searchParams.set('access_token', 'client-test-token');
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        documents: [
          { title: 'Globex news', content: 'no' },
          { title: 'Globex launch', content: 'the launch' },
          { title: 'Globex launch again', content: 'launch' },
        ],
      }),
    });
    const rest = await collect(events);
    const results = rest.flatMap((event) => (event.kind === 'result' ? [event.result] : []));
    assert.equal(results.length, 1, 'max_hits ends the read after one result');
    assert.equal(results[0]?.data.title, 'Globex launch');
    assert.equal(results[0]?.data.title_snippet, 'Globex <b>launch</b>');
    await f.client.streams.delete('rivals');
    assert.deepEqual((await f.client.streams.info()).result_stream.streams, []);
  });

  it('collectors: put, get, pause, resume, read to the end, delete', async () => {
    const put = await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    assert.equal(put.result_stream.collectors[0]?.state, 'ACTIVE');
    assert.equal(
      (await f.client.collectors.pause('c1')).result_stream.collectors[0]?.state,
      'PAUSED',
    );
    assert.equal(
      (await f.client.collectors.resume('c1')).result_stream.collectors[0]?.state,
      'ACTIVE',
    );
    const got = await f.client.collectors.get('c1');
    assert.deepEqual(got.result_stream.collectors[0]?.query, {
      queries: [{ id: 'q', query: 'acme' }],
    });
    const read = await collect(f.client.collectors.read('c1', { endBehaviour: 'stop' }));
    assert.ok(
      read.every((event) => event.kind === 'control'),
      'nothing buffered yet',
    );
    assert.equal(
      (await f.client.collectors.delete('c1')).result_stream.collectors[0]?.state,
      'DELETED',
    );
  });

  it('exports: create from a query, a project and a stream; status, list, abort', async () => {
    await f.client.collectors.put('target', undefined);
    const start = NOW - 2 * 24 * HOUR;
    const byQuery = await f.client.exports.create({ query: 'acme' }, { start, target: 'target' });
    const task = byQuery.result_tasks.tasks[0]!;
    assert.equal(task.status, 'QUEUED');
    const byProject = await f.client.exports.create(
      { project: '7c1e-demo' },
      { start, target: 'target', topics: ['t-acme'], limit: 2 },
    );
    await f.client.streams.define('rivals', [{ rule_id: 'r1', query: 'globex' }]);
    const byStream = await f.client.exports.create(
      { stream: 'rivals' },
      { start, target: 'target' },
    );
    assert.equal(byStream.result_tasks.tasks[0]?.status, 'QUEUED');
    assert.equal((await f.client.exports.get(task.id)).result_tasks.tasks[0]?.id, task.id);
    assert.equal((await f.client.exports.list()).result_tasks.tasks.length, 3);
    const aborted = await f.client.exports.abort(byProject.result_tasks.tasks[0]!.id);
    assert.equal(aborted.result_tasks.tasks[0]?.status, 'DELETED');
  });

  it('credits', async () => {
    const credits = await f.client.credits.get();
    assert.equal(credits.result_creditinfo.used_credits_monthly, 0);
    await f.client.histograms.global('language', { q: 'acme' });
    assert.equal((await f.client.credits.get()).result_creditinfo.used_credits_monthly, 10);
  });
});
