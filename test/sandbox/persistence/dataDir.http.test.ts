// Persistence with a data directory (issue 3 "Persistence"): uploads, streams, collectors with
// their buffers, tasks and credits survive a restart and a crash with nothing acknowledged lost.
// In-process restarts here; the kill -9 tests run `mmq sandbox` as a separate process.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chunk, CreditsResponse } from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import sourceTypes from '../../../core/query/data/sourcetypes.json';
import { call, live, openChunks, READ_ONLY, sandbox, TOKEN } from '../support/sandbox';

const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const HOUR = 3_600_000;

/** A query every document matches: each has a source type. */
const EVERY_SOURCE_TYPE = sourceTypes.values
  .filter(({ value }) => !value.includes('_'))
  .map(({ value }) => `sourcetype:${value}`)
  .join(' OR ');

const newDataDir = () => mkdtemp(join(tmpdir(), 'mmq-data-'));

/** A data directory whose journal defines one stream, `kept`; no sandbox left running. */
async function journalWithOneStream(): Promise<string> {
  const dataDir = await newDataDir();
  const running = await sandbox({ dataDir });
  await call(
    running.url,
    '/api/v3/stream/s/kept',
    json('PUT', { rules: [{ rule_id: 'r', query: 'acme' }] }),
  );
  await running.close();
  return dataDir;
}

/** Every buffered result of a collector, from earliest, with its offsets: what a reader sees. */
async function collectorContent(url: string, id: string, resume = 'earliest') {
  const reader = await openChunks(
    url,
    `/api/v3/stream/c/${id}/results?end_behaviour=stop&resume_offset=${encodeURIComponent(resume)}`,
  );
  const seen: string[] = [];
  let offset = '';
  for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
    const parsed = Chunk.parse(chunk);
    if (parsed.chunk_type === 'CT_RESULT') {
      const { data } = parsed.chunk_result.data;
      seen.push(`${String(data.search_indexed)} ${data.url ?? ''} ${data.title ?? ''}`);
    }
    if (parsed.chunk_type === 'CT_CONTROL') offset = parsed.chunk_control.resume_offset ?? offset;
  }
  return { seen, offset };
}

async function creditsUsed(url: string): Promise<number> {
  return CreditsResponse.parse((await call(url, '/api/v1/status/credits')).body).result_creditinfo
    .used_credits_monthly!;
}

/** What a user can observe of a sandbox's state, for comparison across restarts. */
async function observe(url: string) {
  const hits = async (q: string) =>
    (
      (await call(url, `/api/v1/search/p/7c1e-demo/histogram/language?q=${q}`)).body as {
        result_histogram: { total_hits: number };
      }
    ).result_histogram.total_hits;
  const tasks = (
    (await call(url, '/api/v3/tasks/export')).body as {
      result_tasks: { tasks: { id: string; status: string; processed: number }[] };
    }
  ).result_tasks.tasks.map(({ id, status, processed }) => `${id} ${status} ${processed}`);
  const state = {
    streams: (await call(url, '/api/v3/stream/info')).body.result_stream,
    metrics: (
      await call(
        url,
        '/api/v2/platform/p/p-insights/dataset_templates/t/tmpl-feedback/custom_metrics/list',
      )
    ).body.result_custom_metrics,
    uploaded: await hits('zanzibar'),
    acme: await collectorContent(url, 'acme'),
    target: await collectorContent(url, 'target'),
    tasks,
    // How far the virtual clock runs ahead of the wall, in whole hours.
    clockAhead: Math.round(
      ((
        (await call(url, '/_sandbox/clock', json('POST', { advance_ms: 0 }))).body as {
          result_sandbox: { now: number };
        }
      ).result_sandbox.now -
        Date.now()) /
        HOUR,
    ),
  };
  // Read last: reading the state above charged credits too.
  return { ...state, credits: await creditsUsed(url) };
}

