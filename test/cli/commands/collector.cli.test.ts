// `mmq collector create | get | pause | resume | delete | list` against a sandbox over loopback
// HTTP (spec/cli.md): JSON answers on stdout, a definition checked before it is sent (exit 2,
// nothing sent), the service's refusals exit 1.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { mmq, workspace } from '../support/mmq';

const TOKEN = 'cli-collector-token-0123';

interface Answer {
  collectors: { collector_id: string; state: string; query?: unknown }[];
}

describe('mmq collector', () => {
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  const answer = (stdout: string) => JSON.parse(stdout) as Answer;
  const listed = async () =>
    answer((await mmq(['collector', 'list'], { env })).stdout).collectors.map(
      (collector) => `${collector.collector_id}:${collector.state}`,
    );

  before(async () => {
    sandbox = await startSandbox({ token: TOKEN, docs: 0, rate: 0 });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
  });
  after(() => sandbox.close());

  it('create, get, pause, resume, list, create again (replaced, results kept), delete', async () => {
    const dir = await workspace({
      'acme.json': JSON.stringify({
        collector_query: { queries: [{ id: 'acme-q', query: 'acme OR "acme corp"' }] },
      }),
      'bare.json': JSON.stringify({ queries: [{ id: 'globex-q', query: 'globex' }] }),
    });
    const created = await mmq(
      ['collector', 'create', 'acme-news', '--from-json', join(dir, 'acme.json')],
      { env },
    );
    assert.equal(created.status, 0, created.stderr);
    assert.deepEqual(answer(created.stdout).collectors, [
      { collector_id: 'acme-news', state: 'ACTIVE' },
    ]);
    assert.match(created.stderr, /1 credit per document the collector buffers while active/);
    assert.match(created.stderr, /collector acme-news created/);

    const got = await mmq(['collector', 'get', 'acme-news'], { env });
    assert.equal(got.status, 0, got.stderr);
    assert.deepEqual(answer(got.stdout).collectors[0]?.query, {
      queries: [{ id: 'acme-q', query: 'acme OR "acme corp"' }],
    });
    const paused = await mmq(['collector', 'pause', 'acme-news'], { env });
    assert.equal(answer(paused.stdout).collectors[0]?.state, 'PAUSED');
    const resumed = await mmq(['collector', 'resume', 'acme-news', '--quiet'], { env });
    assert.equal(answer(resumed.stdout).collectors[0]?.state, 'ACTIVE');
    assert.equal(resumed.stderr, '');
    assert.deepEqual(await listed(), ['acme-news:ACTIVE']);

    // The definition alone, from stdin, replaces the existing one.
    const again = await mmq(['collector', 'create', 'acme-news', '--from-json', '-'], {
      env,
      stdin: JSON.stringify({ queries: [{ id: 'globex-q', query: 'globex' }] }),
    });
    assert.equal(again.status, 0, again.stderr);
    assert.match(
      again.stderr,
      /existed: its definition was replaced, the results it holds were kept/,
    );

    const deleted = await mmq(['collector', 'delete', 'acme-news'], { env });
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.equal(answer(deleted.stdout).collectors[0]?.state, 'DELETED');
    const gone = await mmq(['collector', 'get', 'acme-news'], { env });
    assert.equal(gone.status, 1);
    assert.match(gone.stderr, /^mmq: getting collector acme-news: .*\(code 15\)\n$/);
    assert.doesNotMatch(gone.stderr + created.stderr, new RegExp(TOKEN));
  });

  it('an empty definition makes a paused export target; --max-credits refuses an active one (no upper bound)', async () => {
    const dir = await workspace({
      'empty.json': '{}',
      'q.json': '{"queries": [{"id": "q", "query": "initech"}]}',
    });
    const empty = await mmq(
      [
        'collector',
        'create',
        'target',
        '--from-json',
        join(dir, 'empty.json'),
        '--max-credits',
        '0',
      ],
      { env },
    );
    assert.equal(empty.status, 0, empty.stderr);
    assert.equal(answer(empty.stdout).collectors[0]?.state, 'PAUSED');
    assert.match(empty.stderr, /collects nothing live: the service makes it PAUSED/);
    const refused = await mmq(
      [
        'collector',
        'create',
        'costly',
        '--from-json',
        join(dir, 'q.json'),
        '--max-credits',
        '1000',
      ],
      { env },
    );
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /collector costly: not started: its cost has no upper bound/);
    assert.deepEqual(await listed(), ['target:PAUSED']);
    await mmq(['collector', 'delete', 'target'], { env });
  });

  it('a definition is checked before it is sent: what is wrong and where, exit 2, nothing created', async () => {
    const dir = await workspace({
      'broken.json': '{"queries": [',
      'unknown.json': '{"collector_query": {"querys": []}}',
      'both.json': '{"projects": ["p1"], "project_topics": {"project": "p1", "topics": ["t"]}}',
      'two.json': '{"projects": ["p1", "p2"]}',
      'filters.json': '{"filters": ["f1"]}',
      'syntax.json':
        '{"queries": [{"id": "ok", "query": "acme"}, {"id": "bad", "query": "acme AND (globex"}]}',
      'type.json': '{"queries": [{"id": "q", "query": 5}]}',
    });
    const cases: [string, RegExp][] = [
      ['broken.json', /broken\.json is not JSON \(/],
      ['unknown.json', /unknown\.json: collector_query: .*querys/],
      ['both.json', /`projects` and `project_topics` must never both be present/],
      ['two.json', /A collector may include one project; this one names 2/],
      ['filters.json', /Filters alone define nothing to collect/],
      ['syntax.json', /queries\[1\] \(bad\): syntax: /],
      ['type.json', /type\.json: queries\.0\.query: /],
      ['missing.json', /cannot read .*missing\.json: no such file/],
    ];
    for (const [file, message] of cases) {
      const result = await mmq(['collector', 'create', 'c', '--from-json', join(dir, file)], {
        env,
      });
      assert.equal(result.status, 2, `${file}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message, file);
    }
    assert.deepEqual(await listed(), []);
  });

  it('--help for each subcommand; usage errors exit 2', async () => {
    for (const sub of ['create', 'get', 'pause', 'resume', 'delete', 'list']) {
      const help = await mmq(['collector', sub, '--help']);
      assert.equal(help.status, 0, sub);
      assert.match(help.stdout, new RegExp(`^Usage: mmq collector ${sub}`, 'i'));
      assert.match(help.stdout, /--base-url <url>/);
    }
    const noFile = await mmq(['collector', 'create', 'c'], { env });
    assert.equal(noFile.status, 2);
    assert.match(noFile.stderr, /required option '--from-json <file>' not specified/);
    const unknown = await mmq(['collector', 'stop', 'c'], { env });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^mmq collector: unknown command 'stop'/);
    const noId = await mmq(['collector', 'pause'], { env });
    assert.equal(noId.status, 2);
    assert.match(noId.stderr, /missing required argument 'id'/);
  });
});
