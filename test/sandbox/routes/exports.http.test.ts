// Contract tests of export tasks over real HTTP: the task lifecycle on the virtual clock, limits,
// abort, delivery into the target collector, and credits.
import assert from 'node:assert/strict';
import {
  Chunk,
  CreditsResponse,
  ErrorEnvelope,
  TasksResponse,
} from '../../../core/api/schemas/index';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, openChunks, sandbox } from '../support/sandbox';

const DAY = 86_400_000;
const NOW = Date.now();
const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const DOCUMENTS: AnalyticsDocument[] = Array.from({ length: 30 }, (_, index) => ({
  url: `https://news.acme.example/${index}`,
  title: index % 2 === 0 ? `Acme story ${index}` : `Globex story ${index}`,
  content: 'story',
  published: NOW - (index + 1) * 3_600_000,
}));

describe('sandbox export tasks', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox({ documents: DOCUMENTS });
    await call(running.url, '/api/v3/stream/c/target', json('PUT', {}));
  });
  afterEach(() => running.close());

  const exportByQuery = async (body: Record<string, unknown>) =>
    call(
      running.url,
      '/api/v3/stream/export',
      json('POST', { start: NOW - 2 * DAY, target: 'target', ...body }),
    );
  const task = async (id: string) =>
    TasksResponse.parse((await call(running.url, `/api/v3/tasks/export/${id}`)).body).result_tasks
      .tasks[0]!;
  const advance = (ms: number) =>
    call(running.url, '/_sandbox/clock', json('POST', { advance_ms: ms }));
  const targetTitles = async () => {
    const reader = await openChunks(
      running.url,
      '/api/v3/stream/c/target/results?end_behaviour=stop',
    );
    const titles: string[] = [];
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      const parsed = Chunk.parse(chunk);
      if (parsed.chunk_type === 'CT_RESULT') titles.push(parsed.chunk_result.data.data.title ?? '');
    }
    return titles;
  };

  it('starts QUEUED with processed 0 and progress 0, in lower case, with an ISO creation date', async () => {
    const { body } = await exportByQuery({ query: 'acme' });
    assert.equal(
      (body as { result_tasks: { tasks: { status: string }[] } }).result_tasks.tasks[0]?.status,
      'queued',
    );
    const created = TasksResponse.parse(body).result_tasks.tasks[0]!;
    assert.deepEqual(
      [created.status, created.processed, created.progress, created.type, created.target],
      ['QUEUED', 0, 0, 'export', 'target'],
    );
    assert.match(created.creation_date ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('runs on the virtual clock to FINISHED and writes the results into the paused target collector', async () => {
    const created = TasksResponse.parse((await exportByQuery({ query: 'acme' })).body).result_tasks
      .tasks[0]!;
    await advance(5000);
    const finished = await task(created.id);
    assert.deepEqual([finished.status, finished.processed, finished.progress], ['FINISHED', 15, 1]);
    const titles = await targetTitles();
    assert.equal(titles.length, 15);
    assert.ok(titles.every((title) => title.startsWith('Acme')));
  });

  it('limit interrupts the task with RESULT_LIMIT_REACHED', async () => {
    const created = TasksResponse.parse((await exportByQuery({ query: 'acme', limit: 4 })).body)
      .result_tasks.tasks[0]!;
    await advance(5000);
    const done = await task(created.id);
    assert.deepEqual([done.status, done.processed], ['RESULT_LIMIT_REACHED', 4]);
    assert.equal((await targetTitles()).length, 4);
  });

  it('DELETE aborts a running task, answering only id and status', async () => {
    const created = TasksResponse.parse((await exportByQuery({ query: 'acme' })).body).result_tasks
      .tasks[0]!;
    const { body } = await call(running.url, `/api/v3/tasks/export/${created.id}`, {
      method: 'DELETE',
    });
    assert.deepEqual((body as { result_tasks: unknown }).result_tasks, {
      tasks: [{ id: created.id, status: 'deleted' }],
    });
    await advance(5000);
    assert.equal((await task(created.id)).status, 'DELETED');
    assert.deepEqual(await targetTitles(), []);
  });

  it('each exported result costs 1 credit, again when an overlapping task exports it again', async () => {
    const used = async () =>
      CreditsResponse.parse((await call(running.url, '/api/v1/status/credits')).body)
        .result_creditinfo.used_credits_monthly!;
    const before = await used();
    await exportByQuery({ query: 'acme', limit: 3 });
    await exportByQuery({ query: 'acme', limit: 3 });
    await advance(5000);
    await call(running.url, '/api/v3/tasks/export');
    assert.equal((await used()) - before, 6);
  });

  it('from a stream or a project: the source ANDed with the query and the time window; the list shows every task', async () => {
    await call(
      running.url,
      '/api/v3/stream/s/rivals',
      json('PUT', { rules: [{ rule_id: 'g', query: 'globex' }] }),
    );
    const fromStream = TasksResponse.parse(
      (
        await call(
          running.url,
          '/api/v3/stream/s/rivals/export',
          json('POST', { start: NOW - 5 * 3_600_000, target: 'target' }),
        )
      ).body,
    ).result_tasks.tasks[0]!;
    const fromProject = TasksResponse.parse(
      (
        await call(
          running.url,
          '/api/v3/stream/p/7c1e-demo/export',
          json('POST', {
            start: '2020-01-01',
            target: 'target',
            query: 'story',
            topics: ['t-acme'],
          }),
        )
      ).body,
    ).result_tasks.tasks[0]!;
    await advance(5000);
    assert.equal((await task(fromStream.id)).processed, 2);
    assert.equal((await task(fromProject.id)).processed, 15);
    const list = TasksResponse.parse((await call(running.url, '/api/v3/tasks/export')).body)
      .result_tasks.tasks;
    assert.deepEqual(list.map((each) => each.id).sort(), [fromStream.id, fromProject.id].sort());
  });

  it('bad requests name what is wrong: missing start or target, the query on the query endpoint, an unknown target, a bad date', async () => {
    assert.deepEqual(
      ErrorEnvelope.parse(
        (
          await call(
            running.url,
            '/api/v3/stream/export',
            json('POST', { target: 'target', query: 'x' }),
          )
        ).body,
      ).result_error?.data,
      [{ key: 'params', value: ['start'] }],
    );
    assert.deepEqual(ErrorEnvelope.parse((await exportByQuery({})).body).result_error?.data, [
      { key: 'params', value: ['query'] },
    ]);
    assert.equal((await exportByQuery({ query: 'x', target: 'missing' })).status, 404);
    assert.match(
      ErrorEnvelope.parse((await exportByQuery({ query: 'x', start: '1st of May' })).body)
        .status_message,
      /start/,
    );
    assert.equal((await call(running.url, '/api/v3/tasks/export/none')).status, 404);
  });
});
