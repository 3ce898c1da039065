// `mmq upload` killed with SIGKILL at random moments, then retried from its report until done
// (spec/cli.md, docs/decisions.md "Nothing lost, nothing leaked"): generated files of a few
// thousand documents in each format (a JSON array on one line too), a real `mmq` child process
// against the sandbox over loopback HTTP, killed when a batch arrives (not yet applied), once the
// sandbox applied it (its answer never read), or a random moment after an answer (writing the
// report, reading the next batch, rewriting the report). Each retry may be killed too. In the
// end every document of the file is in the service exactly once, and the last report says each
// document's outcome, one line per document in input order.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ReportLine } from '../../../core/uploads/report';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { mmq, startMmq, workspace } from '../support/mmq';
import { watchedProxy, type UploadMoment } from '../support/uploadProxy';

const TOKEN = 'cli-kill-token-0123';
const PROJECT = '7c1e-demo';
const PUBLISHED = Date.now() - 3_600_000;

/** A small seeded generator: a failure names its seed, and the seed replays it. */
function randomOf(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

interface Generated {
  readonly word: string;
  readonly urls: readonly string[];
  readonly text: string;
}

type Format = 'ndjson' | 'json' | 'csv';

function generate(format: Format, word: string, count: number): Generated {
  const documents = Array.from({ length: count }, (_, index) => ({
    url: `https://news.acme.example/${word}/${index + 1}`,
    title: `${word} document ${index + 1}`,
    content: `about ${word}, "quoted", and more`,
    published: PUBLISHED - index,
  }));
  const urls = documents.map((each) => each.url);
  if (format === 'ndjson')
    return { word, urls, text: documents.map((each) => JSON.stringify(each)).join('\n') + '\n' };
  // One line: every document on line 1, told apart by position.
  if (format === 'json') return { word, urls, text: JSON.stringify(documents) };
  const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;
  const rows = documents.map((each) =>
    [each.url, each.title, each.content, each.published].map(cell).join(','),
  );
  return { word, urls, text: ['url,title,content,published', ...rows].join('\r\n') + '\r\n' };
}

const reportOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ReportLine);

