// The sandbox answers as the service does: each request of the service's published description
// (test/fixtures/service/) replayed against the sandbox, with the sandbox's own ids, gets an
// answer of the published answer's shape (keys and types compared, not values): no field the
// service does not send, none of another type, none of the service's left out (documents aside:
// a document holds what its source has). The operations refused on purpose answer 404, code 26,
// saying that the sandbox does not emulate them, and docs/decisions.md lists each.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT, type ContractName } from '../../core/api/contract';
import type { RunningSandbox } from '../../sandbox/server';
import {
  resultChunks,
  serviceFixtures,
  type ServiceExample,
  type ServiceFixture,
} from '../support/serviceFixtures';
import { SERVICE_FIXTURES } from '../support/serviceFixturesFolder';
import { call, live, sandbox, TOKEN } from './support/sandbox';

/** The operations the sandbox refuses on purpose (docs/decisions.md says why). */
const NOT_EMULATED: readonly ContractName[] = [
  'globalSummary',
  'projectSummary',
  'views',
  'sourcePanelsList',
  'sourcePanelsAdd',
  'sourcePanelGroupsAdd',
  'topicsImport',
  'topicsDelete',
];

const PROJECT = '7c1e-demo';
const INSIGHTS = 'p-insights';

/** The sandbox's ids for the placeholders of the published paths. */
function pathFor(fixture: ServiceFixture): string {
  const project = /custom_metrics|\/d\//.test(fixture.request.path) ? INSIGHTS : PROJECT;
  return fixture.request.path
    .replace('{project_id}', project)
    .replace('{dataset_id}', 'ds-survey')
    .replace('{topic_id}', 't-acme')
    .replace('{stream_id}', 'stream-one')
    .replace('{collector_id}', 'collector-one')
    .replace('{metric_name}', 'metric_one');
}

/** The published query, with the values only the sandbox can answer put in. */
function queryFor(fixture: ServiceFixture): URLSearchParams {
  const query = new URLSearchParams(fixture.request.query ?? {});
  if (query.has('image_url')) query.set('image_url', 'https://images.acme.example/logo.png');
  if (query.has('detect')) query.delete('detect');
  // Reads end by themselves here: the collector's after its buffer, a live read after 2 results.
  if (fixture.operation === 'collectorResults') query.set('end_behaviour', 'stop');
  if (query.has('max_hits')) query.set('max_hits', '2');
  if (query.has('q')) query.set('q', 'acme');
  return query;
}

/** Bodies naming what the sandbox has (the published ones name the service's projects). */
const BODIES: Partial<Record<ContractName, unknown>> = {
  collectorPut: {
    collector_query: {
      project_topics: { project: PROJECT, topics: ['t-acme'] },
      filters: ['f-english'],
      queries: [{ id: 'rule_1', query: 'acme' }],
    },
  },
  exportFromProject: {
    start: '2026-01-01',
    target: 'collector-one',
    topics: ['t-acme'],
    limit: 10,
  },
  exportFromStream: { start: '2026-01-01', target: 'collector-one', limit: 10 },
  exportByQuery: { start: '2026-01-01', target: 'collector-one', query: 'acme', limit: 10 },
  streamResultsPost: { q: 'acme' },
  projectLiveResultsPost: { q: 'acme' },
  projectMetricsUpdate: {
    custom_metrics: [
      { name: 'metric_one', title: 'Renamed', description: '', display_in_ui: false },
    ],
  },
  projectMetricsDelete: { metric_names: ['metric_one'] },
};

/** Stories the published queries' replacements find, more than a page of two. */
const STORIES = [1, 2, 3, 4, 5].map((index) => ({
  url: `https://news.acme.example/story-${index}`,
  title: `Acme story ${index}`,
  content: 'Acme and its rocket skates.',
  lang: 'en',
  published: Date.now() - index * 3_600_000,
  engagement: index * 10,
}));

// ---- Shapes --------------------------------------------------------------------------------

