// Contract tests of document upload and custom metrics, over real HTTP, parsed with core/api.
import assert from 'node:assert/strict';
import {
  CreditsResponse,
  CustomMetricsChangeResponse,
  CustomMetricsListResponse,
  ErrorEnvelope,
  HistogramResponse,
  UploadResponse,
} from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, READ_ONLY, sandbox } from '../support/sandbox';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const document = (id: string, extra: Record<string, unknown> = {}) => ({
  url: `https://news.acme.example/${id}`,
  title: `Zanzibar ${id}`,
  content: 'Acme opens a shop in Zanzibar. Great news!',
  published: String(Date.now() - 3_600_000),
  ...extra,
});

describe('sandbox document upload', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  const upload = async (path: string, body: unknown, token?: string) => {
    const response = await call(running.url, path, { ...json(body), ...(token ? { token } : {}) });
    return {
      ...response,
      outcomes: response.status === 200 ? UploadResponse.parse(response.body).result_searchdoc : [],
    };
  };
  const count = async (project: string, q: string, extra = '') =>
    HistogramResponse.parse(
      (
        await call(
          running.url,
          `/api/v1/search/p/${project}/histogram/language?q=${encodeURIComponent(q)}${extra}`,
        )
      ).body,
    ).result_histogram.total_hits;

  it('create: an uploaded document is searchable in its project at once', async () => {
    const { outcomes } = await upload('/api/v2/docs/p/7c1e-demo/create', document('one'));
    assert.deepEqual(outcomes, [
      {
        action: 'create',
        status_code: '0',
        status_message: 'OK',
        url: 'https://news.acme.example/one',
      },
    ]);
    assert.equal(await count('7c1e-demo', 'zanzibar'), 1);
  });

  it('create requires url, title, content and published, and names what is missing', async () => {
    const { outcomes } = await upload('/api/v2/docs/p/7c1e-demo/create', {
      url: 'https://news.acme.example/x',
      content: 'c',
    });
    assert.equal(outcomes[0]?.status_code, '16');
    assert.match(outcomes[0]?.status_message ?? '', /missing: title, published/);
  });

  it('the url must match a channel of the project', async () => {
    const { outcomes } = await upload(
      '/api/v2/docs/p/7c1e-demo/create',
      document('x', { url: 'https://elsewhere.example/x' }),
    );
    assert.equal(outcomes[0]?.status_code, '16');
    assert.match(
      outcomes[0]?.status_message ?? '',
      /matches no channel of project 7c1e-demo \(news\.acme\.example, acme\.example\)/,
    );
  });

  it('update changes a document in place; create of an existing url and update of a missing one say what to use', async () => {
    await upload('/api/v2/docs/p/7c1e-demo/create', document('two'));
    const again = await upload('/api/v2/docs/p/7c1e-demo/create', document('two'));
    assert.match(again.outcomes[0]?.status_message ?? '', /use update or upsert/);
    const missing = await upload('/api/v2/docs/p/7c1e-demo/update', {
      url: 'https://news.acme.example/none',
      title: 'x',
    });
    assert.match(missing.outcomes[0]?.status_message ?? '', /use create or upsert/);
    const updated = await upload('/api/v2/docs/p/7c1e-demo/update', {
      url: 'https://news.acme.example/two',
      title: 'Kilimanjaro',
      content: 'Acme climbs',
    });
    assert.equal(updated.outcomes[0]?.status_code, '0');
    assert.equal(updated.outcomes[0]?.status_message, 'OK');
    assert.equal(await count('7c1e-demo', 'zanzibar'), 0);
    assert.equal(await count('7c1e-demo', 'kilimanjaro'), 1);
  });

  it('upsert creates, then updates (the service answers OK for both)', async () => {
    const created = await upload('/api/v2/docs/p/7c1e-demo/upsert', document('three'));
    assert.equal(created.outcomes[0]?.status_code, '0');
    assert.equal(created.outcomes[0]?.status_message, 'OK');
    const updated = await upload(
      '/api/v2/docs/p/7c1e-demo/upsert',
      document('three', { title: 'Zanzibaragain' }),
    );
    assert.equal(updated.outcomes[0]?.status_message, 'OK');
    // One document, updated: the new title is found, once.
    assert.equal(await count('7c1e-demo', 'zanzibaragain'), 1);
  });

  it('a batch reports one outcome per document in order, and the valid ones apply', async () => {
    const { outcomes } = await upload('/api/v2/docs/p/7c1e-demo', [
      { create: document('b1') },
      { create: { url: 'https://news.acme.example/b2' } },
      { create: document('b3'), update: document('b3') },
      { upsert: document('b4') },
    ]);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.status_code),
      ['0', '16', '16', '0'],
    );
    assert.equal(await count('7c1e-demo', 'zanzibar'), 2);
  });

  it('a batch over 500 documents, or not an array, is refused whole with code 16', async () => {
    const big = await upload(
      '/api/v2/docs/p/7c1e-demo',
      Array.from({ length: 501 }, (_, index) => ({ create: document(`d${index}`) })),
    );
    assert.equal(big.status, 400);
    assert.equal(ErrorEnvelope.parse(big.body).status_code, '16');
    assert.match(ErrorEnvelope.parse(big.body).status_message, /at most 500/);
    assert.equal((await upload('/api/v2/docs/p/7c1e-demo', { create: document('x') })).status, 400);
  });

  it('an unknown operation is code 16; the read-only token is refused with 403 / 13; uploads cost no credit', async () => {
    const used = async () =>
      CreditsResponse.parse((await call(running.url, '/api/v1/status/credits')).body)
        .result_creditinfo.used_credits_monthly;
    const before = await used();
    assert.equal(
      ErrorEnvelope.parse((await upload('/api/v2/docs/p/7c1e-demo/replace', document('x'))).body)
        .status_code,
      '16',
    );
    const readOnly = await upload('/api/v2/docs/p/7c1e-demo/create', document('x'), READ_ONLY);
    assert.equal(readOnly.status, 403);
    await upload('/api/v2/docs/p/7c1e-demo/create', document('free'));
    assert.equal(await used(), before);
  });

  it('custom fields must exist first; dataset uploads are queried through dataset=', async () => {
    const withCustom = document('c1', {
      url: 'https://reviews.acme.example/c1',
      custom: { rating: 4 },
    });
    const refused = await upload('/api/v2/docs/p/p-insights/d/ds-survey/create', withCustom);
    assert.match(refused.outcomes[0]?.status_message ?? '', /custom field rating does not exist/);
    await call(
      running.url,
      '/api/v2/platform/p/p-insights/dataset_templates/t/tmpl-feedback/custom_metrics/add',
      json({ custom_metrics: [{ name: 'rating', title: 'Rating', format: 'integer' }] }),
    );
    assert.equal(
      (await upload('/api/v2/docs/p/p-insights/d/ds-survey/create', withCustom)).outcomes[0]
        ?.status_code,
      '0',
    );
    assert.equal(await count('p-insights', 'zanzibar', '&dataset=ds-survey'), 1);
  });

  it('annotate=sentiment scores the document; return_entry=show returns what was stored', async () => {
    const { outcomes } = await upload(
      '/api/v2/docs/p/7c1e-demo/create?annotate=sentiment&return_entry=show',
      document('s1'),
    );
    const entry = outcomes[0]?.entry;
    assert.ok((entry?.sentiment ?? 0) > 0, JSON.stringify(outcomes));
  });
});

