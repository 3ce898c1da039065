// `mmq stream push | delete | list` against a sandbox over loopback HTTP (spec/cli.md): the
// service from --base-url or MEDIA_MONITORING_URL, the token from MEDIA_MONITORING_TOKEN only;
// lint errors stop a push before anything is sent; the service's refusals exit 1, usage 2.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { mmq, orOfTerms, workspace } from '../support/mmq';

const TOKEN = 'cli-stream-token-0123';

describe('mmq stream', () => {
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  const streams = async () => {
    const response = await fetch(`${sandbox.url}/api/v3/stream/info?access_token=${TOKEN}`);
    return (
      (await response.json()) as { result_stream: { streams: { stream_id: string }[] } }
    ).result_stream.streams.map((stream) => stream.stream_id);
  };

  before(async () => {
    sandbox = await startSandbox({ token: TOKEN, docs: 0, rate: 0 });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
  });
  after(() => sandbox.close());

  it("push: the file's rules become the stream's (its // @stream), list shows it, delete removes it", async () => {
    const dir = await workspace({
      'brand.mmq':
        '// @stream brand-watch\n\n### acme-core\nacme OR "acme corp" // a comment\n\n### rival\nglobex\n',
    });
    const pushed = await mmq(['stream', 'push', join(dir, 'brand.mmq')], { env });
    assert.equal(pushed.status, 0, pushed.stderr);
    const answer = JSON.parse(pushed.stdout) as {
      data: { stream_id: string; rules: { rule_id: string; query: string }[] }[];
    };
    assert.deepEqual(answer.data[0]?.rules, [
      { rule_id: 'acme-core', query: 'acme OR "acme corp"' },
      { rule_id: 'rival', query: 'globex' },
    ]);
    assert.match(pushed.stderr, /stream brand-watch now has 2 rules from/);
    assert.doesNotMatch(pushed.stderr + pushed.stdout, new RegExp(TOKEN));

    const listed = await mmq(['stream', 'list', '--quiet'], { env });
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /"stream_id":"brand-watch"/);

    const deleted = await mmq(['stream', 'delete', 'brand-watch'], { env });
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.deepEqual(await streams(), []);
  });

  it('--stream names another stream; --base-url wins over the environment', async () => {
    const dir = await workspace({ 'q.mmq': '// @stream ignored\n### only\nacme\n' });
    const pushed = await mmq(
      ['stream', 'push', join(dir, 'q.mmq'), '--stream', 'other', '--base-url', sandbox.url],
      { env: { ...env, MEDIA_MONITORING_URL: 'http://127.0.0.1:9/' } },
    );
    assert.equal(pushed.status, 0, pushed.stderr);
    assert.deepEqual(await streams(), ['other']);
    await mmq(['stream', 'delete', 'other'], { env });
  });

  it('a file with lint errors is not pushed: exit 1 with the diagnostics as mmq lint gives them', async () => {
    const dir = await workspace({
      'bad.mmq': `// @stream bad\n### broken\nacme AND (globex\n### big\n${orOfTerms(51)}\n`,
    });
    const pushed = await mmq(['stream', 'push', join(dir, 'bad.mmq')], { env });
    assert.equal(pushed.status, 1);
    assert.match(pushed.stderr, /bad\.mmq:3:\d+: error syntax/);
    assert.match(pushed.stderr, /bad\.mmq:5:\d+: error operand-limit 51 operands/);
    assert.match(pushed.stderr, /nothing was pushed/);
    assert.deepEqual(await streams(), []);
  });

  it('what the service refuses exits 1 naming its code; a rejected token says so, never the token', async () => {
    const missing = await mmq(['stream', 'delete', 'no-such-stream'], { env });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /^mmq: deleting stream no-such-stream: .*\(code 15\)\n$/);
    const rejected = await mmq(['stream', 'list'], {
      env: { ...env, MEDIA_MONITORING_TOKEN: 'wrong-token-456789' },
    });
    assert.equal(rejected.status, 1);
    assert.match(rejected.stderr, /code 7/);
    assert.doesNotMatch(rejected.stderr, /wrong-token-456789/);
  });

  it('usage problems exit 2 in one line: no service, no token, a file naming no stream', async () => {
    const dir = await workspace({ 'plain.mmq': 'acme\n' });
    const withoutUrl = { ...env, MEDIA_MONITORING_URL: '' };
    const noService = await mmq(['stream', 'list'], { env: withoutUrl });
    assert.equal(noService.status, 2);
    assert.match(noService.stderr, /^mmq: no service: give --base-url or set MEDIA_MONITORING_URL/);
    const noToken = await mmq(['stream', 'list'], { env: { ...env, MEDIA_MONITORING_TOKEN: '' } });
    assert.equal(noToken.status, 2);
    assert.match(noToken.stderr, /^mmq: no access token: set MEDIA_MONITORING_TOKEN/);
    const badUrl = await mmq(['stream', 'list', '--base-url', 'ftp://example.com'], { env });
    assert.equal(badUrl.status, 2);
    assert.match(badUrl.stderr, /^mmq: --base-url: the base URL must be http or https/);
    const noStream = await mmq(['stream', 'push', join(dir, 'plain.mmq')], { env });
    assert.equal(noStream.status, 2);
    assert.match(noStream.stderr, /names no stream/);
    const unreachable = await mmq(['stream', 'list', '--base-url', 'http://127.0.0.1:9'], { env });
    assert.equal(unreachable.status, 2);
    assert.equal(unreachable.stderr.trim().split('\n').length, 1, unreachable.stderr);
  });

  it('--help shows each subcommand; an unknown one is a usage error', async () => {
    const help = await mmq(['stream', 'push', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--base-url <url>/);
    const unknown = await mmq(['stream', 'pusj'], { env });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^mmq stream: unknown command 'pusj'/);
  });
});