interface Shape {
  readonly types: Set<string>;
  /** Keys of the objects seen here, with the keys every one of them had. */
  readonly keys: Map<string, Shape>;
  readonly always: Set<string> | undefined;
  items: Shape | undefined;
}

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function shapeOf(values: readonly unknown[]): Shape {
  const shape: Shape = { types: new Set(), keys: new Map(), always: undefined, items: undefined };
  let always: Set<string> | undefined;
  const byKey = new Map<string, unknown[]>();
  const items: unknown[] = [];
  for (const value of values) {
    shape.types.add(kind(value));
    if (Array.isArray(value)) items.push(...(value as unknown[]));
    else if (kind(value) === 'object') {
      const keys = Object.keys(value as object);
      always = always ? new Set([...always].filter((key) => keys.includes(key))) : new Set(keys);
      for (const key of keys)
        byKey.set(key, [...(byKey.get(key) ?? []), (value as Record<string, unknown>)[key]]);
    }
  }
  for (const [key, seen] of byKey) shape.keys.set(key, shapeOf(seen));
  if (items.length > 0) shape.items = shapeOf(items);
  return { ...shape, always };
}

/** A document holds what its source has: the service's fields, not all of them. */
const DOCUMENT = /(^|\.)(data\[\]\.data|chunk_result\.data\.data|entry)$/;

/**
 * Fields the sandbox sends that the published examples do not show, on purpose: each is in
 * api.md or gaps.md, and the client reads both forms.
 */
const ALSO_SENT: ReadonlyMap<string, string> = new Map([
  ['result_stream.collectors[].query', "api.md's name of a collector's definition (gaps.md)"],
  ['result_resources.projects[].topics[].description', "api.md: a group's optional description"],
  ['result_resources.projects[].filters[].description', "api.md: a group's optional description"],
  ['result_accinfo.projects[].capabilities', "api.md: a project's import types, when it has some"],
]);

/** Fields the service leaves out when it has nothing for them (its published answers show it). */
const LEFT_OUT_WHEN_EMPTY = new Set([
  'result_histogram.data[].val[].min',
  'result_histogram.data[].val[].max',
  'result_histogram.data[].val[].avg',
]);

/** Where `ours` is not of the service's shape, each as `path: what`. */
function differences(ours: unknown, theirs: Shape, path = ''): string[] {
  const type = kind(ours);
  if (!theirs.types.has(type))
    return [
      `${path || 'answer'}: ${type}, where the service sends ${[...theirs.types].join(' or ')}`,
    ];
  if (type === 'array') {
    if (!theirs.items) return [];
    return (ours as unknown[]).flatMap((item) => differences(item, theirs.items!, `${path}[]`));
  }
  if (type !== 'object') return [];
  const object = ours as Record<string, unknown>;
  const found: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    const at = path ? `${path}.${key}` : key;
    const known = theirs.keys.get(key);
    if (known) found.push(...differences(value, known, at));
    else if (!ALSO_SENT.has(at)) found.push(`${at}: a field the service does not send`);
  }
  if (!DOCUMENT.test(path))
    for (const key of theirs.always ?? []) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in object) && !LEFT_OUT_WHEN_EMPTY.has(at))
        found.push(`${at}: left out, the service sends it`);
    }
  return [...new Set(found)];
}

/** Result chunks of a streamed answer, parsed (the published ones by brace depth). */
function chunksOf(text: string): unknown[] {
  const chunks: unknown[] = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' && depth++ === 0) start = index;
    else if (char === '}' && --depth === 0) {
      try {
        chunks.push(JSON.parse(text.slice(start, index + 1)));
      } catch {
        // The published chunk that is not valid JSON: its shape is the others'.
      }
    }
  }
  return chunks;
}

// ---- The replay ----------------------------------------------------------------------------