describe('mmq upload killed at random moments, then retried until done', function () {
  this.timeout(600_000);
  let sandbox: RunningSandbox;
  let client: MediaMonitoringClient;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    sandbox = await startSandbox({
      token: TOKEN,
      docs: 0,
      rate: 0,
      documents: [],
      credits: 100_000_000,
    });
    client = new MediaMonitoringClient({ baseUrl: sandbox.url, token: TOKEN, userAgent: 'tests' });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  /** Every url of the project's documents holding `word`, as often as the service has them. */
  async function storedUrls(word: string): Promise<string[]> {
    const urls: string[] = [];
    for (let offset = 0; ; offset += 500) {
      const answer = await client.results.project(PROJECT, { q: word, offset, hpp: 500 });
      const page = answer.result_content.data;
      urls.push(...page.map((each) => each.data.url ?? ''));
      if (page.length < 500) return urls;
    }
  }

  /**
   * `mmq ARGS` through a proxy that kills it with SIGKILL at the moment chosen: when upload call
   * `upload` arrives or is applied, or `delay` ms after its answer. Resolves once it ended;
   * whether it was killed.
   */
  async function killedRun(
    args: readonly string[],
    upload: number,
    moment: UploadMoment | 'answered',
    delay: number,
  ): Promise<boolean> {
    let killed = false;
    let kill = () => undefined as void;
    const proxy = await watchedProxy(sandbox.url, (number, now) => {
      if (number !== upload) return false;
      if (moment === 'answered') {
        if (now === 'applied') setTimeout(kill, delay);
        return false;
      }
      if (now !== moment) return false;
      kill();
      return true;
    });
    try {
      const running = startMmq(args, { env: { ...env, MEDIA_MONITORING_URL: proxy.url } });
      kill = () => {
        killed = running.child.kill('SIGKILL') || killed;
      };
      const ended = await running.exited;
      if (!killed) assert.equal(ended, 0, running.stderr());
      return killed;
    } finally {
      proxy.close();
    }
  }

  const rounds: readonly [Format, number][] = [
    ['ndjson', 3000],
    ['json', 2600],
    ['csv', 2200],
  ];
  for (const [format, count] of rounds)
    it(`${format}, ${count.toLocaleString('en')} documents: nothing lost, nothing twice, and the report says so`, async () => {
      const seed = Date.now() ^ count;
      const random = randomOf(seed);
      const word = `killround${format}${seed % 100_000}`;
      const generated = generate(format, word, count);
      const dir = await workspace({ [`docs.${format}`]: generated.text });
      const file = join(dir, `docs.${format}`);
      const batches = Math.ceil(count / 500);
      const kills = 2 + random(3);
      let previous: string | undefined;
      let killed = 0;
      const said: string[] = [];
      for (let attempt = 0; ; attempt++) {
        const report = join(dir, `report-${attempt}.ndjson`);
        const args = [
          ...['upload', file, '--project', PROJECT, '--report', report, '--quiet'],
          ...(previous === undefined ? [] : ['--retry', previous]),
        ];
        if (attempt < kills) {
          const moments = ['arrived', 'applied', 'answered'] as const;
          const moment = moments[random(3)]!;
          const upload = 1 + random(batches);
          said.push(`attempt ${attempt}: ${moment} ${upload}`);
          if (await killedRun(args, upload, moment, random(40))) killed++;
        } else {
          const result = await mmq(args, { env });
          assert.equal(result.status, 0, `seed ${seed}, ${said.join('; ')}: ${result.stderr}`);
        }
        // Killed before the report was opened: the earlier one is still the one to retry.
        if (existsSync(report)) previous = report;
        if (attempt >= kills) break;
      }
      const context = `seed ${seed}, ${said.join('; ')}`;
      assert.ok(killed > 0, context);

      const stored = await storedUrls(word);
      assert.equal(stored.length, count, `${context}: documents in the service`);
      assert.equal(new Set(stored).size, count, `${context}: a document twice`);
      assert.deepEqual([...stored].sort(), [...generated.urls].sort(), context);

      assert.ok(previous !== undefined, context);
      const lines = reportOf(previous);
      assert.deepEqual(
        lines.map((line) => `${line.position} ${line.url} ${line.outcome}`),
        generated.urls.map((url, index) => `${index + 1} ${url} applied`),
        context,
      );
    });
});

describe('an upload report written by a disk that filled up', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    sandbox = await startSandbox({ token: TOKEN, docs: 0, rate: 0, documents: [] });
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
  });
  after(() => sandbox.close());

  it('a torn last line is ignored, and the documents it and the lines after it would have named are sent again', async () => {
    const generated = generate('ndjson', 'tornreport', 1200);
    const dir = await workspace({ 'docs.ndjson': generated.text });
    const file = join(dir, 'docs.ndjson');
    const first = join(dir, 'first.ndjson');
    const done = await mmq(['upload', file, '--project', PROJECT, '--report', first], { env });
    assert.equal(done.status, 0, done.stderr);
    // What a full disk leaves: 536 lines of 1,200, the last cut off mid-way.
    const text = readFileSync(first, 'utf8');
    const cut = text.split('\n').slice(0, 536).join('\n');
    writeFileSync(first, cut.slice(0, cut.length - 20));
    const second = join(dir, 'second.ndjson');
    const retry = await mmq(
      ['upload', file, '--project', PROJECT, '--retry', first, '--report', second],
      { env },
    );
    assert.equal(retry.status, 0, retry.stderr);
    // The torn line's document and every one after it, as upsert: they were there already.
    assert.match(retry.stderr, /665 documents to retry/);
    const lines = reportOf(second);
    assert.equal(lines.length, 1200);
    assert.ok(lines.every((line) => line.outcome === 'applied'));
  });
});
