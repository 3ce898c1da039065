// The token never leaves the sandbox (issue 10): started with tokens full of characters URLs,
// forms and JSON each treat their own way, and sent a hostile batch (bad escapes, every spelling
// of access_token, the token raw in the request line, in other parameters, in the path, in a
// header, in bodies, over-long URLs, errors of every kind), `mmq sandbox` writes no form of
// either token into any response's status line, headers or body, nor into its log on stderr.
import assert from 'node:assert/strict';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { rawRequest, requestBytes, type RawAnswer } from '../support/rawHttp';

const TOKEN = 't0k+en/%=&?#ü';
const READ_ONLY = 'r3ad+only/%=&?#ü';

const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
const jsonUnicode = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(
      /[^\x20-\x7e]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );

/** Every form a token could be written in, and its first six and last four characters. */
function forms(token: string): string[] {
  const written = [
    token,
    encodeURIComponent(token),
    lowerHex(encodeURIComponent(token)),
    encodeURIComponent(encodeURIComponent(token)),
    new URLSearchParams({ t: token }).toString().slice(2),
    token.replace(/\+/g, ' '),
    JSON.stringify(token).slice(1, -1),
    jsonUnicode(token),
    utf8AsLatin1(token),
  ];
  const prefix = token.slice(0, 6);
  const suffix = token.slice(-4);
  return [
    ...new Set([
      ...written,
      suffix,
      utf8AsLatin1(suffix),
      encodeURIComponent(suffix),
      prefix,
      encodeURIComponent(prefix),
      lowerHex(encodeURIComponent(prefix)),
      prefix.replace(/\+/g, ' '),
    ]),
  ];
}

const E = encodeURIComponent(TOKEN);
const R = encodeURIComponent(READ_ONLY);
const HISTOGRAM = '/api/v1/search/histogram/published';

/** The hostile batch: [method, target, headers, body]. */
function hostileRequests(): [string, string, Record<string, string>, string?][] {
  const json = { 'Content-Type': 'application/json' };
  const targets: [string, string, Record<string, string>, string?][] = [
    // Bad escapes, anywhere.
    ['GET', `/api/v1/search/histogram/%ZZ?access_token=${E}`, {}],
    ['GET', `/api/v3/stream/c/%E0%A4%A?access_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=%ZZ&access_token=${E}`, {}],
    // Every spelling of the parameter, accepted or not.
    ['GET', `${HISTOGRAM}?q=acme&access%5Ftoken=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&%61ccess_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&ACCESS_TOKEN=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&access_token[]=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&access_token%5B%5D=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&Access_Token=${R}&access_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&access%255Ftoken=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&access_token=${E}&access_token=${R}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&access_token=${lowerHex(E)}`, {}],
    // The token raw in the request line, as no client should send it.
    ['GET', `${HISTOGRAM}?q=acme&access_token=${TOKEN}`, {}],
    ['GET', `/api/v1/status/credits?access_token=${TOKEN}#${TOKEN}`, {}],
    // In other parameters, the path, a header.
    ['GET', `${HISTOGRAM}?q=${E}&access_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&interval=${E}&access_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&interval=${'x'.repeat(195)}${E}&access_token=${E}`, {}],
    ['GET', `${HISTOGRAM}?q=acme&time_range=${E}&timezone=${E}&access_token=${E}`, {}],
    ['GET', `/api/v2/platform/p/7c1e-demo/resources?type=${E}&access_token=${R}`, {}],
    ['GET', `/api/v3/stream/c/${E}?access_token=${E}`, {}],
    ['GET', `/api/v3/stream/c/c1/results?resume_offset=${E}&access_token=${E}`, {}],
    ['GET', `/api/v2/platform/p/${E}/tags?access_token=${E}`, {}],
    ['GET', `/api/${E}/nowhere?access_token=${E}`, {}],
    ['POST', `/api/v3/stream/c/c1/pause?access_token=${E}`, { 'Content-Type': `text/${E}` }, 'x'],
    // Long: echoes are cut, never inside a token.
    ['GET', `${HISTOGRAM}?q=${'a'.repeat(3000)}&access_token=${E}&interval=${E}`, {}],
    ['GET', `${HISTOGRAM}?access_token=${E}&pad=${'p'.repeat(70_000)}`, {}],
    ['GET', `${HISTOGRAM}?pad=${'p'.repeat(70_000)}&access_token=${E}`, {}],
    // Errors of every kind.
    ['PUT', `/api/v3/stream/c/c1?access_token=${R}`, json, '{}'],
    [
      'PUT',
      `/api/v3/stream/s/s1?access_token=${E}`,
      json,
      `{"rules": [{"rule_id": "r", "query": "${TOKEN}"}]}`,
    ],
    [
      'PUT',
      `/api/v3/stream/s/s2?access_token=${E}`,
      json,
      `{"rules": [{"rule_id": "${TOKEN}", "query": "a"}]}`,
    ],
    ['PUT', `/api/v3/stream/c/c2?access_token=${E}`, json, `{"collector_query": {"${TOKEN}": 1}}`],
    ['POST', `/_sandbox/clock?access_token=${E}`, json, `{"advance_ms": "${TOKEN}"}`],
    ['POST', `/_sandbox/clock?access_token=${E}`, json, `{"advance_ms": ${TOKEN}}`],
    ['POST', `/_sandbox/clock?access_token=${E}`, json, `${TOKEN}`],
    ['POST', `/_sandbox/clock?access_token=${E}`, json, `{"a": "${TOKEN}`],
    [
      'POST',
      `/_sandbox/clock?access_token=${E}`,
      json,
      `${'['.repeat(100)}"${TOKEN}"${']'.repeat(100)}`,
    ],
    [
      'POST',
      `/api/v2/docs/p/7c1e-demo/create?access_token=${E}&return_entry=show`,
      json,
      JSON.stringify({
        url: `https://news.acme.example/${TOKEN}`,
        title: TOKEN,
        content: TOKEN,
        published: '1',
      }),
    ],
    [
      'POST',
      `/api/v2/docs/p/7c1e-demo/create?access_token=${E}`,
      json,
      `"${'x'.repeat(2 * 1024 * 1024)}"`,
    ],
    [
      'POST',
      `/api/v2/detect/images/logo?access_token=${E}`,
      { 'Content-Type': 'multipart/form-data; boundary=zz' },
      `--zz\r\nContent-Disposition: form-data; name="${TOKEN}"; filename="${TOKEN}"\r\n\r\nxx`,
    ],
    [
      'GET',
      `/api/v2/detect/images/logo?image_url=https://${E}.example/a.png&access_token=${E}`,
      {},
    ],
    [
      'GET',
      `/api/v2/detect/images/logo?detect=${E}&image_url=https://images.acme.example/a.png&access_token=${E}`,
      {},
    ],
    ['GET', `/api/v3/tasks/export/${E}?access_token=${E}&pretty=true`, {}],
    ['DELETE', `/api/v3/stream/s/${E}?access_token=${E}`, {}],
    ['FOO', `/api/v1/status/credits?access_token=${E}`, {}],
    ['GET', `/api/v1/status/credits?access_token=${E} junk`, {}],
  ];
  // The rate limit (10 credits calls a minute): the eleventh and later are refused.
  for (let call = 0; call < 12; call++)
    targets.push(['GET', `/api/v1/status/credits?access_token=${E}`, {}]);
  return targets;
}

