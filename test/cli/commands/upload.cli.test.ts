// `mmq upload` against a sandbox over loopback HTTP (spec/cli.md): every document checked before
// anything is sent (problems as FILE:LINE: field: message, nothing sent), --valid-only with the
// report right line by line, CSV, a Ctrl-C mid-upload (the report says exactly what was sent),
// a connection cut during a batch (its documents `unknown`) and a retry that applies them
// without duplicates, and usage problems.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ReportLine } from '../../../core/uploads/report';
import type { RunningSandbox } from '../../../sandbox/server';
import { documentOf, ndjson, PUBLISHED } from '../support/documents';
import { mmq, startMmq, workspace } from '../support/mmq';
import { useDocumentSandbox, type DocumentSandbox } from '../support/sandbox';
import { interruptWhileHeld, uploadProxy } from '../support/uploadProxy';

const TOKEN = 'cli-upload-token-0123';
const PROJECT = '7c1e-demo';

const good = (word: string, index: number) => documentOf(word, index);
const reportOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ReportLine);
const outcomes = (report: readonly ReportLine[]) =>
  report.map((line) => `${line.line} ${line.outcome}`);

describe('mmq upload', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: MediaMonitoringClient;
  let env: NodeJS.ProcessEnv;
  let foundIn: DocumentSandbox['found'];
  /** How many documents of the project the sandbox finds with this word. */
  const found = (word: string) => foundIn(word, PROJECT);
  const through = (url: string) => ({ ...env, MEDIA_MONITORING_URL: url });

  useDocumentSandbox(TOKEN, (started) => ({ sandbox, client, env, found: foundIn } = started));

  const mixed = (word: string) =>
    ndjson([
      good(word, 1),
      '{"url": ',
      { ...good(word, 3), title: undefined },
      { ...good(word, 4), url: `https://elsewhere.example/${word}-4` },
      { ...good(word, 5), published: '2026-01-02' },
      good(word, 6),
    ]);

  it('problems on their lines, exit 1, and nothing sent', async () => {
    const dir = await workspace({ 'docs.ndjson': mixed('checkedfirst') });
    const result = await mmq(['upload', join(dir, 'docs.ndjson'), '--project', PROJECT], { env });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout, '');
    const file = join(dir, 'docs.ndjson');
    assert.match(result.stderr, new RegExp(`^${file}:2: not JSON: `, 'm'));
    assert.match(
      result.stderr,
      new RegExp(`^${file}:3: title: is required to create a document$`, 'm'),
    );
    assert.match(
      result.stderr,
      new RegExp(
        `^${file}:5: published: must be a time in epoch milliseconds: "2026-01-02" is \\d+$`,
        'm',
      ),
    );
    assert.match(result.stderr, /3 documents of 6 did not pass the checks: nothing was sent/);
    assert.equal(await found('checkedfirst'), 0);
  });

  it('--valid-only: the valid ones sent, and the report says what became of each, line by line', async () => {
    const dir = await workspace({ 'docs.ndjson': mixed('validonly') });
    const result = await mmq(
      ['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--valid-only'],
      { env },
    );
    assert.equal(result.status, 1, result.stderr);
    const report = reportOf(result.stdout);
    assert.deepEqual(outcomes(report), [
      '1 applied',
      '2 not-sent',
      '3 not-sent',
      '4 refused',
      '5 not-sent',
      '6 applied',
    ]);
    assert.equal(report[0]?.url, 'https://news.acme.example/validonly-1');
    assert.match(report[2]?.message ?? '', /^not sent: title: is required to create a document$/);
    assert.equal(report[3]?.status_code, '16');
    assert.match(report[3]?.message ?? '', /matches no channel/);
    assert.match(result.stderr, /6 documents: 2 applied, 1 refused, 3 not-sent/);
    assert.match(
      result.stderr,
      /^mmq upload: .*docs\.ndjson:4: refused \(code 16\): The url .* matches no channel of project 7c1e-demo/m,
    );
    assert.equal(await found('validonly'), 2);
  });

  it('CSV into a dataset: custom fields checked against its template, the report to --report, exit 0', async () => {
    await client.customMetrics.add('p-insights', 'tmpl-feedback', [
      { name: 'score', title: 'Score', description: '', display_in_ui: true, format: 'INTEGER' },
    ]);
    const header = 'url,title,content,published,engagement,custom.score';
    const row = (index: number, custom = 'custom.score') =>
      `https://reviews.acme.example/r${index},Review ${index},"Fine, really",${PUBLISHED},${index * 10},${index}`.replace(
        'custom.score',
        custom,
      );
    const dir = await workspace({
      'bad.csv': `${header.replace('custom.score', 'custom.scor')}\n${row(1)}\n`,
      'good.csv': `${header}\n${row(1)}\n${row(2)}\n`,
    });
    const args = ['--project', 'p-insights', '--dataset', 'ds-survey'];
    const bad = await mmq(['upload', join(dir, 'bad.csv'), ...args], { env });
    assert.equal(bad.status, 1, bad.stderr);
    assert.match(
      bad.stderr,
      /bad\.csv:2: custom\.scor: neither the dataset's template nor the project has a custom metric "scor" \(they have score\)/,
    );
    const reportFile = join(dir, 'report.ndjson');
    const result = await mmq(['upload', join(dir, 'good.csv'), ...args, '--report', reportFile], {
      env,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /upload: 2 of 2 documents \(2 applied\)/);
    assert.deepEqual(outcomes(reportOf(readFileSync(reportFile, 'utf8'))), [
      '2 applied',
      '3 applied',
    ]);
  });

  it("into a dataset: a custom field of the project's own metrics passes the checks as the template's do", async () => {
    await client.customMetrics.add('p-insights', undefined, [
      { name: 'reach_weight', title: 'Reach weight', format: 'DECIMAL' },
    ]);
    const dir = await workspace({
      'docs.ndjson': ndjson([
        {
          url: 'https://reviews.acme.example/weighted-1',
          title: 'Weighted',
          content: 'weighted review',
          published: PUBLISHED,
          custom: { reach_weight: 0.5 },
        },
      ]),
    });
    const result = await mmq(
      ['upload', join(dir, 'docs.ndjson'), '--project', 'p-insights', '--dataset', 'ds-survey'],
      { env },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(outcomes(reportOf(result.stdout)), ['1 applied']);
  });

  it('Ctrl-C during a batch: that batch ends, nothing more is sent, exit 130, and the report says exactly which were sent', async () => {
    const documents = Array.from({ length: 1250 }, (_, index) => good('interrupted', index + 1));
    const dir = await workspace({ 'docs.ndjson': ndjson(documents) });
    const proxy = await uploadProxy(sandbox.url, 2, 'hold');
    const reportFile = join(dir, 'report.ndjson');
    try {
      const running = startMmq(
        ['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--report', reportFile],
        { env: through(proxy.url) },
      );
      await interruptWhileHeld(proxy, running);
      assert.equal(proxy.uploads(), 2);
    } finally {
      proxy.close();
    }
    const report = reportOf(readFileSync(reportFile, 'utf8'));
    assert.equal(report.length, 1250);
    assert.deepEqual(
      report.map((line) => line.line),
      documents.map((_, index) => index + 1),
    );
    const applied = report.filter((line) => line.outcome === 'applied');
    assert.equal(applied.length, 1000);
    assert.ok(report.slice(1000).every((line) => line.outcome === 'not-sent'));
    assert.equal(await found('interrupted'), applied.length);
  });

  it('a connection cut during a batch: its documents unknown; a retry applies them, and no document is there twice', async () => {
    const documents = Array.from({ length: 1250 }, (_, index) => good('cutbatch', index + 1));
    const dir = await workspace({ 'docs.ndjson': ndjson(documents) });
    const file = join(dir, 'docs.ndjson');
    const first = join(dir, 'first.ndjson');
    const proxy = await uploadProxy(sandbox.url, 2, 'cut');
    try {
      const result = await mmq(['upload', file, '--project', PROJECT, '--report', first], {
        env: through(proxy.url),
      });
      assert.equal(result.status, 1, result.stderr);
    } finally {
      proxy.close();
    }
    const report = reportOf(readFileSync(first, 'utf8'));
    assert.ok(report.slice(0, 500).every((line) => line.outcome === 'applied'));
    assert.ok(report.slice(500, 1000).every((line) => line.outcome === 'unknown'));
    assert.ok(report.slice(1000).every((line) => line.outcome === 'applied'));
    // The cut batch did land: the sandbox applied it before the connection was cut.
    assert.equal(await found('cutbatch'), 1250);

    const second = join(dir, 'second.ndjson');
    const retry = await mmq(
      ['upload', file, '--project', PROJECT, '--retry', first, '--report', second],
      {
        env,
      },
    );
    assert.equal(retry.status, 0, retry.stderr);
    assert.match(retry.stderr, /500 documents to retry/);
    // The retry's report is the whole file's: the earlier lines, the retried ones' new outcomes.
    const again = reportOf(readFileSync(second, 'utf8'));
    assert.deepEqual(
      again.map((line) => line.line),
      documents.map((_, index) => index + 1),
    );
    assert.ok(again.every((line) => line.outcome === 'applied'));
    assert.equal(await found('cutbatch'), 1250);
  });

  it('a file that grows while it is sent: exactly the documents checked are sent', async () => {
    const documents = Array.from({ length: 8000 }, (_, index) => good('grownfile', index + 1));
    const dir = await workspace({ 'docs.ndjson': ndjson(documents) });
    const file = join(dir, 'docs.ndjson');
    const reportFile = join(dir, 'report.ndjson');
    const proxy = await uploadProxy(sandbox.url, 1, 'hold');
    try {
      const running = startMmq(['upload', file, '--project', PROJECT, '--report', reportFile], {
        env: through(proxy.url),
      });
      // Checked, and the first batch under way: another program appends to the file.
      await proxy.reached;
      appendFileSync(
        file,
        ndjson(Array.from({ length: 1000 }, (_, index) => good('appendedlater', index + 1))),
      );
      proxy.release();
      assert.equal(await running.exited, 0, running.stderr());
      assert.match(running.stderr(), /upload: 8,000 of 8,000 documents/);
    } finally {
      proxy.close();
    }
    assert.equal(reportOf(readFileSync(reportFile, 'utf8')).length, 8000);
    assert.equal(await found('grownfile'), 8000);
    assert.equal(await found('appendedlater'), 0);
  });

  it('a service that refuses the connection: the documents are not-sent, not unknown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dir = await workspace({
      'docs.ndjson': ndjson([good('refusedconnection', 1), good('refusedconnection', 2)]),
    });
    const result = await mmq(['upload', join(dir, 'docs.ndjson'), '--project', PROJECT], {
      env: through(`http://127.0.0.1:${port}`),
    });
    assert.equal(result.status, 1, result.stderr);
    const report = reportOf(result.stdout);
    assert.deepEqual(outcomes(report), ['1 not-sent', '2 not-sent']);
    assert.match(report[0]?.message ?? '', /ECONNREFUSED/);
  });

  it('--annotate sentiment --return-entry into a dataset: each applied line holds the stored document, scored', async () => {
    const dir = await workspace({
      'scored.ndjson': ndjson([
        {
          url: 'https://reviews.acme.example/scored-1',
          title: 'Excellent service',
          content: 'great, happy, love it',
          published: PUBLISHED,
        },
        {
          url: 'https://reviews.acme.example/scored-2',
          title: 'Terrible service',
          content: 'awful, angry, hate it',
          published: PUBLISHED,
        },
      ]),
    });
    const args = ['--project', 'p-insights', '--dataset', 'ds-survey'];
    const result = await mmq(
      ['upload', join(dir, 'scored.ndjson'), ...args, '--annotate', 'sentiment', '--return-entry'],
      { env },
    );
    assert.equal(result.status, 0, result.stderr);
    const report = reportOf(result.stdout);
    assert.deepEqual(outcomes(report), ['1 applied', '2 applied']);
    assert.deepEqual(
      report.map((line) => line.entry?.url),
      ['https://reviews.acme.example/scored-1', 'https://reviews.acme.example/scored-2'],
    );
    const [happy, angry] = report.map((line) => line.entry?.sentiment ?? 0);
    assert.ok((happy ?? 0) > 0 && (angry ?? 0) < 0, `sentiments ${happy} and ${angry}`);
    // Without the flags, the report holds no entries.
    const plain = await mmq(['upload', join(dir, 'scored.ndjson'), ...args, '--mode', 'upsert'], {
      env,
    });
    assert.equal(plain.status, 0, plain.stderr);
    assert.deepEqual(
      reportOf(plain.stdout).map((line) => line.entry),
      [undefined, undefined],
    );
  });

  it('usage and I/O problems: exit 2, nothing sent', async () => {
    const dir = await workspace({
      'docs.txt': '{}\n',
      'docs.ndjson': ndjson([good('usage', 1)]),
      'bad.ndjson': 'not a report\n',
    });
    const cases: [string[], RegExp][] = [
      [['upload', join(dir, 'docs.ndjson')], /required option '--project <id>'/],
      [
        ['upload', join(dir, 'docs.txt'), '--project', PROJECT],
        /give --input-format json\|ndjson\|csv/,
      ],
      [
        ['upload', join(dir, 'missing.ndjson'), '--project', PROJECT],
        /cannot read .*: no such file/,
      ],
      [['upload', '-', '--project', PROJECT], /give a file, not -/],
      [['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--mode', 'replace'], /--mode/],
      [
        [
          'upload',
          join(dir, 'docs.ndjson'),
          '--project',
          PROJECT,
          '--retry',
          join(dir, 'bad.ndjson'),
        ],
        /--retry .*: line 1 is not a report line/,
      ],
      [
        ['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--annotate', 'sentiment'],
        /--annotate is for uploads into a dataset: give --dataset/,
      ],
      [
        ['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--return-entry'],
        /--return-entry is for uploads into a dataset: give --dataset/,
      ],
      [
        [
          ...['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--dataset', 'ds-survey'],
          ...['--annotate', 'emotion'],
        ],
        /--annotate.*emotion.*sentiment/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await mmq(args, { env });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
    const noService = await mmq(['upload', join(dir, 'docs.ndjson'), '--project', PROJECT], {
      env: { ...env, MEDIA_MONITORING_URL: '' },
    });
    assert.equal(noService.status, 2);
    assert.equal(await found('usage'), 0);
  });
});
