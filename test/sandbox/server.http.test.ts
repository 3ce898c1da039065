// Contract tests of the sandbox's envelope, tokens, limits and clock, over real HTTP, each named
// after the rule of api.md / gaps.md it checks, and each response parsed with core/api.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditsResponse, ErrorEnvelope } from '../../core/api/schemas/index';
import type { RunningSandbox } from '../../sandbox/server';
import { call, READ_ONLY, sandbox } from './support/sandbox';

describe('sandbox basics', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  it('listens on the port the OS chose and reports it', () => {
    assert.match(running.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(running.url.endsWith(':0'), true);
  });

  it('envelope: status_code "0", OK, the request echoed with the token masked, a #id# request_id', async () => {
    const { status, body } = await call(running.url, '/api/v1/status/credits');
    assert.equal(status, 200);
    const parsed = CreditsResponse.parse(body);
    assert.equal(parsed.status_code, '0');
    assert.equal(parsed.status_message, 'OK');
    assert.equal(parsed.request, 'GET /api/v1/status/credits?access_token=***');
    assert.match(parsed.request_id ?? '', /^#\w+#$/);
  });

  it('pretty=true indents the JSON', async () => {
    const { text } = await call(running.url, '/api/v1/status/credits?pretty=true');
    assert.match(text, /^\{\n {2}"status_code": "0"/);
  });

  it('a missing token is HTTP 401 with code 7', async () => {
    const { status, body } = await call(running.url, '/api/v1/status/credits', { token: null });
    assert.equal(status, 401);
    assert.equal(ErrorEnvelope.parse(body).status_code, '7');
  });

  it('an unknown token is HTTP 401 with code 7 and is never echoed', async () => {
    const { status, body, text } = await call(running.url, '/api/v1/status/credits', {
      token: 'wrong-secret',
    });
    assert.equal(status, 401);
    assert.equal(ErrorEnvelope.parse(body).status_code, '7');
    assert.doesNotMatch(text, /wrong-secret/);
  });

  it('the read-only token on a write endpoint is HTTP 403 with code 13 and the rights', async () => {
    const { status, body } = await call(running.url, '/_sandbox/reset', {
      method: 'POST',
      token: READ_ONLY,
    });
    assert.equal(status, 403);
    const error = ErrorEnvelope.parse(body);
    assert.equal(error.status_code, '13');
    assert.deepEqual(
      error.result_error?.data.map((entry) => entry.key),
      ['rights_req', 'rights_got'],
    );
  });

  it('the read-only token may read', async () => {
    const { status } = await call(running.url, '/api/v1/status/credits', { token: READ_ONLY });
    assert.equal(status, 200);
  });

  it('an unknown endpoint is HTTP 404 with code 26', async () => {
    const { status, body } = await call(running.url, '/api/v9/nothing');
    assert.equal(status, 404);
    assert.equal(ErrorEnvelope.parse(body).status_code, '26');
  });

  it('the credits endpoint allows 10 calls per minute per token, then HTTP 401 with code 8', async () => {
    for (let index = 0; index < 10; index++)
      assert.equal((await call(running.url, '/api/v1/status/credits')).status, 200);
    const refused = await call(running.url, '/api/v1/status/credits');
    assert.equal(refused.status, 401);
    assert.equal(ErrorEnvelope.parse(refused.body).status_code, '8');
    // Another token has its own allowance.
    assert.equal(
      (await call(running.url, '/api/v1/status/credits', { token: READ_ONLY })).status,
      200,
    );
  });

  it('an unlimited token is read-write and never refused with code 8, the others still are', async () => {
    const unlimited = await sandbox({ unlimitedToken: 'load-test' });
    try {
      for (let index = 0; index < 25; index++) {
        const answer = await call(unlimited.url, '/api/v1/status/credits', { token: 'load-test' });
        assert.equal(answer.status, 200);
        assert.equal(CreditsResponse.parse(answer.body).status_code, '0');
      }
      const written = await call(unlimited.url, '/_sandbox/clock', {
        token: 'load-test',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_ms: 0 }),
      });
      assert.equal(written.status, 200);
      for (let index = 0; index < 10; index++) await call(unlimited.url, '/api/v1/status/credits');
      const refused = await call(unlimited.url, '/api/v1/status/credits');
      assert.equal(ErrorEnvelope.parse(refused.body).status_code, '8');
    } finally {
      await unlimited.close();
    }
  });

  it('the rate limit frees up when the virtual clock moves a minute on', async () => {
    for (let index = 0; index < 10; index++) await call(running.url, '/api/v1/status/credits');
    await call(running.url, '/_sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 61_000 }),
    });
    assert.equal((await call(running.url, '/api/v1/status/credits')).status, 200);
  });

  it('unparsable JSON is HTTP 400 with code 17', async () => {
    const { status, body } = await call(running.url, '/_sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advance_ms": ',
    });
    assert.equal(status, 400);
    assert.equal(ErrorEnvelope.parse(body).status_code, '17');
  });

  it('a bad parameter is a 4xx naming it, never a 5xx', async () => {
    const { status, body } = await call(running.url, '/_sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: -5 }),
    });
    assert.equal(status, 400);
    assert.match(ErrorEnvelope.parse(body).status_message, /advance_ms/);
  });

  it('credits reset monthly on the 1st at 03:00 UTC of the virtual clock', async () => {
    const before = CreditsResponse.parse(
      (await call(running.url, '/api/v1/status/credits')).body,
    ).result_creditinfo;
    assert.ok(before.next_billing_period !== undefined);
    assert.equal(new Date(before.next_billing_period).getUTCDate(), 1);
    assert.equal(new Date(before.next_billing_period).getUTCHours(), 3);
    await call(running.url, '/_sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: before.next_billing_period - Date.now() + 60_000 }),
    });
    const after = CreditsResponse.parse(
      (await call(running.url, '/api/v1/status/credits')).body,
    ).result_creditinfo;
    assert.ok((after.next_billing_period ?? 0) > before.next_billing_period);
  });
});

