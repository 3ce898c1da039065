// "Copy as curl" with hostile tokens and queries: against a service the command holds the token
// in no encoding at all (the shell reads it from a variable), against the sandbox only as the
// access_token; and a shell given the command passes curl exactly the request, expanding nothing
// but that variable.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaMonitoringClient } from '../../../../core/api/client/client';
import type { CurlToken } from '../../../../core/api/client/curl';
import type { RequestLine } from '../../../../core/api/client/endpoints/searchRequests';
import { MIN_MASKED_VALUE } from '../../../../core/api/redact';

/** Characters a token may hold that URLs, shells and JSON write in other forms. */
const HOSTILE = [
  ...'\'&= +%"\\/$`!*()~;#?<>\t',
  ...'äéßñΩ€😀',
  '\u0301', // a combining accent
  '\u200b', // a zero-width space
  '\u202e', // right-to-left override
  '\ud800', // half of a surrogate pair: no UTF-8 encoding of its own
  ...'abcXYZ019',
];

/** The same tokens on every run: a small linear congruential generator. */
function* tokens(count: number, seed = 20): Generator<string> {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
  for (let made = 0; made < count; made++) {
    const length = MIN_MASKED_VALUE + next(18);
    let token = '';
    for (let index = 0; index < length; index++) token += HOSTILE[next(HOSTILE.length)];
    yield token;
  }
}

/** Every way a URL, a form or JSON may write the token (as far as it can be written at all). */
function spellings(token: string): string[] {
  const written = wellFormed(token);
  const percent = encodeURIComponent(written);
  const form = new URLSearchParams({ t: written }).toString().slice(2);
  return [
    token,
    written,
    percent,
    percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    form,
    encodeURIComponent(percent),
    JSON.stringify(written).slice(1, -1),
  ];
}

/** The text as a URL writes it: half a surrogate pair becomes U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

/** What a POSIX shell passes to curl for each command (one shell for all), `environment` set. */
function curlArguments(
  commands: readonly string[],
  environment: Record<string, string>,
): string[][] {
  // Each command's arguments end with a record separator.
  const script = commands.map((command) => `${command}\nprintf '\\036'\n`).join('');
  const output = execFileSync('sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${script}`], {
    env: { ...process.env, ...environment },
  });
  return output
    .toString('utf8')
    .split('\x1e')
    .slice(0, -1)
    .map((record) => record.split('\0').slice(0, -1));
}

describe('copy as curl', () => {
  let folder: string;
  let trap: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'mm-curl-'));
    trap = join(folder, 'ran');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  /** A request whose parameters hold the token, and text a shell would run if it could. */
  const request = (token: string): RequestLine => ({
    method: 'GET',
    path: '/api/v1/search/p/7c1e-demo/histogram/published',
    query: {
      q: `title:"${token}" OR ${token}'s`,
      source: [token, 'acme.example'],
      interval: 'day',
      note: `$(touch ${trap}) \`touch ${trap}\` ' " ! \\ ${token}`,
    },
    operation: 'projectHistogram',
    endpoint: undefined,
  });
  const VARIABLE = 'MEDIA_MONITORING_TOKEN';

  function command(token: string, how: CurlToken): string {
    const client = new MediaMonitoringClient({
      baseUrl: 'https://api.example.com/base',
      token,
      userAgent: 'curl-test',
    });
    try {
      return client.curl(request(token), how);
    } finally {
      void client.close();
    }
  }

  it('against a service: no form of the token anywhere, the variable in its place', () => {
    const all = [...tokens(120)];
    const texts = all.map((token) => command(token, { kind: 'variable', name: VARIABLE }));
    const parsed = curlArguments(texts, { [VARIABLE]: 'from-the-shell' });
    all.forEach((token, index) => {
      const text = texts[index]!;
      for (const spelling of spellings(token))
        assert.ok(!text.includes(spelling), `${JSON.stringify(spelling)} in ${text}`);
      const args = parsed[index]!;
      assert.equal(args.length, 4, text);
      assert.deepEqual(
        [args[0], args[2], args[3]],
        ['-G', '--data-urlencode', 'access_token=from-the-shell'],
      );
      const url = new URL(args[1]!);
      assert.equal(url.origin + url.pathname, 'https://api.example.com/base' + request('').path);
      for (const [name, value] of url.searchParams)
        assert.ok(!value.includes(wellFormed(token)), `${name}=${value}`);
      assert.equal(url.searchParams.has('access_token'), false);
      assert.equal(url.searchParams.get('interval'), 'day');
      assert.ok(url.searchParams.get('note')?.startsWith(`$(touch ${trap}) \`touch ${trap}\``));
    });
    assert.equal(existsSync(trap), false, 'the shell ran what a parameter held');
  });

  it('against the embedded sandbox: the token as the access_token only', () => {
    const all = [...tokens(120, 7)];
    const texts = all.map((token) => command(token, { kind: 'written' }));
    const parsed = curlArguments(texts, {});
    all.forEach((token, index) => {
      const args = parsed[index]!;
      assert.equal(args.length, 1, texts[index]);
      const url = new URL(args[0]!);
      assert.equal(url.searchParams.get('access_token'), wellFormed(token));
      for (const [name, value] of url.searchParams)
        if (name !== 'access_token')
          assert.ok(!value.includes(wellFormed(token)), `${name}=${value}`);
      assert.equal(url.searchParams.get('interval'), 'day');
    });
    assert.equal(existsSync(trap), false, 'the shell ran what a parameter held');
  });

  it('refuses a variable name a shell would read otherwise', () => {
    assert.throws(() => command('a-long-token', { kind: 'variable', name: 'X}; rm -rf ~; #' }), {
      message: /not a shell variable/,
    });
  });
});
