// A crash (kill -9) of `mmq sandbox --data-dir` loses nothing acknowledged: every upload, every
// collector and every credit charge that got its answer before the kill is there after a restart.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditsResponse, UploadResponse } from '../../../core/api/schemas/index';
import { startCli as startSandboxCli, type CliSandbox } from '../../support/cliProcess';
import { call } from '../support/sandbox';
import { eventually } from '../../support/eventually';

const TOKEN = 'crash-token';
const json = (method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  token: TOKEN,
});

const startCli = (dataDir: string) =>
  startSandboxCli(['--data-dir', dataDir, '--docs', '0', '--rate', '0', '--token', TOKEN]);

describe('mmq sandbox --data-dir after kill -9', () => {
  const running: CliSandbox[] = [];
  afterEach(async () => {
    for (const started of running.splice(0)) await started.stop();
  });

  it('keeps every acknowledged upload, collector and credit charge', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mmq-crash-'));
    const first = await startCli(dataDir);
    running.push(first);
    const uploaded: string[] = [];
    const collectors: string[] = [];
    let creditsAcknowledged = 0;
    let stop = false;
    const published = String(Date.now() - 3_600_000);
    // Writers race the kill: whatever answered before it must survive it.
    const uploader = async (worker: number) => {
      for (let index = 0; !stop; index++) {
        const address = `https://news.acme.example/crash-${worker}-${index}`;
        try {
          const { status, body } = await call(
            first.url,
            '/api/v2/docs/p/7c1e-demo',
            json('POST', [
              { upsert: { url: address, title: 'Crash test', content: 'acme', published } },
            ]),
          );
          if (status === 200 && UploadResponse.parse(body).result_searchdoc[0]?.status_code === '0')
            uploaded.push(address);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const collectorWriter = async () => {
      for (let index = 0; !stop && index < 15; index++) {
        try {
          const { status } = await call(
            first.url,
            `/api/v3/stream/c/crash-${index}`,
            json('PUT', { collector_query: { queries: [{ id: 'q', query: 'acme' }] } }),
          );
          if (status === 200) collectors.push(`crash-${index}`);
          const histogram = await call(first.url, '/api/v1/search/histogram/language?q=acme', {
            token: TOKEN,
          });
          const credits = await call(first.url, '/api/v1/status/credits', { token: TOKEN });
          if (histogram.status === 200 && credits.status === 200)
            creditsAcknowledged = CreditsResponse.parse(credits.body).result_creditinfo
              .used_credits_monthly!;
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(uploader).concat(collectorWriter());
    // Kill while writes are in flight, once enough have been acknowledged.
    await eventually(() => uploaded.length >= 80, {
      what: '80 acknowledged uploads',
      intervalMs: 0,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(writers);
    assert.ok(collectors.length > 0 && creditsAcknowledged > 0);

    const second = await startCli(dataDir);
    running.push(second);
    const results = await call(second.url, '/api/v1/search/p/7c1e-demo/results?q=crash&hpp=500', {
      token: TOKEN,
    });
    assert.equal(results.status, 200, results.text);
    const found = new Set(
      (
        results.body as { result_content: { data: { data: { url: string } }[] } }
      ).result_content.data.map((hit) => hit.data.url),
    );
    assert.deepEqual(
      uploaded.filter((address) => !found.has(address)),
      [],
      'every acknowledged upload is searchable',
    );
    const info = await call(second.url, '/api/v3/stream/info', { token: TOKEN });
    const listed = new Set(
      (
        info.body as { result_stream: { collectors: { collector_id: string }[] } }
      ).result_stream.collectors.map((collector) => collector.collector_id),
    );
    assert.deepEqual(
      collectors.filter((id) => !listed.has(id)),
      [],
      'every acknowledged collector exists',
    );
    const credits = CreditsResponse.parse(
      (await call(second.url, '/api/v1/status/credits', { token: TOKEN })).body,
    ).result_creditinfo.used_credits_monthly!;
    assert.ok(
      credits >= creditsAcknowledged,
      `${credits} credits used, ${creditsAcknowledged} acknowledged`,
    );
  });
});
