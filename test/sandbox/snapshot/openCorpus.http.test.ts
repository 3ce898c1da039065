// A sandbox started from a kept corpus answers as one that generated its corpus: the same
// histograms and search results through the real client, over HTTP.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MediaMonitoringClient } from '../../../core/api/client/client';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, sandbox, TOKEN } from '../support/sandbox';

const HOUR = 3_600_000;
/** A later start than the one that kept the corpus: another hour of another day. */
const KEPT_AT = Date.UTC(2026, 10, 20, 9, 30);
const STARTED_AT = KEPT_AT + 2 * 24 * HOUR + 7 * HOUR + 12_345;

/** An answer without its request id, which differs between any two calls. */
function content<T extends { request_id?: string }>(answer: T): Omit<T, 'request_id'> {
  const { request_id: _id, ...rest } = answer;
  return rest;
}

async function answers(running: RunningSandbox) {
  const client = new MediaMonitoringClient({
    baseUrl: running.url,
    token: TOKEN,
    userAgent: 'media-monitoring-tests/0.0.0',
  });
  try {
    return {
      published: content(
        await client.histograms.global('published', {
          q: 'acme OR globex',
          min: STARTED_AT - 10 * 24 * HOUR,
          max: STARTED_AT,
          interval: 'day',
          value_type: 'engagement',
        }),
      ),
      languages: content(await client.histograms.global('language', { q: 'acme', top_n: 5 })),
      results: content(
        await client.results.project('7c1e-demo', { topic: ['t-rocket', 't-anvil'], hpp: 50 }),
      ),
    };
  } finally {
    await client.close();
  }
}

describe('sandbox corpus kept between starts', () => {
  let snapshotDir: string;
  const running: RunningSandbox[] = [];
  const start = async (now: number, kept: boolean) => {
    const log: string[] = [];
    const started = await sandbox({
      docs: 2_000,
      now: () => now,
      ...(kept ? { snapshotDir } : {}),
      log: (line) => log.push(line),
    });
    running.push(started);
    return { started, log };
  };

  beforeEach(async () => {
    snapshotDir = join(await mkdtemp(join(tmpdir(), 'mmq-kept-')), 'sandbox-corpus');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((each) => each.close()));
    await rm(join(snapshotDir, '..'), { recursive: true, force: true });
  });

  it('answers from a kept corpus as from a generated one, in a later window', async () => {
    const first = await start(KEPT_AT, true);
    // close() waits for the snapshot to be written.
    await running.shift()?.close();
    assert.match(first.log.join('\n'), /corpus kept in/);
    assert.equal((await readdir(snapshotDir)).length, 1);
    const fromSnapshot = await start(STARTED_AT, true);
    assert.match(fromSnapshot.log.join('\n'), /corpus of 2000 documents from/);
    const generated = await start(STARTED_AT, false);
    const expected = await answers(generated.started);
    assert.ok(expected.results.result_content.data.length > 0);
    assert.ok(expected.published.result_histogram.data.some((bucket) => (bucket.v[0] ?? 0) > 0));
    assert.deepEqual(await answers(fromSnapshot.started), expected);
  });

  it('`mmq sandbox --corpus-cache DIR` keeps the corpus there and starts from it next time', async () => {
    const run = async () => {
      const child = spawn(
        process.execPath,
        ['dist/cli.js', 'sandbox', '--docs', '300', '--corpus-cache', snapshotDir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const first = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once('line', resolve),
      );
      assert.match(first, /^listening on http:/);
      // An answer means the event loop runs, so the SIGTERM handler is in place.
      const { status } = await call(first.slice('listening on '.length), '/api/v1/status/credits', {
        token: 'sandbox',
      });
      assert.equal(status, 200);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      return stderr;
    };
    assert.match(await run(), /corpus kept in .*sandbox-corpus/);
    assert.match(await run(), /corpus of 300 documents from .*sandbox-corpus/);
  });
});