describe('mmq sandbox', () => {
  it('prints exactly `listening on http://HOST:PORT` first and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['dist/cli.js', 'sandbox', '--port', '0', '--docs', '0', '--token', 't'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    assert.match(first, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('listening on '.length);
    const { status } = await call(url, '/api/v1/status/credits', { token: 't' });
    assert.equal(status, 200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('logs one line per request on stderr with the token masked; --quiet logs nothing', async () => {
    const runOnce = async (extra: string[]) => {
      const child = spawn(
        process.execPath,
        ['dist/cli.js', 'sandbox', '--docs', '0', '--token', 'secret-token', ...extra],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const first = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once('line', resolve),
      );
      const url = first.slice('listening on '.length);
      assert.equal(
        (await call(url, '/api/v1/status/credits', { token: 'secret-token' })).status,
        200,
      );
      assert.equal((await call(url, '/api/v1/nowhere', { token: 'secret-token' })).status, 404);
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      return stderr;
    };
    const logged = await runOnce([]);
    assert.match(logged, /^GET \/api\/v1\/status\/credits\?access_token=\*\*\* 200 [\d.]+ ms$/m);
    assert.match(logged, /^GET \/api\/v1\/nowhere\?access_token=\*\*\* 404 /m);
    assert.ok(!logged.includes('secret-token'));
    assert.equal(await runOnce(['--quiet']), '');
  });

  it('refuses a bad flag with exit status 2', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'sandbox', '--port', 'http'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /--port/);
  });
});

describe('mmq sandbox --data-dir', () => {
  const run = (args: readonly string[]) => {
    const child = spawn(process.execPath, ['dist/cli.js', 'sandbox', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const listening = new Promise<string>((resolve) =>
      createInterface({ input: child.stdout }).once('line', resolve),
    );
    return { child, exited, listening, stderr: () => stderr };
  };

  it('a restart needs no corpus flags and says on stderr what it restored', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mmq-data-'));
    const first = run(['--data-dir', dataDir, '--docs', '0', '--seed', '3', '--token', 't']);
    const url = (await first.listening).slice('listening on '.length);
    const put = await call(url, '/api/v3/stream/s/kept', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ rule_id: 'r', query: 'acme' }] }),
      token: 't',
    });
    assert.equal(put.status, 200);
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    const second = run(['--data-dir', dataDir, '--token', 't']);
    const again = (await second.listening).slice('listening on '.length);
    const info = await call(again, '/api/v3/stream/info', { token: 't' });
    assert.match(info.text, /"stream_id":"kept"/);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);
    assert.match(second.stderr(), /restored 1 journal record from /);
    assert.match(first.stderr(), /^PUT \/api\/v3\/stream\/s\/kept\?access_token=\*\*\* 200 /m);
    assert.doesNotMatch(second.stderr(), /^PUT /m, 'replayed requests are not logged as traffic');
  });

  it('another --seed than the directory was created with is exit status 2, saying which', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mmq-data-'));
    const first = run(['--data-dir', dataDir, '--docs', '0', '--seed', '3']);
    await first.listening;
    first.child.kill('SIGTERM');
    await first.exited;
    const second = run(['--data-dir', dataDir, '--seed', '4']);
    assert.equal(await second.exited, 2);
    assert.match(second.stderr(), /created with --seed 3, not 4/);
  });
});
