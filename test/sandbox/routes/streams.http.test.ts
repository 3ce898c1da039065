// Contract tests of streams over real HTTP: definitions, info, delete, and chunked results.
import assert from 'node:assert/strict';
import {
  Chunk,
  CreditsResponse,
  ErrorEnvelope,
  StreamDefinitionResponse,
  StreamInfoResponse,
} from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, live, openChunks, sandbox } from '../support/sandbox';

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const RULES = {
  rules: [
    { rule_id: 'brand', query: 'acme' },
    { rule_id: 'rival', query: 'globex' },
  ],
};

describe('sandbox streams', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  const define = (id: string, body: unknown) =>
    call(running.url, `/api/v3/stream/s/${id}`, json('PUT', body));

  it('PUT defines a stream, and again replaces its rules; info lists it enabled', async () => {
    const first = StreamDefinitionResponse.parse((await define('s1', RULES)).body);
    assert.deepEqual(
      first.result_stream.data[0]?.rules?.map((rule) => rule.rule_id),
      ['brand', 'rival'],
    );
    await define('s1', { rules: [{ rule_id: 'only', query: 'initech' }] });
    const info = StreamInfoResponse.parse((await call(running.url, '/api/v3/stream/info')).body);
    assert.deepEqual(info.result_stream.streams, [{ stream_id: 's1', enabled: true }]);
  });

  it('a rule over 50 operands is 403 / 19; a rule that does not parse is code 4 naming the rule; duplicate rule ids code 18', async () => {
    const big = Array.from({ length: 51 }, (_, index) => `w${index}`).join(' OR ');
    const tooMany = await define('s1', { rules: [{ rule_id: 'big', query: big }] });
    assert.equal(tooMany.status, 403);
    assert.equal(ErrorEnvelope.parse(tooMany.body).status_code, '19');
    const broken = await define('s1', { rules: [{ rule_id: 'broken', query: 'acme AND' }] });
    assert.equal(ErrorEnvelope.parse(broken.body).status_code, '4');
    assert.match(ErrorEnvelope.parse(broken.body).status_message, /broken/);
    const duplicate = await define('s1', {
      rules: [
        { rule_id: 'a', query: 'x' },
        { rule_id: 'a', query: 'y' },
      ],
    });
    assert.equal(ErrorEnvelope.parse(duplicate.body).status_code, '18');
    assert.equal(ErrorEnvelope.parse((await define('s1', { rules: [] })).body).status_code, '18');
  });

  it('DELETE removes a stream; results of an unknown stream are 404 / 15 before any chunk', async () => {
    await define('s1', RULES);
    assert.equal(
      (await call(running.url, '/api/v3/stream/s/s1', { method: 'DELETE' })).status,
      200,
    );
    const missing = await call(running.url, '/api/v3/stream/s/s1/results');
    assert.equal(missing.status, 404);
    assert.equal(ErrorEnvelope.parse(missing.body).status_code, '15');
  });

  it('results: a control chunk first, then matching live documents in order, rules ORed, with highlights naming the rule', async () => {
    await define('s1', RULES);
    const chunks = await openChunks(running.url, '/api/v3/stream/s/s1/results');
    assert.match(chunks.response.headers.get('content-type') ?? '', /^text\/plain/);
    const control = Chunk.parse(await chunks.next());
    assert.ok(
      control.chunk_type === 'CT_CONTROL' && control.chunk_control.stream?.[0]?.status === 'active',
    );
    await live(running.url, [
      { title: 'Acme news', content: 'acme launches' },
      { title: 'Weather', content: 'rain' },
      { title: 'Globex news', content: 'globex too' },
    ]);
    const first = Chunk.parse(await chunks.next());
    const second = Chunk.parse(await chunks.next());
    assert.ok(first.chunk_type === 'CT_RESULT' && second.chunk_type === 'CT_RESULT');
    assert.equal(first.chunk_result.data.data.title, 'Acme news');
    assert.equal(second.chunk_result.data.data.title, 'Globex news');
    assert.ok(
      (first.chunk_result.data.data.search_indexed ?? 0) <
        (second.chunk_result.data.data.search_indexed ?? 0),
    );
    assert.deepEqual(first.chunk_result.data.highlighted_data?.[0]?.matched, {
      rule_id: 'brand',
      stream_id: 's1',
    });
    assert.equal(first.chunk_result.data.highlighted_data?.[0]?.title_snippet, '<b>Acme</b> news');
    chunks.close();
  });

  it('q is ANDed with every rule and its words are highlighted in the document; max_hits ends the response', async () => {
    await define('s1', RULES);
    const chunks = await openChunks(
      running.url,
      '/api/v3/stream/s/s1/results?q=launches&max_hits=1',
    );
    await chunks.next();
    await live(running.url, [
      { title: 'Globex news', content: 'nothing new' },
      { title: 'Acme news', content: 'acme launches' },
      { title: 'Acme again', content: 'acme launches again' },
    ]);
    const result = Chunk.parse(await chunks.next());
    assert.ok(result.chunk_type === 'CT_RESULT');
    assert.equal(result.chunk_result.data.data.title, 'Acme news');
    assert.equal(result.chunk_result.data.data.content_snippet, 'acme <b>launches</b>');
    assert.equal(await chunks.next(), null);
  });

  it('a newer connection ends the older one with CT_ERROR code 24', async () => {
    await define('s1', RULES);
    const older = await openChunks(running.url, '/api/v3/stream/s/s1/results');
    await older.next();
    const newer = await openChunks(running.url, '/api/v3/stream/s/s1/results');
    await newer.next();
    const error = Chunk.parse(await older.next());
    assert.ok(error.chunk_type === 'CT_ERROR' && error.chunk_error.status_code === '24');
    assert.equal(await older.next(), null);
    newer.close();
  });

  it('each streamed result costs 1 credit', async () => {
    await define('s1', RULES);
    const used = async () =>
      CreditsResponse.parse((await call(running.url, '/api/v1/status/credits')).body)
        .result_creditinfo.used_credits_monthly!;
    const before = await used();
    const chunks = await openChunks(running.url, '/api/v3/stream/s/s1/results?max_hits=2');
    await chunks.next();
    await live(running.url, [
      { title: 'acme 1', content: '' },
      { title: 'acme 2', content: '' },
    ]);
    await chunks.next();
    await chunks.next();
    assert.equal(await chunks.next(), null);
    assert.equal((await used()) - before, 2);
  });

  it('the firehose delivers --rate documents per second of the virtual clock', async () => {
    await running.close();
    running = await sandbox({ rate: 5 });
    await define('all', { rules: [{ rule_id: 'any', query: 'NOT zzzyzx' }] });
    const chunks = await openChunks(running.url, '/api/v3/stream/s/all/results?max_hits=10');
    await chunks.next();
    await call(running.url, '/_sandbox/clock', json('POST', { advance_ms: 2000 }));
    let results = 0;
    while ((await chunks.next())?.chunk_type === 'CT_RESULT') results += 1;
    assert.equal(results, 10);
  });
});