describe("the sandbox answers the service's published requests as the service does", function () {
  this.timeout(30_000);
  let running: RunningSandbox;
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  // A sandbox for each request: what one operation creates or deletes, and the rate limits it
  // spends, are not another's.
  beforeEach(async () => {
    running = await sandbox({ documents: STORIES });
  });
  afterEach(() => running.close());

  /** What each operation needs to exist first: a stream, a collector, a task, a metric. */
  async function prepare(operation: ContractName): Promise<Record<string, string>> {
    const ok = async (answer: Promise<{ status: number; text: string }>) => {
      const { status, text } = await answer;
      assert.equal(status, 200, text);
    };
    await ok(
      call(
        running.url,
        '/api/v3/stream/s/stream-one',
        json('PUT', { rules: [{ rule_id: 'rule_1', query: 'acme' }] }),
      ),
    );
    await ok(
      call(
        running.url,
        '/api/v3/stream/c/collector-one',
        json('PUT', { collector_query: { queries: [{ id: 'rule_1', query: 'acme' }] } }),
      ),
    );
    const metrics = `/api/v2/platform/p/${INSIGHTS}/custom_metrics`;
    await call(
      running.url,
      `${metrics}/add`,
      json('POST', { custom_metrics: [{ name: 'metric_one', title: 'One', format: 'INTEGER' }] }),
    );
    if (operation === 'exportTask' || operation === 'exportAbort') {
      const { body } = await call(
        running.url,
        '/api/v3/stream/export',
        json('POST', { start: '2026-01-01', target: 'collector-one', query: 'acme', limit: 5 }),
      );
      const task = (body.result_tasks as { tasks: { id: string }[] }).tasks[0]!;
      return { task: task.id };
    }
    return {};
  }

  /** Documents that arrive while a live read is open, so that it has results to show. */
  async function arriving(): Promise<void> {
    await live(
      running.url,
      [1, 2, 3].map((index) => ({
        url: `https://news.acme.example/arrival-${index}`,
        title: `Acme arrival ${index}`,
        content: 'Acme and its rocket skates.',
        lang: 'en',
      })),
    );
  }

  const fixtures = serviceFixtures(SERVICE_FIXTURES);
  for (const fixture of fixtures) {
    const example: ServiceExample | undefined = fixture.examples.find(
      (each) => each.status === 200,
    );
    if (!example) continue;
    it(`${fixture.operation}: ${fixture.request.method} ${fixture.request.path}`, async () => {
      const { task } = await prepare(fixture.operation);
      let path = pathFor(fixture).replace('{task_id}', task ?? 'none');
      const query = queryFor(fixture);
      if (query.size > 0) path += `?${query.toString()}`;
      const body = BODIES[fixture.operation] ?? fixture.request.body;
      const init: RequestInit =
        (CONTRACT[fixture.operation] as { body?: unknown }).body === 'multipart'
          ? { method: 'POST', body: imageForm() }
          : body === undefined
            ? { method: fixture.request.method }
            : json(fixture.request.method, body);

      if (NOT_EMULATED.includes(fixture.operation)) {
        const refused = await call(running.url, path, init);
        assert.equal(refused.status, 404);
        assert.equal(refused.body.status_code, '26');
        assert.match(String(refused.body.status_message), /not emulated by the sandbox/);
        return;
      }
      if (example.text !== undefined) {
        if (fixture.operation === 'collectorResults') await arriving();
        const url = new URL(path, running.url);
        url.searchParams.set('access_token', TOKEN);
        const reading = fetch(url, init);
        const response = await reading;
        assert.equal(response.status, 200);
        // Live reads show what arrives once they are open.
        if (fixture.operation !== 'collectorResults') await arriving();
        const text = await response.text();
        assert.ok(resultChunks(text) > 0, 'the read delivered results');
        // Each chunk of ours has the shape of the service's chunks.
        const theirs = shapeOf(chunksOf(example.text));
        const found = chunksOf(text).flatMap((chunk) => differences(chunk, theirs));
        assert.deepEqual([...new Set(found)], []);
        return;
      }
      const answer = await call(running.url, path, init);
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(differences(answer.body, shapeOf([example.answer])), []);
    });
  }

  it('decisions.md lists every operation the sandbox refuses on purpose', () => {
    const decisions = readFileSync(join(import.meta.dirname, '../../docs/decisions.md'), 'utf8');
    for (const operation of NOT_EMULATED) {
      const { method, path } = CONTRACT[operation];
      assert.ok(
        decisions.includes(`${method} ${path}`),
        `docs/decisions.md names ${method} ${path}`,
      );
    }
  });
});

function imageForm(): FormData {
  const form = new FormData();
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  form.append('image_file', new Blob([png], { type: 'image/png' }), 'pixel.png');
  return form;
}
