// `mmq export` against a sandbox over loopback HTTP (spec/cli.md): the estimate first, the task
// as JSON, --wait until it ends (exit 1 when it failed), --out the target's results as NDJSON,
// --max-credits, and dates and sources checked before anything is sent.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { mmq, workspace } from '../support/mmq';

const TOKEN = 'cli-export-token-0123';
const NOW = Date.now();
const DAY = 86_400_000;
/** 15 Acme and 15 Globex stories of the last 30 hours. */
const DOCUMENTS: AnalyticsDocument[] = Array.from({ length: 30 }, (_, index) => ({
  url: `https://news.acme.example/export-${index}`,
  title: index % 2 === 0 ? `Acme story ${index}` : `Globex story ${index}`,
  content: 'story',
  published: NOW - (index + 1) * 3_600_000,
}));
const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

interface Task {
  id: string;
  status: string;
  processed: number;
  target: string;
}

describe('mmq export', () => {
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  const start = isoDay(NOW - 3 * DAY);
  const put = async (base: string, collector: string) => {
    const response = await fetch(`${base}/api/v3/stream/c/${collector}?access_token=${TOKEN}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.ok(response.ok);
  };
  const tasks = async () => {
    const response = await fetch(`${sandbox.url}/api/v3/tasks/export?access_token=${TOKEN}`);
    return ((await response.json()) as { result_tasks: { tasks: Task[] } }).result_tasks.tasks;
  };

  before(async () => {
    sandbox = await startSandbox({ token: TOKEN, docs: 0, rate: 0, documents: DOCUMENTS });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
    await put(sandbox.url, 'target');
  });
  after(() => sandbox.close());

  it('prints the estimate on stderr first, then the task as JSON', async () => {
    const result = await mmq(
      ['export', '--query', 'acme', '--start', start, '--target', 'target'],
      { env },
    );
    assert.equal(result.status, 0, result.stderr);
    const task = JSON.parse(result.stdout) as Task;
    assert.deepEqual([task.status, task.processed, task.target], ['QUEUED', 0, 'target']);
    assert.match(
      result.stderr.split('\n')[0] ?? '',
      /^mmq: the export into target costs credits: 1 credit per exported result.*at most 1,000,000$/,
    );
  });

  it('--wait --out: progress until FINISHED, the task as it ended, its results as NDJSON; an existing file needs --force', async () => {
    await put(sandbox.url, 'fresh');
    const dir = await workspace({ 'taken.ndjson': 'keep me\n' });
    const out = join(dir, 'acme.ndjson');
    const result = await mmq(
      ['export', '--stream', 'acme-stream', '--start', start, '--target', 'fresh', '--out', out],
      { env },
    );
    // No such stream: the service refuses, and nothing is written.
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /starting the export: .*\(code 15\)/);
    assert.ok(!existsSync(out));

    const finished = await mmq(
      [
        'export',
        '--query',
        'acme',
        '--start',
        start,
        '--stop',
        new Date(NOW + 60_000).toISOString(),
        '--target',
        'fresh',
        '--limit',
        '100',
        '--out',
        out,
      ],
      { env },
    );
    assert.equal(finished.status, 0, finished.stderr);
    const task = JSON.parse(finished.stdout) as Task;
    assert.deepEqual([task.status, task.processed], ['FINISHED', 15]);
    assert.match(finished.stderr, /at most 100\n/);
    assert.match(finished.stderr, /export task task-\S+: queued, 0 exported/);
    assert.match(finished.stderr, /15 results exported into fresh/);
    assert.match(finished.stderr, /15 results of collector fresh written to /);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 15);
    for (const line of lines)
      assert.match((JSON.parse(line) as { data: { title: string } }).data.title, /^Acme story/);

    const before = (await tasks()).length;
    const taken = await mmq(
      [
        'export',
        '--query',
        'acme',
        '--start',
        start,
        '--target',
        'fresh',
        '--out',
        join(dir, 'taken.ndjson'),
      ],
      { env },
    );
    assert.equal(taken.status, 2);
    assert.match(taken.stderr, /taken\.ndjson exists: give --force to replace it/);
    assert.equal((await tasks()).length, before, 'no task was started');
    assert.equal(readFileSync(join(dir, 'taken.ndjson'), 'utf8'), 'keep me\n');
  });

  it('--limit reached: exit 0 saying what RESULT_LIMIT_REACHED means; a FAILED task exits 1', async () => {
    const limited = await mmq(
      [
        'export',
        '--query',
        'globex',
        '--start',
        start,
        '--target',
        'target',
        '--limit',
        '4',
        '--wait',
      ],
      { env },
    );
    assert.equal(limited.status, 0, limited.stderr);
    assert.equal((JSON.parse(limited.stdout) as Task).status, 'RESULT_LIMIT_REACHED');
    assert.match(limited.stderr, /more results matched than the limit of 4; the target holds 4/);

    // Three credits: the task runs out after three results.
    const poor = await startSandbox({
      token: TOKEN,
      docs: 0,
      rate: 0,
      credits: 3,
      documents: DOCUMENTS,
    });
    try {
      await put(poor.url, 'target');
      const failed = await mmq(
        ['export', '--query', 'acme', '--start', start, '--target', 'target', '--wait', '--quiet'],
        { env: { ...env, MEDIA_MONITORING_URL: poor.url } },
      );
      assert.equal(failed.status, 1, failed.stderr);
      assert.equal((JSON.parse(failed.stdout) as Task).status, 'FAILED');
      assert.match(failed.stderr, /^mmq: export task \S+: the export task failed after 3 results/);
    } finally {
      await poor.close();
    }
  });

  it('--max-credits refuses an export whose limit is above it (exit 1), with nothing started', async () => {
    const before = (await tasks()).length;
    const refused = await mmq(
      ['export', '--query', 'acme', '--start', start, '--target', 'target', '--max-credits', '500'],
      { env },
    );
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /not started: it may cost 1,000,000 credits, above --max-credits 500/,
    );
    assert.equal((await tasks()).length, before);
    const within = await mmq(
      [
        'export',
        '--query',
        'acme',
        '--start',
        start,
        '--target',
        'target',
        '--limit',
        '500',
        '--max-credits',
        '500',
        '--quiet',
      ],
      { env },
    );
    assert.equal(within.status, 0, within.stderr);
    assert.equal(within.stderr, '');
  });

  it('dates, sources and options are checked before anything is sent (exit 2); --help', async () => {
    const before = (await tasks()).length;
    const base = ['export', '--target', 'target'];
    const cases: [string[], RegExp][] = [
      [
        [...base, '--query', 'a', '--start', 'yesterday'],
        /--start.*'yesterday' is invalid\. Write a date as YYYY-MM-DD/,
      ],
      [
        [...base, '--query', 'a', '--start', '2024-02-30'],
        /'2024-02-30' is invalid\. There is no such day/,
      ],
      [[...base, '--query', 'a', '--start', '2024-05-01T10:00'], /Add the time zone/],
      [[...base, '--query', 'a', '--start', '2024-05-01T25:00Z'], /no such time of day/],
      [
        [...base, '--query', 'a', '--start', '2024-05-02', '--stop', '2024-05-01'],
        /--stop 2024-05-01 must be after --start/,
      ],
      [
        [...base, '--start', '2024-05-01'],
        /give what to export: --project ID, --stream ID or --query Q/,
      ],
      [
        [...base, '--query', 'a', '--stream', 's', '--start', '2024-05-01'],
        /give one of --project, --stream and --query/,
      ],
      [
        [...base, '--query', 'a', '--topic', 't', '--start', '2024-05-01'],
        /--topic goes with --project/,
      ],
      [
        ['export', '--query', 'a', '--start', '2024-05-01'],
        /required option '--target <collector>' not specified/,
      ],
      [
        [...base, '--query', 'a', '--start', '2024-05-01', '--limit', '0'],
        /--limit.*'0' is invalid/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await mmq(args, { env });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message, args.join(' '));
    }
    assert.equal((await tasks()).length, before, 'nothing was started');
    const help = await mmq(['export', '--help']);
    assert.equal(help.status, 0);
    for (const option of [
      '--project',
      '--topic',
      '--stream',
      '--query',
      '--start',
      '--stop',
      '--target',
      '--limit',
      '--wait',
      '--out',
      '--max-credits',
    ])
      assert.match(help.stdout, new RegExp(option), option);
  });
});