describe('sandbox custom metrics', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());
  const base = '/api/v2/platform/p/p-insights/dataset_templates/t/tmpl-feedback/custom_metrics';
  /** Adds `metrics` to the template: what the sandbox says of each. */
  const add = async (metrics: readonly Record<string, string>[]) =>
    CustomMetricsChangeResponse.parse(
      (await call(running.url, `${base}/add`, json({ custom_metrics: metrics }))).body,
    ).result_custom_metrics;

  it('add reports each item; list shows them; delete one and many report each item', async () => {
    const added = await add([
      { name: 'nps', title: 'NPS', format: 'INTEGER' },
      { name: 'nps', title: 'Again', format: 'decimal' },
    ]);
    assert.deepEqual(
      added.data.map((item) => item.success),
      [true, false],
    );
    assert.equal(added.data[0]?.custom_metric?.format?.name, 'INTEGER');
    assert.match(added.data[1]?.error_message ?? '', /already exists/);
    const listed = CustomMetricsListResponse.parse(
      (await call(running.url, `${base}/list`)).body,
    ).result_custom_metrics;
    assert.deepEqual(
      listed.data.map((item) => item.custom_metric.name),
      ['nps'],
    );
    const one = CustomMetricsChangeResponse.parse(
      (await call(running.url, `${base}/m/nps`, { method: 'DELETE' })).body,
    ).result_custom_metrics;
    assert.equal(one.data[0]?.success, true);
    const many = CustomMetricsChangeResponse.parse(
      (await call(running.url, `${base}/delete`, json({ metric_names: ['nps', 'ghost'] }))).body,
    ).result_custom_metrics;
    assert.deepEqual(
      many.data.map((item) => [item.custom_metric?.name, item.success]),
      [
        ['nps', false],
        ['ghost', false],
      ],
    );
  });

  it('a bad format refuses that metric alone, saying why; a template of another project is 404', async () => {
    // api.md: add reports failures per item. Three metrics, one with a bad format: two added.
    const added = await add([
      { name: 'good_one', title: 'Good', format: 'INTEGER' },
      { name: 'bad_one', title: 'Bad', format: 'colour' },
      { name: 'good_two', title: 'Also good', format: 'text' },
    ]);
    assert.deepEqual(
      added.data.map((item) => [item.custom_metric?.name, item.success]),
      [
        ['good_one', true],
        ['bad_one', false],
        ['good_two', true],
      ],
    );
    assert.match(added.data[1]?.error_message ?? '', /format/);
    assert.equal(
      (
        await call(
          running.url,
          '/api/v2/platform/p/7c1e-demo/dataset_templates/t/tmpl-feedback/custom_metrics/list',
        )
      ).status,
      404,
    );
  });
});
