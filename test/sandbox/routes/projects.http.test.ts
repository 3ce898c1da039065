// Contract tests of the project lookup endpoints, over real HTTP, parsed with core/api.
import assert from 'node:assert/strict';
import {
  AccountInfoResponse,
  ErrorEnvelope,
  ResourcesResponse,
  TagsResponse,
  TopicDetailsResponse,
  TopicsListResponse,
} from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, sandbox } from '../support/sandbox';

describe('sandbox projects, resources, topics, tags', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  it('GET /api/v1/search/info lists the projects with their capabilities', async () => {
    const { body } = await call(running.url, '/api/v1/search/info');
    const projects = AccountInfoResponse.parse(body).result_accinfo.projects;
    assert.ok(projects.length >= 3);
    const insights = projects.find((project) => project.id === 'p-insights');
    assert.deepEqual(insights?.capabilities?.import_type, ['DOCUMENT', 'DATASET']);
  });

  it('resources: type lists the requested kinds, with the default and default_filter groups', async () => {
    const { body } = await call(
      running.url,
      '/api/v2/platform/p/7c1e-demo/resources?type=search,filter',
    );
    const project = ResourcesResponse.parse(body).result_resources.projects[0]!;
    assert.ok(project.topics?.some((group) => group.id === 'default'));
    assert.ok(project.filters?.some((group) => group.id === 'default_filter'));
    assert.equal(project.datasets, undefined);
    const datasets = ResourcesResponse.parse(
      (await call(running.url, '/api/v2/platform/p/p-insights/resources?type=dataset')).body,
    );
    // gaps.md: each dataset names the template of its custom metrics.
    assert.deepEqual(
      datasets.result_resources.projects[0]!.datasets?.map((dataset) => [
        dataset.id,
        dataset.dataset_template_id,
      ]),
      [
        ['ds-survey', 'tmpl-feedback'],
        ['ds-support', 'tmpl-feedback'],
      ],
    );
  });

  it('resources: without type every type (page, event, panel too); an unknown type is code 5 naming it', async () => {
    const all = await call(running.url, '/api/v2/platform/p/7c1e-demo/resources');
    assert.equal(all.status, 200);
    const project = ResourcesResponse.parse(all.body).result_resources.projects[0];
    assert.ok(project?.topics && project.filters && project.datasets);
    assert.deepEqual(
      project.channels?.map((channel) => channel.id),
      ['ch-acme-news', 'ch-acme-blog'],
    );
    assert.deepEqual(project.events, []);
    assert.deepEqual(
      project.panels?.map((panel) => panel.id),
      ['panel-eu'],
    );
    const pages = ResourcesResponse.parse(
      (await call(running.url, '/api/v2/platform/p/7c1e-demo/resources?type=page')).body,
    ).result_resources.projects[0];
    assert.deepEqual(Object.keys(pages ?? {}).sort(), ['channels', 'id', 'title']);
    const unknown = await call(
      running.url,
      '/api/v2/platform/p/7c1e-demo/resources?type=search,channels',
    );
    assert.equal(ErrorEnvelope.parse(unknown.body).status_code, '5');
    assert.match(ErrorEnvelope.parse(unknown.body).status_message, /channels/);
  });

  it('an unknown project is HTTP 404 naming it', async () => {
    const { status, body } = await call(running.url, '/api/v2/platform/p/nope/tags');
    assert.equal(status, 404);
    assert.match(ErrorEnvelope.parse(body).status_message, /nope/);
  });

  it('topics/list gives topic and filter categories with included and excluded queries', async () => {
    const { body } = await call(running.url, '/api/v2/platform/p/7c1e-demo/topics/list');
    const result = TopicsListResponse.parse(body).result_topics;
    const acme = result.topic_categories
      .flatMap((category) => category.query_topics)
      .find((definition) => definition.id === 't-acme');
    assert.deepEqual(acme?.included_queries, ['acme OR "acme corp"']);
    assert.deepEqual(acme?.excluded_queries, ['acme AND recipe']);
    assert.ok(result.filter_categories.some((category) => category.id === 'default_filter'));
  });

  it('topics/list/<id> gives one definition, and 404 for an unknown one', async () => {
    const { body } = await call(running.url, '/api/v2/platform/p/7c1e-demo/topics/list/t-rocket');
    assert.equal(TopicDetailsResponse.parse(body).result_topic_details.title, 'Rockets');
    assert.equal(
      (await call(running.url, '/api/v2/platform/p/7c1e-demo/topics/list/t-none')).status,
      404,
    );
  });

  it('tags lists {id, label}', async () => {
    const { body } = await call(running.url, '/api/v2/platform/p/7c1e-demo/tags');
    assert.deepEqual(TagsResponse.parse(body).result_tags.tags, [
      { id: 'tag-crisis', label: 'Crisis' },
      { id: 'tag-praise', label: 'Praise' },
    ]);
  });

  it('resources are limited to 20 calls per minute per token', async () => {
    for (let index = 0; index < 20; index++)
      assert.equal(
        (await call(running.url, '/api/v2/platform/p/7c1e-demo/topics/list')).status,
        200,
      );
    const refused = await call(running.url, '/api/v2/platform/p/7c1e-demo/resources?type=search');
    assert.equal(refused.status, 401);
    assert.equal(ErrorEnvelope.parse(refused.body).status_code, '8');
  });

  it('every fixture query is valid .mmq', async () => {
    const { analyzeQuery } = await import('../../../core/query/analysis');
    const { body } = await call(running.url, '/api/v2/platform/p/7c1e-demo/topics/list');
    const result = TopicsListResponse.parse(body).result_topics;
    for (const category of [...result.topic_categories, ...result.filter_categories]) {
      for (const definition of category.query_topics) {
        for (const line of [...definition.included_queries, ...definition.excluded_queries]) {
          const errors = analyzeQuery(line).filter((diagnostic) => diagnostic.severity === 'error');
          assert.deepEqual(errors, [], `${definition.id}: ${line}`);
        }
      }
    }
  });
});
