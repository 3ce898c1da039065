// Whatever a hostile service, a document or a file says, what mmq prints holds no control
// character a terminal acts on (ESC sequences, BEL, CR, the C1 controls): every command that
// prints the service's words, against a service that fills them with such sequences.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startCli, type CliSandbox } from '../support/cliProcess';
import { HOSTILE, poisonProxy, type PoisonProxy } from './support/poisonProxy';
import { mmq, workspace, type CliResult } from './support/mmq';

const TOKEN = 'cli-terminal-token-2718';

/** What a terminal acts on: C0 but tab and line feed, DEL, C1. */
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('mmq output in a terminal', function () {
  this.timeout(180_000);
  let sandbox: CliSandbox;
  let proxy: PoisonProxy;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  const call = async (method: string, path: string, body: unknown) => {
    const url = new URL(path, sandbox.url);
    url.searchParams.set('access_token', TOKEN);
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path}: ${await response.text()}`);
  };

  before(async () => {
    sandbox = await startCli(['--docs', '0', '--rate', '0', '--token', TOKEN, '--quiet']);
    proxy = await poisonProxy(sandbox.url);
    env = { ...process.env, MEDIA_MONITORING_URL: proxy.url, MEDIA_MONITORING_TOKEN: TOKEN };
    dir = await workspace({
      'notes.png': 'not an image at all',
      'documents.ndjson': `${JSON.stringify({ url: 'https://t.example/1', title: 'Acme', content: 'acme', published: 1_700_000_000_000, lang: 'en' })}\n`,
      // A file's own text: an unknown field quoted in the diagnostic.
      'escape.mmq': `### rule\nacme AND \u001b[31mcolour\u009b:x\n`,
    });
    await call('PUT', '/api/v3/stream/c/hostile', {
      collector_query: { queries: [{ id: 'q', query: 'acme' }] },
    });
    await call('POST', '/_sandbox/live', {
      documents: [
        {
          title: `Acme ${HOSTILE} title`,
          content: 'acme',
          url: 'https://t.example/doc',
        },
      ],
    });
  });
  after(async () => {
    proxy.close();
    await sandbox.stop('SIGTERM');
  });

  /** Nothing a terminal acts on, and the hostile words did arrive (as harmless text). */
  function harmless(run: CliResult, label: string, where: 'stdout' | 'stderr' = 'stderr'): void {
    assert.doesNotMatch(run.stdout, CONTROLS, `${label}: stdout ${JSON.stringify(run.stdout)}`);
    assert.doesNotMatch(run.stderr, CONTROLS, `${label}: stderr ${JSON.stringify(run.stderr)}`);
    assert.match(run[where], /INJECTED/, `${label}: the service's words are shown`);
  }

  it("the service's refusals on stderr, of every command that calls the service", async () => {
    const refused: [string, string[]][] = [
      ['stream delete', ['stream', 'delete', 'no-such-stream']],
      ['collector get', ['collector', 'get', 'no-such-collector']],
      ['tail', ['tail', '--stream', 'no-such-stream', '--max-hits', '1']],
      ['detect', ['detect', 'scene', join(dir, 'notes.png')]],
      [
        'export',
        ['export', '--project', 'no-such-project', '--start', '2026-01-01', '--target', 'hostile'],
      ],
      ['upload', ['upload', join(dir, 'documents.ndjson'), '--project', 'no-such-project']],
      ['docs delete', ['docs', 'delete', '--project', 'no-such-project', 'https://t.example/1']],
    ];
    for (const [label, args] of refused) {
      const run = await mmq(args, { env });
      assert.equal(run.status, 1, `${label}: ${run.stderr}`);
      harmless(run, label);
    }
  });

  it("documents' titles in a tail, as NDJSON and as text; per-document messages of an upload on stdout and stderr", async () => {
    const ndjson = await mmq(['tail', '--collector', 'hostile', '--until-end'], { env });
    assert.equal(ndjson.status, 0, ndjson.stderr);
    harmless(ndjson, 'tail ndjson', 'stdout');
    // The same value for a JSON reader: escaped, not lost.
    const [first] = ndjson.stdout.split('\n');
    assert.equal(
      (JSON.parse(first ?? '') as { data: { title: string } }).data.title,
      `Acme ${HOSTILE} title${HOSTILE}`,
    );
    await call('POST', '/_sandbox/clock', { advance_ms: 61_000 });
    const text = await mmq(['tail', '--collector', 'hostile', '--until-end', '--format', 'text'], {
      env,
    });
    assert.equal(text.status, 0, text.stderr);
    harmless(text, 'tail text', 'stdout');

    // Refused (no channel of the project has that URL): the report on stdout, the first on stderr.
    const upload = await mmq(['upload', join(dir, 'documents.ndjson'), '--project', '7c1e-demo'], {
      env,
    });
    assert.equal(upload.status, 1, upload.stderr);
    harmless(upload, 'upload report', 'stdout');
    harmless(upload, 'upload refusal', 'stderr');
  });

  it("a file's text and what was typed, in diagnostics and usage errors", async () => {
    const lint = await mmq(['lint', join(dir, 'escape.mmq')]);
    assert.doesNotMatch(lint.stdout + lint.stderr, CONTROLS, lint.stdout);
    assert.match(lint.stdout, /colour/);
    const typed = await mmq(['tail', '--collector', 'c', '--from', '\u001b]0;typed\u0007']);
    assert.equal(typed.status, 2);
    assert.doesNotMatch(typed.stderr, CONTROLS, typed.stderr);
    assert.match(typed.stderr, /typed/);
  });
});
