// What an outside attack on the sandbox found (issue 10), each as a client sees it: every answer
// is the API's envelope naming what is wrong, Fastify's and Node's own refusals included; error
// messages quote a few hundred characters of input at most; and every request is logged.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ErrorEnvelope, UploadResponse } from '../../../core/api/schemas/index';
import type { RunningSandbox } from '../../../sandbox/server';
import { rawRequest, requestBytes } from '../support/rawHttp';
import { call, sandbox, TOKEN } from '../support/sandbox';
import { eventually } from '../../support/eventually';

const json = (method: string, body: string) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body,
});

/** The error envelope of an answer, checked to be one. */
function refusal(answer: { status: number; body: Record<string, unknown> }) {
  assert.ok(answer.status >= 400 && answer.status < 500, `HTTP ${answer.status}`);
  return ErrorEnvelope.parse(answer.body);
}

describe('hostile input (issue 10)', () => {
  let running: RunningSandbox;
  const log: string[] = [];
  beforeEach(async () => {
    log.length = 0;
    running = await sandbox({ log: (line) => log.push(line) });
  });
  afterEach(async () => {
    await running.close();
  });

  it('a histogram past what dates hold, or before the year 0, is code 5 naming the parameter', async () => {
    const histogram = async (query: string) =>
      refusal(await call(running.url, `/api/v1/search/histogram/published?q=acme&${query}`));
    for (const [query, name] of [
      ['min=-9000000000000000&max=0', 'min'],
      ['min=0&max=8640000000000001', 'max'],
      ['time_range=99999999999999999999d', 'time_range'],
      ['min=99999999999999999999', 'min'],
      ['interval=99999999999999999999d', 'interval'],
    ] as const) {
      const error = await histogram(query);
      assert.equal(error.status_code, '5', query);
      assert.deepEqual(error.result_error?.data, [{ key: 'param', value: [name] }], query);
    }
    assert.match(
      (await histogram('min=-86400000000000&max=0&interval=year')).status_message,
      /would have 2738 bins/,
    );
  });

  it('JSON nested 5,000 deep is code 17, journaled or not, with a token or without', async () => {
    const deep = `{"rules": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'mmq-hostile-'));
    const persisted = await sandbox({ dataDir });
    try {
      for (const url of [running.url, persisted.url]) {
        const error = refusal(await call(url, '/api/v3/stream/s/x', json('PUT', deep)));
        assert.equal(error.status_code, '17');
        assert.match(error.status_message, /nested deeper than 64/);
        const anonymous = await call(url, '/api/v3/stream/s/x', {
          ...json('PUT', deep),
          token: null,
        });
        assert.equal(refusal(anonymous).status_code, '7');
      }
    } finally {
      await persisted.close();
    }
  });

  it('a multipart body that does not parse is code 5 naming image_file', async () => {
    for (const body of [
      '--b\r\nContent-Disposition: form-data; name="image_file"; filename="a"\r\n\r\nxx',
      '--b\r\n\r\n',
      'no boundary at all',
    ]) {
      const error = refusal(
        await call(running.url, '/api/v2/detect/images/logo', {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
          body,
        }),
      );
      assert.equal(error.status_code, '5');
      assert.deepEqual(error.result_error?.data, [{ key: 'param', value: ['image_file'] }]);
    }
  });

  it("Fastify's and Node's own refusals are the API's envelope too", async () => {
    const raw = async (target: string, method = 'GET') => {
      const answer = await rawRequest(running.url, requestBytes(method, target, {}), {
        timeoutMs: 10_000,
      });
      assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
      return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
    };
    const cases: [string, string, string][] = [
      ['GET', `/api/v1/search/histogram/%ZZ?access_token=${TOKEN}`, 'path'],
      ['GET', `/api/v3/stream/c/${'c'.repeat(300)}?access_token=${TOKEN}`, 'collector'],
      ['GET', `/api/v1/status/credits?access_token=${TOKEN}&q=${'q'.repeat(70_000)}`, 'url'],
      ['FOO', `/api/v1/status/credits?access_token=${TOKEN}`, 'method'],
      // Node hands CONNECT (and upgrades) to listeners of their own, not to Fastify.
      ['CONNECT', 'sandbox.test:443', 'method'],
      ['GET', `/api/v1/status/credits?access_token=${TOKEN} junk`, 'request'],
    ];
    for (const [method, target, name] of cases) {
      const error = refusal(await raw(target, method));
      assert.equal(error.status_code, '5', `${method} ${target.slice(0, 60)}`);
      assert.deepEqual(error.result_error?.data, [{ key: 'param', value: [name] }]);
    }
    assert.ok(
      log.some((line) => line.startsWith('CONNECT sandbox.test:443 400')),
      log.join('\n'),
    );
  });

  it('error messages quote a few hundred characters of what was sent, however long', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_000, max: 900_000 }),
        fc.string({ minLength: 1, maxLength: 5 }),
        async (length, unit) => {
          const long = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
          const answers = [
            await call(
              running.url,
              `/api/v1/search/histogram/published?q=acme&interval=${encodeURIComponent(long.slice(0, 20_000))}`,
            ),
            await call(
              running.url,
              '/api/v3/stream/c/c1',
              json('PUT', JSON.stringify({ collector_query: { [long]: 1 } })),
            ),
            await call(
              running.url,
              '/api/v2/platform/p/p-insights/dataset_templates/t/tmpl-feedback/custom_metrics/delete',
              json('POST', JSON.stringify({ metric_names: [long] })),
            ),
          ];
          for (const answer of answers) {
            const message = (answer.body as { status_message: string }).status_message;
            assert.ok(message.length <= 1000, `a status_message of ${message.length} characters`);
            assert.ok(answer.text.length < 8000, `an answer of ${answer.text.length} characters`);
          }
          // Escaped in JSON, a long address may pass the endpoint's 1 MiB: a refusal, as short.
          const created = await call(
            running.url,
            '/api/v2/docs/p/7c1e-demo/create',
            json('POST', JSON.stringify({ url: `https://elsewhere.example/${long}` })),
          );
          const message =
            created.status === 200
              ? UploadResponse.parse(created.body).result_searchdoc[0]?.status_message
              : refusal(created).status_message;
          assert.ok(message !== undefined && message.length <= 1000);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('every request is logged once, with the token masked, refused ones and broken ones too', async () => {
    const requests: [string, string, Record<string, string>, string?][] = [
      ['GET', `/api/v1/status/credits?access_token=${TOKEN}`, {}],
      ['GET', '/api/v1/status/credits', {}],
      ['GET', `/api/v1/nowhere?access_token=${TOKEN}`, {}],
      ['GET', `/api/v1/search/histogram/%ZZ?access_token=${TOKEN}`, {}],
      ['GET', `/api/v3/stream/c/${'c'.repeat(300)}?access_token=${TOKEN}`, {}],
      ['GET', `/api/v1/status/credits?access_token=${TOKEN}&q=${'q'.repeat(70_000)}`, {}],
      ['FOO', `/api/v1/status/credits?access_token=${TOKEN}`, {}],
      [
        'POST',
        `/_sandbox/clock?access_token=${TOKEN}`,
        { 'Content-Type': 'application/json' },
        '{',
      ],
    ];
    for (const [index, [method, target, headers, body]] of requests.entries()) {
      await rawRequest(running.url, requestBytes(method, target, headers, body), {
        timeoutMs: 10_000,
      });
      // The line is written as the answer goes out: wait for it, then for nothing more.
      await eventually(() => log.length >= index + 1, {
        what: `the log line of ${method} ${target.slice(0, 60)}`,
        intervalMs: 0,
      });
      assert.equal(log.length, index + 1, `${method} ${target.slice(0, 60)}: ${log.join('\n')}`);
    }
    assert.ok(
      log.every((line) => !line.includes(TOKEN)),
      log.join('\n'),
    );
    assert.ok(
      log.every((line) => / (?:200|4\d\d) /.test(line)),
      log.join('\n'),
    );
  });
  it('a query past 4,096 characters is 403 / 19, as `q` or as a stream rule; a broken one lists 20 errors at most', async () => {
    const long = 'acme OR rocket '.repeat(3_000);
    const q = refusal(
      await call(running.url, `/api/v1/search/histogram/published?q=${encodeURIComponent(long)}`),
    );
    assert.equal(q.status_code, '19');
    assert.match(q.status_message, /Query too large: .*4096/);
    const rule = refusal(
      await call(
        running.url,
        '/api/v3/stream/s/long',
        json('PUT', JSON.stringify({ rules: [{ rule_id: 'r1', query: long.repeat(20) }] })),
      ),
    );
    assert.equal(rule.status_code, '19');
    assert.deepEqual(rule.result_error?.data, [{ key: 'rule_id', value: ['r1'] }]);
    const broken = refusal(
      await call(
        running.url,
        `/api/v1/search/histogram/published?q=${encodeURIComponent(`acme ${') '.repeat(1_500)}`)}`,
      ),
    );
    assert.equal(broken.status_code, '4');
    const details = broken.result_error?.data[0]?.value ?? [];
    assert.ok(details.length > 0 && details.length <= 20, `${details.length} details`);
  });
});