describe('the access token in every answer and log line (issue 10)', () => {
  let sandbox: CliSandbox | undefined;
  after(async () => {
    await sandbox?.stop();
  });

  it('appears in no form in any status line, header, body or stderr line', async function () {
    this.timeout(120_000);
    sandbox = await startCli([
      '--docs',
      '200',
      '--rate',
      '0',
      '--token',
      TOKEN,
      '--read-only-token',
      READ_ONLY,
    ]);
    const answers: RawAnswer[] = [];
    for (const [method, target, headers, body] of hostileRequests()) {
      const answer = await rawRequest(sandbox.url, requestBytes(method, target, headers, body), {
        timeoutMs: 15_000,
      });
      answers.push(answer);
      assert.ok(answer.status < 500, `${method} ${target.slice(0, 120)}: HTTP ${answer.status}`);
    }
    // Every request is logged, refused ones and those Node refused itself included.
    const logged = await sandbox.line(
      (line) => line.startsWith('GET /api/v1/status/credits') && / 401 /.test(line),
    );
    assert.ok(logged);
    const everything = [
      ...answers.map((answer) => [
        'answer',
        answer.raw.toString('latin1'),
        answer.raw.toString('utf8'),
      ]),
      ...sandbox.stderr.map((line) => ['stderr', line, line]),
    ];
    for (const token of [TOKEN, READ_ONLY])
      for (const form of forms(token))
        for (const [where, latin1, utf8] of everything)
          assert.ok(
            !latin1!.includes(form) && !utf8!.includes(form),
            `${where} holds ${JSON.stringify(form)}: ${(utf8 ?? '').slice(0, 400)}`,
          );
    // The batch did reach the echoes it was meant for: they are there, masked.
    assert.ok(answers.filter((answer) => answer.body.includes('access_token=***')).length > 30);
    assert.ok(sandbox.stderr.filter((line) => line.includes('access_token=***')).length > 30);
  });
});
