// Contract tests of collectors over real HTTP: the state table of api.md, definitions, buffering,
// retention, credits, and reading results with resume offsets.
import assert from 'node:assert/strict';
import {
  Chunk,
  CollectorResponse,
  CreditsResponse,
  ErrorEnvelope,
  StreamInfoResponse,
  type Chunk as ChunkType,
} from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, live, openChunks, sandbox } from '../support/sandbox';
import sourceTypes from '../../../core/query/data/sourcetypes.json';

const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const QUERIES = {
  collector_query: {
    queries: [
      { id: 'q1', query: 'acme' },
      { id: 'q2', query: 'globex' },
    ],
  },
};

/** A query every document matches: each has a source type. */
const EVERY_SOURCE_TYPE = sourceTypes.values
  .filter(({ value }) => !value.includes('_'))
  .map(({ value }) => `sourcetype:${value}`)
  .join(' OR ');

describe('sandbox collectors', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  const put = async (id: string, body: unknown) =>
    call(running.url, `/api/v3/stream/c/${id}`, json('PUT', body));
  const state = async (id: string) =>
    CollectorResponse.parse((await call(running.url, `/api/v3/stream/c/${id}`)).body).result_stream
      .collectors[0]?.state;
  /** Reads a collector to the end (end_behaviour=stop): the results' titles and the last offset. */
  const readAll = async (id: string, resume = 'earliest') => {
    const reader = await openChunks(
      running.url,
      `/api/v3/stream/c/${id}/results?end_behaviour=stop&resume_offset=${encodeURIComponent(resume)}`,
    );
    const titles: string[] = [];
    let offset = '';
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      const parsed: ChunkType = Chunk.parse(chunk);
      if (parsed.chunk_type === 'CT_RESULT') titles.push(parsed.chunk_result.data.data.title ?? '');
      if (parsed.chunk_type === 'CT_CONTROL') offset = parsed.chunk_control.resume_offset ?? offset;
    }
    return { titles, offset };
  };

  it('PUT with a definition makes an ACTIVE collector; an empty one is PAUSED (an export target)', async () => {
    const active = CollectorResponse.parse((await put('c1', QUERIES)).body);
    assert.deepEqual(active.result_stream.collectors, [{ collector_id: 'c1', state: 'ACTIVE' }]);
    const empty = CollectorResponse.parse((await put('c2', {})).body);
    assert.equal(empty.result_stream.collectors[0]?.state, 'PAUSED');
    const info = StreamInfoResponse.parse((await call(running.url, '/api/v3/stream/info')).body);
    assert.deepEqual(
      info.result_stream.collectors?.map((collector) => collector.state),
      ['ACTIVE', 'PAUSED'],
    );
  });

  it('the definition rules: no state in the request, not projects and project_topics together, one project', async () => {
    const withState = await put('c1', { state: 'ACTIVE', ...QUERIES });
    assert.equal(withState.status, 400);
    assert.match(ErrorEnvelope.parse(withState.body).status_message, /state/);
    assert.match(
      ErrorEnvelope.parse(
        (
          await put('c1', {
            collector_query: {
              projects: ['7c1e-demo'],
              project_topics: { project: '7c1e-demo', topics: ['t-acme'] },
            },
          })
        ).body,
      ).status_message,
      /never both/,
    );
    assert.match(
      ErrorEnvelope.parse(
        (await put('c1', { collector_query: { projects: ['7c1e-demo', 'p-competitors'] } })).body,
      ).status_message,
      /one project/,
    );
    assert.equal((await put('c1', { collector_query: { projects: ['nope'] } })).status, 404);
  });

  it('buffers matching live documents and reads them back with end_behaviour=stop', async () => {
    await put('c1', QUERIES);
    await live(running.url, [
      { title: 'acme one', content: '' },
      { title: 'weather', content: '' },
      { title: 'globex two', content: '' },
    ]);
    assert.deepEqual((await readAll('c1')).titles, ['acme one', 'globex two']);
  });

  it('different parameters must all match: (project) AND (queries)', async () => {
    await put('c1', {
      collector_query: { projects: ['7c1e-demo'], queries: [{ id: 'launch', query: 'launch' }] },
    });
    await live(running.url, [
      { title: 'Acme launch', content: 'acme' },
      { title: 'Globex launch', content: 'globex' },
      { title: 'Acme news', content: 'acme' },
    ]);
    assert.deepEqual((await readAll('c1')).titles, ['Acme launch']);
  });

  it('paused: nothing live is collected and the data is kept; resumed: collecting again', async () => {
    await put('c1', QUERIES);
    await live(running.url, [{ title: 'acme 1', content: '' }]);
    await call(running.url, '/api/v3/stream/c/c1/pause', json('POST'));
    assert.equal(await state('c1'), 'PAUSED');
    await live(running.url, [{ title: 'acme 2', content: '' }]);
    await call(running.url, '/api/v3/stream/c/c1/resume', json('POST'));
    await live(running.url, [{ title: 'acme 3', content: '' }]);
    assert.deepEqual((await readAll('c1')).titles, ['acme 1', 'acme 3']);
  });

  it('delete removes the collector and its content for good; old offsets are refused', async () => {
    await put('c1', QUERIES);
    await live(running.url, [{ title: 'acme 1', content: '' }]);
    const { offset } = await readAll('c1');
    const deleted = CollectorResponse.parse(
      (await call(running.url, '/api/v3/stream/c/c1', { method: 'DELETE' })).body,
    );
    assert.equal(deleted.result_stream.collectors[0]?.state, 'DELETED');
    assert.equal((await call(running.url, '/api/v3/stream/c/c1')).status, 404);
    await put('c1', QUERIES);
    assert.deepEqual((await readAll('c1')).titles, []);
    const stale = await call(
      running.url,
      `/api/v3/stream/c/c1/results?end_behaviour=stop&resume_offset=${encodeURIComponent(offset)}`,
    );
    assert.equal(stale.status, 400);
    assert.match(ErrorEnvelope.parse(stale.body).status_message, /resume_offset/);
  });

  it('a resume_offset from a control chunk continues exactly there: nothing repeated, nothing skipped', async () => {
    await put('c1', QUERIES);
    await live(
      running.url,
      [1, 2, 3].map((n) => ({ title: `acme ${n}`, content: '' })),
    );
    const first = await readAll('c1');
    assert.deepEqual(first.titles, ['acme 1', 'acme 2', 'acme 3']);
    await live(
      running.url,
      [4, 5].map((n) => ({ title: `acme ${n}`, content: '' })),
    );
    assert.deepEqual((await readAll('c1', first.offset)).titles, ['acme 4', 'acme 5']);
    assert.deepEqual((await readAll('c1', 'latest')).titles, []);
  });

  it('end_behaviour=wait keeps the connection open and delivers new documents as they are buffered', async () => {
    await put('c1', QUERIES);
    const reader = await openChunks(
      running.url,
      '/api/v3/stream/c/c1/results?resume_offset=latest',
    );
    await reader.next();
    await reader.next();
    await live(running.url, [{ title: 'acme later', content: '' }]);
    const result = Chunk.parse(await reader.next());
    assert.ok(
      result.chunk_type === 'CT_RESULT' && result.chunk_result.data.data.title === 'acme later',
    );
    assert.deepEqual(result.chunk_result.data.highlighted_data?.[0]?.matched?.collector_query_ids, [
      'q1',
    ]);
    reader.close();
  });

  it('code 25 asks the reader to resume from its last offset, and resuming delivers each document once', async () => {
    await put('c1', QUERIES);
    await live(running.url, [{ title: 'acme 1', content: '' }]);
    const reader = await openChunks(running.url, '/api/v3/stream/c/c1/results');
    let offset = '';
    const titles: string[] = [];
    for (;;) {
      const chunk = Chunk.parse(await reader.next());
      if (chunk.chunk_type === 'CT_CONTROL') offset = chunk.chunk_control.resume_offset ?? offset;
      if (chunk.chunk_type === 'CT_RESULT') titles.push(chunk.chunk_result.data.data.title ?? '');
      if (titles.length === 1 && chunk.chunk_type === 'CT_CONTROL') break;
    }
    await call(running.url, '/_sandbox/disconnect', json('POST', { collector_id: 'c1' }));
    const error = Chunk.parse(await reader.next());
    assert.ok(error.chunk_type === 'CT_ERROR' && error.chunk_error.status_code === '25');
    await live(running.url, [{ title: 'acme 2', content: '' }]);
    titles.push(...(await readAll('c1', offset)).titles);
    assert.deepEqual(titles, ['acme 1', 'acme 2']);
  });

  it('buffered documents expire after 7 days of the virtual clock', async () => {
    await put('c1', QUERIES);
    await live(running.url, [{ title: 'acme old', content: '' }]);
    await call(running.url, '/_sandbox/clock', json('POST', { advance_ms: 7 * 86_400_000 + 1000 }));
    await live(running.url, [{ title: 'acme new', content: '' }]);
    assert.deepEqual((await readAll('c1')).titles, ['acme new']);
  });

  it('moving the clock delivers what the firehose owes for the jump: rate × seconds', async () => {
    await running.close();
    running = await sandbox({ rate: 2 });
    const putAt = Date.now();
    await put('all', { collector_query: { queries: [{ id: 'q', query: EVERY_SOURCE_TYPE }] } });
    await call(running.url, '/_sandbox/clock', json('POST', { advance_ms: 10_000 }));
    const delivered = (await readAll('all')).titles.length;
    // The firehose also runs in real time meanwhile (2 a second): on a loaded machine this test's
    // own seconds add their share. The jump itself must bring its 20, no fewer.
    const ownSeconds = Math.ceil((Date.now() - putAt) / 1000);
    assert.ok(
      delivered >= 20 && delivered <= 20 + 2 * ownSeconds,
      `${delivered} delivered: 20 for the jump, at most ${2 * ownSeconds} more in ${ownSeconds} s`,
    );
  });

  it('each buffered document costs 1 credit, reading is free, and no credits left means NO_CREDITS', async () => {
    await running.close();
    running = await sandbox({ credits: 2 });
    await put('c1', QUERIES);
    const used = async () =>
      CreditsResponse.parse((await call(running.url, '/api/v1/status/credits')).body)
        .result_creditinfo.used_credits_monthly!;
    await live(running.url, [{ title: 'acme 1', content: '' }]);
    assert.equal(await used(), 1);
    await readAll('c1');
    await readAll('c1');
    assert.equal(await used(), 1);
    await live(
      running.url,
      [2, 3].map((n) => ({ title: `acme ${n}`, content: '' })),
    );
    assert.equal(await state('c1'), 'NO_CREDITS');
    assert.deepEqual((await readAll('c1')).titles, ['acme 1', 'acme 2']);
  });

  it('results reads are limited to 5 per minute', async () => {
    await put('c1', QUERIES);
    for (let index = 0; index < 5; index++) await readAll('c1');
    const refused = await call(running.url, '/api/v3/stream/c/c1/results?end_behaviour=stop');
    assert.equal(ErrorEnvelope.parse(refused.body).status_code, '8');
  });
});