/** Writes of every kind, some failing, some charging credits. */
async function scenario(url: string): Promise<void> {
  const ok = async (response: Promise<{ status: number; text: string }>) => {
    const { status, text } = await response;
    assert.equal(status, 200, text);
  };
  const published = String(Date.now() - HOUR);
  await ok(
    call(
      url,
      '/api/v2/docs/p/7c1e-demo',
      json('POST', [
        {
          create: {
            url: 'https://news.acme.example/a',
            title: 'Zanzibar a',
            content: 'Acme in Zanzibar',
            published,
          },
        },
        {
          create: {
            url: 'https://news.acme.example/b',
            title: 'Zanzibar b',
            content: 'Globex too',
            published,
          },
        },
      ]),
    ),
  );
  await ok(
    call(
      url,
      '/api/v2/platform/p/p-insights/dataset_templates/t/tmpl-feedback/custom_metrics/add',
      json('POST', { custom_metrics: [{ name: 'nps', title: 'NPS', format: 'integer' }] }),
    ),
  );
  await ok(
    call(
      url,
      '/api/v3/stream/s/rivals',
      json('PUT', { rules: [{ rule_id: 'r1', query: 'globex' }] }),
    ),
  );
  await ok(
    call(
      url,
      '/api/v3/stream/c/acme',
      json('PUT', { collector_query: { queries: [{ id: 'q1', query: 'acme OR globex' }] } }),
    ),
  );
  await ok(call(url, '/api/v3/stream/c/target', json('PUT', {})));
  await ok(
    live(url, [
      { title: 'Acme live one', content: 'acme news' },
      { title: 'Unrelated', content: 'weather' },
      { title: 'Globex live', content: 'globex news' },
    ]),
  );
  await ok(
    call(
      url,
      '/api/v3/stream/p/7c1e-demo/export',
      json('POST', {
        start: Date.now() - 2 * 86_400_000,
        target: 'target',
        query: 'zanzibar',
        limit: 5,
      }),
    ),
  );
  await ok(call(url, '/_sandbox/clock', json('POST', { advance_ms: 3 * HOUR })));
  await ok(call(url, '/api/v3/stream/c/acme/pause', json('POST')));
  await ok(live(url, [{ title: 'Acme while paused', content: 'acme' }]));
  await ok(call(url, '/api/v3/stream/c/acme/resume', json('POST')));
  await ok(live(url, [{ title: 'Acme after resume', content: 'acme' }]));
  await ok(call(url, `/api/v1/search/histogram/language?q=acme`));
  // Refused requests change nothing, before or after a restart.
  assert.equal(
    (
      await call(
        url,
        '/api/v3/stream/c/bad',
        json('PUT', { collector_query: { projects: ['x'], project_topics: [] } }),
      )
    ).status,
    400,
  );
  assert.equal(
    (await call(url, '/api/v3/stream/c/ro', { ...json('PUT', {}), token: READ_ONLY })).status,
    403,
  );
}

describe('sandbox persistence (--data-dir)', () => {
  let running: RunningSandbox | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('a restart restores uploads, streams, collectors with their buffers, tasks, metrics, credits and the clock', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    await scenario(running.url);
    const afterScenario = await creditsUsed(running.url);
    const before = await observe(running.url);
    assert.deepEqual(
      before.acme.seen.map((line) => line.split(' ').slice(2).join(' ')),
      ['Acme live one', 'Globex live', 'Acme after resume'],
    );
    assert.ok(before.target.seen.length > 0, 'the export wrote into its target');
    assert.equal(before.uploaded, 2);
    assert.equal(before.clockAhead, 3);
    assert.deepEqual(
      before.tasks.map((task) => task.split(' ').slice(1).join(' ')),
      ['finished 2'],
    );
    await running.close();

    running = await sandbox({ dataDir });
    assert.ok(running.restored && running.restored.records > 0);
    assert.equal(running.restored.diverged, 0);
    const after = await observe(running.url);
    // Observing charges credits: after the restart, exactly one more observation's worth.
    assert.deepEqual({ ...after, credits: 0 }, { ...before, credits: 0 });
    assert.equal(after.credits, before.credits + (before.credits - afterScenario));
  });

  it('credits charged before a restart stay charged', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    for (let call_ = 0; call_ < 3; call_++)
      await call(running.url, '/api/v1/search/histogram/language?q=acme');
    const used = await creditsUsed(running.url);
    assert.ok(used > 0);
    await running.close();
    running = await sandbox({ dataDir });
    assert.equal(await creditsUsed(running.url), used);
  });

  it('a resume_offset taken before a restart continues exactly there after it', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    await call(
      running.url,
      '/api/v3/stream/c/acme',
      json('PUT', { collector_query: { queries: [{ id: 'q', query: 'acme' }] } }),
    );
    await live(running.url, [
      { title: 'Acme 1', content: 'acme' },
      { title: 'Acme 2', content: 'acme' },
    ]);
    const first = await collectorContent(running.url, 'acme');
    await running.close();
    running = await sandbox({ dataDir });
    await live(running.url, [{ title: 'Acme 3', content: 'acme' }]);
    const rest = await collectorContent(running.url, 'acme', first.offset);
    assert.deepEqual(
      [...first.seen, ...rest.seen].map((line) => line.split(' ').slice(2).join(' ')),
      ['Acme 1', 'Acme 2', 'Acme 3'],
    );
  });

  it('firehose documents buffered by a collector are the same after a restart', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir, rate: 2, seed: 7 });
    await call(
      running.url,
      '/api/v3/stream/c/all',
      json('PUT', { collector_query: { queries: [{ id: 'q', query: EVERY_SOURCE_TYPE }] } }),
    );
    // 200 s of firehose at 2 per second arrive with the clock's jump.
    await call(running.url, '/_sandbox/clock', json('POST', { advance_ms: 100_000 }));
    const before = await collectorContent(running.url, 'all');
    assert.ok(before.seen.length > 10, `the firehose buffered ${before.seen.length} documents`);
    await running.close();
    running = await sandbox({ dataDir, rate: 2 });
    const after = await collectorContent(running.url, 'all');
    assert.deepEqual(after.seen.slice(0, before.seen.length), before.seen);
  });

  it('a rate-limited request is not applied by the replay', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push(
        (
          await call(
            running.url,
            `/api/v3/stream/s/s${index}`,
            json('PUT', { rules: [{ rule_id: 'r', query: 'acme' }] }),
          )
        ).status,
      );
    assert.equal(statuses.at(-1), 401, 'the 21st stream definition in a minute is refused');
    const streams = (await call(running.url, '/api/v3/stream/info')).body.result_stream;
    await running.close();
    running = await sandbox({ dataDir });
    assert.deepEqual((await call(running.url, '/api/v3/stream/info')).body.result_stream, streams);
    assert.ok(
      !JSON.stringify(streams).includes('"s20"'),
      'the refused definition does not exist after the restart',
    );
  });

  it('the journal never holds the access token', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    await scenario(running.url);
    await running.close();
    running = undefined;
    const journal = await readFile(join(dataDir, 'journal.jsonl'), 'utf8');
    assert.ok(journal.includes('/api/v3/stream/c/acme'), 'writes are journaled');
    assert.ok(!journal.includes(TOKEN) && !journal.includes(READ_ONLY));
    assert.ok(!journal.includes('access_token'));
  });

  it('a torn last line (a crash mid-write) is dropped; the rest is restored', async () => {
    const dataDir = await journalWithOneStream();
    await appendFile(join(dataDir, 'journal.jsonl'), '{"k":"request","id":9,"wall":1,"meth');
    running = await sandbox({ dataDir });
    assert.deepEqual(
      (
        (await call(running.url, '/api/v3/stream/info')).body as {
          result_stream: { streams: unknown };
        }
      ).result_stream.streams,
      [{ stream_id: 'kept', enabled: true }],
    );
    const journal = await readFile(join(dataDir, 'journal.jsonl'), 'utf8');
    assert.ok(journal.endsWith('\n') && !journal.includes('"meth\n'), 'the torn tail is cut off');
  });

  it('a damaged line inside the journal refuses to start, naming the file and line', async () => {
    const dataDir = await journalWithOneStream();
    const path = join(dataDir, 'journal.jsonl');
    await writeFile(path, `{"k":"nonsense"}\n${await readFile(path, 'utf8')}`);
    await assert.rejects(sandbox({ dataDir }), (error: Error) => {
      assert.match(error.message, /journal\.jsonl:1: not a journal record/);
      return true;
    });
  });

  it('two sandboxes cannot share a data directory', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir });
    // The lock names this process: a second sandbox in it is refused all the same.
    await assert.rejects(sandbox({ dataDir }), /is in use by another sandbox \(process \d+\)/);
  });

  it('a lock left by a process that no longer runs is taken over', async () => {
    const dataDir = await newDataDir();
    await writeFile(join(dataDir, 'sandbox.lock'), '2147483646\n');
    running = await sandbox({ dataDir });
    assert.equal((await call(running.url, '/api/v1/status/credits')).status, 200);
  });

  it('a data directory keeps its corpus: another seed is refused, none given takes the stored one', async () => {
    const dataDir = await newDataDir();
    running = await sandbox({ dataDir, seed: 5, docs: 200 });
    const hits = async () =>
      (
        (await call(running!.url, '/api/v1/search/histogram/language?q=the')).body as {
          result_histogram: { total_hits: number };
        }
      ).result_histogram.total_hits;
    const before = await hits();
    await running.close();
    running = undefined;
    await assert.rejects(sandbox({ dataDir, seed: 6 }), /created with --seed 5, not 6/);
    running = await sandbox({ dataDir, seed: undefined, docs: undefined });
    assert.equal(await hits(), before);
  });
});
