// `mmq tail` against a standalone sandbox (`mmq sandbox`, another process) over loopback HTTP
// (spec/cli.md): NDJSON and text output, code 24, --until-end, SIGINT, exactly once over runs
// killed with SIGKILL at random moments and started again with --resume-file, and a project's
// live results narrowed by topics and filters, into --out.
import assert from 'node:assert/strict';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { eventually } from '../../support/eventually';
import { mmq, startMmq, workspace } from '../support/mmq';
import { sandboxCalls } from '../support/sandbox';

const TOKEN = 'cli-tail-token-0123';

describe('mmq tail', () => {
  let sandbox: CliSandbox;
  let env: NodeJS.ProcessEnv;
  const call = sandboxCalls(() => sandbox.url, TOKEN);
  const collector = (id: string, query: string) =>
    call('PUT', `/api/v3/stream/c/${id}`, { collector_query: { queries: [{ id: 'q', query }] } });
  /** Documents arriving live now, at most 1,000 a call (the sandbox's limit). */
  const arrive = async (documents: readonly { title: string; url: string }[]) => {
    for (let at = 0; at < documents.length; at += 1000)
      await call('POST', '/_sandbox/live', {
        documents: documents
          .slice(at, at + 1000)
          .map((document) => ({ ...document, content: document.title })),
      });
  };
  // Five collector reads a minute per token: each new process has a governor of its own, so the
  // tests move the sandbox's clock past the window instead of waiting for it.
  const nextMinute = () => call('POST', '/_sandbox/clock', { advance_ms: 61_000 });
  const urlsOf = (ndjson: string) =>
    ndjson
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { data: { url: string } }).data.url);

  before(async () => {
    sandbox = await startCli([
      '--port',
      '0',
      '--docs',
      '0',
      '--rate',
      '0',
      '--quiet',
      '--token',
      TOKEN,
    ]);
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
  });
  after(() => sandbox.stop('SIGTERM'));

  it('--collector --until-end: every buffered result as NDJSON, then exit 0; --format text: one line each', async () => {
    await collector('news', 'acme');
    await arrive([
      { title: 'Acme rockets', url: 'https://news.example/1' },
      { title: 'Globex only', url: 'https://news.example/2' },
      { title: 'Acme \u001b[31mred\u001b[0m skates', url: 'https://news.example/3' },
    ]);
    await nextMinute();
    const ndjson = await mmq(['tail', '--collector', 'news', '--until-end'], { env });
    assert.equal(ndjson.status, 0, ndjson.stderr);
    assert.deepEqual(urlsOf(ndjson.stdout), ['https://news.example/1', 'https://news.example/3']);
    const first = JSON.parse(ndjson.stdout.split('\n')[0] ?? '') as {
      data: { title: string };
      highlighted_data: { matched: { collector_query_ids: string[] } }[];
    };
    assert.equal(first.data.title, 'Acme rockets');
    assert.deepEqual(first.highlighted_data[0]?.matched.collector_query_ids, ['q']);
    assert.match(ndjson.stderr, /tailing collector news: ended after 2 results/);
    assert.doesNotMatch(ndjson.stderr + ndjson.stdout, new RegExp(TOKEN));

    const text = await mmq(
      ['tail', '--collector', 'news', '--until-end', '--format', 'text', '--quiet'],
      { env },
    );
    assert.equal(text.status, 0, text.stderr);
    assert.equal(text.stderr, '');
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(
      lines[0] ?? '',
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ {2}news\.example {2}Acme rockets {2}\[q\] {2}https:\/\/news\.example\/1$/,
    );
    // A title cannot send terminal sequences.
    assert.ok(!(lines[1] ?? '').includes('\u001b'));
    assert.match(lines[1] ?? '', /Acme \[31mred \[0m skates/);
  });

  it('--stream: results as they arrive, --max-hits ends it; a newer connection (code 24) ends the older with exit 1', async () => {
    await call('PUT', '/api/v3/stream/s/live-news', {
      rules: [{ rule_id: 'globex-rule', query: 'globex' }],
    });
    const older = startMmq(['tail', '--stream', 'live-news', '--format', 'text'], { env });
    await older.stderrMatches(/tailing stream live-news: connected/);
    assert.match(older.stderr(), /1 credit per result, for as long as the stream stays open/);

    const dir = await workspace({});
    const out = join(dir, 'newer.ndjson');
    const fd = openSync(out, 'w');
    const newer = startMmq(['tail', '--stream', 'live-news', '--max-hits', '2'], {
      env,
      stdout: fd,
    });
    closeSync(fd);
    assert.equal(await older.exited, 1);
    assert.match(
      older.stderr(),
      /mmq: tailing stream live-news: .*a newer connection opened on the same stream \(code 24\)\n$/,
    );
    await newer.stderrMatches(/connected/);
    await arrive([
      { title: 'Globex one', url: 'https://s.example/1' },
      { title: 'Acme only', url: 'https://s.example/2' },
      { title: 'Globex two', url: 'https://s.example/3' },
      { title: 'Globex three', url: 'https://s.example/4' },
    ]);
    assert.equal(await newer.exited, 0, newer.stderr());
    assert.deepEqual(urlsOf(readFileSync(out, 'utf8')), [
      'https://s.example/1',
      'https://s.example/3',
    ]);
  });

  it("--project: the project's new documents as they arrive, with the topics each matched; --max-hits ends it", async () => {
    const out = join(await workspace({}), 'project.ndjson');
    const fd = openSync(out, 'w');
    const tailing = startMmq(['tail', '--project', '7c1e-demo', '--max-hits', '3'], {
      env,
      stdout: fd,
    });
    closeSync(fd);
    await tailing.stderrMatches(/tailing project 7c1e-demo: connected/);
    assert.match(tailing.stderr(), /1 credit per result, at most 3/);
    await arrive([
      { title: 'Acme anvils on sale', url: 'https://p.example/1' },
      { title: 'Globex only', url: 'https://p.example/2' },
      { title: 'Acme rocket skates', url: 'https://p.example/3' },
      { title: 'Acme recall', url: 'https://p.example/4' },
      { title: 'Acme after the end', url: 'https://p.example/5' },
    ]);
    assert.equal(await tailing.exited, 0, tailing.stderr());
    const results = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { data: { url: string; matched_profile: string[] } });
    // Globex is none of this project's topics; the fifth came after --max-hits 3.
    assert.deepEqual(
      results.map((result) => [result.data.url, result.data.matched_profile]),
      [
        ['https://p.example/1', ['t-acme', 't-anvil']],
        ['https://p.example/3', ['t-acme', 't-rocket']],
        ['https://p.example/4', ['t-acme', 't-recall']],
      ],
    );
    assert.match(tailing.stderr(), /tailing project 7c1e-demo: ended after 3 results\n$/);
  });

  it('--project --topic narrows (any topic given), --filter too (every filter given); --out appends text lines to a file', async () => {
    const dir = await workspace({ 'live.txt': 'an earlier line\n' });
    const out = join(dir, 'live.txt');
    const args = ['tail', '--project', '7c1e-demo', '--topic', 't-rocket', '--topic', 't-recall'];
    const tailing = startMmq(
      [...args, '--filter', 'f-english', '--format', 'text', '--out', out, '--max-hits', '2'],
      { env },
    );
    await tailing.stderrMatches(/connected/);
    assert.match(
      tailing.stderr(),
      /tailing project 7c1e-demo \(topics t-rocket, t-recall; filter f-english; until 2 results\)/,
    );
    await call('POST', '/_sandbox/live', {
      documents: [
        { title: 'Acme anvils', content: 'acme anvils', url: 'https://n.example/1', lang: 'en' },
        { title: 'Acme rockets', content: 'acme rockets', url: 'https://n.example/2', lang: 'de' },
        { title: 'Acme rockets', content: 'acme rockets', url: 'https://n.example/3', lang: 'en' },
        { title: 'Acme recall', content: 'acme recall', url: 'https://n.example/4', lang: 'en' },
      ],
    });
    assert.equal(await tailing.exited, 0, tailing.stderr());
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    assert.equal(lines[0], 'an earlier line');
    assert.equal(lines.length, 3);
    assert.match(
      lines[1] ?? '',
      / {2}Acme rockets {2}\[t-acme,t-rocket\] {2}https:\/\/n\.example\/3$/,
    );
    assert.match(
      lines[2] ?? '',
      / {2}Acme recall {2}\[t-acme,t-recall\] {2}https:\/\/n\.example\/4$/,
    );
  });

  it('SIGINT: exit 130 after writing what it had and the resume file, which the next run goes on from', async () => {
    await collector('interrupted', 'initech');
    await arrive([
      { title: 'Initech 1', url: 'https://i.example/1' },
      { title: 'Initech 2', url: 'https://i.example/2' },
    ]);
    await nextMinute();
    const dir = await workspace({});
    const resumeFile = join(dir, 'resume.json');
    const out = join(dir, 'out.ndjson');
    const fd = openSync(out, 'w');
    // Without --until-end it waits for more after the buffered results.
    const tailing = startMmq(['tail', '--collector', 'interrupted', '--resume-file', resumeFile], {
      env,
      stdout: fd,
    });
    closeSync(fd);
    await tailing.stderrMatches(/connected/);
    await eventually(() => urlsOf(readFileSync(out, 'utf8')).length === 2, {
      what: `2 results in ${out}`,
      timeoutMs: 50_000,
    });
    tailing.child.kill('SIGINT');
    assert.equal(await tailing.exited, 130);
    assert.match(
      tailing.stderr(),
      /interrupted after 2 results; .*resume\.json says where to go on/,
    );
    const kept = JSON.parse(readFileSync(resumeFile, 'utf8')) as { collector: string };
    assert.equal(kept.collector, 'interrupted');

    await arrive([{ title: 'Initech 3', url: 'https://i.example/3' }]);
    await nextMinute();
    const next = await mmq(
      ['tail', '--collector', 'interrupted', '--until-end', '--resume-file', resumeFile],
      { env },
    );
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(urlsOf(next.stdout), ['https://i.example/3']);
  });

  it('killed with SIGKILL at random moments and started again with --resume-file --out: the file holds every result exactly once', async function () {
    this.timeout(180_000);
    const COUNT = 3000;
    await collector('bulk', 'acme');
    const expected = Array.from({ length: COUNT }, (_, index) => `https://bulk.example/${index}`);
    await arrive(expected.map((url, index) => ({ title: `Acme ${index}`, url })));
    const dir = await workspace({});
    const resumeFile = join(dir, 'bulk.resume.json');
    // One file for every run, as a user appends a tail to one file day after day.
    const out = join(dir, 'bulk.ndjson');
    writeFileSync(out, '');
    const kills: string[] = [];
    // About 270 bytes a line; a kill lands anywhere in what is left.
    const total = COUNT * 270;
    let cuts = 0;
    for (let run = 0; run <= 5; run++) {
      await nextMinute();
      const before = existsSync(out) ? statSync(out).size : 0;
      const tailing = startMmq(
        ['tail', '--collector', 'bulk', '--until-end', '--resume-file', resumeFile, '--out', out],
        { env },
      );
      if (run < 5) {
        const bytes = before + 1 + Math.floor(Math.random() * (total - before) * 0.6);
        // Half the kills the instant a write shows: between a batch's write and the rename of
        // its resume point, the one window in which a batch is written twice; the file is cut
        // back to the point's size before it is written again. The others after a delay.
        const delay = run % 2 === 0 ? 0 : Math.random() * 20;
        kills.push(`run ${run}: kill ${delay.toFixed(1)} ms after ${bytes} bytes`);
        let exited = false;
        void tailing.exited.then(() => (exited = true));
        await eventually(() => exited || (existsSync(out) && statSync(out).size >= bytes), {
          what: `${bytes} bytes in ${out}, or the tail's end`,
          timeoutMs: 50_000,
          intervalMs: 1,
        });
        if (!exited) {
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          tailing.child.kill('SIGKILL');
        }
      }
      const status = await tailing.exited;
      if (/cut .* back by \d+ bytes/.test(tailing.stderr())) cuts += 1;
      kills.push(
        `run ${run}: ${status}, the file at ${existsSync(out) ? statSync(out).size : 0} bytes`,
      );
      if (run === 5) assert.equal(status, 0, tailing.stderr());
    }
    const story = `${kills.join('; ')}; ${cuts} cut back`;
    const text = readFileSync(out, 'utf8');
    assert.ok(text.endsWith('\n'), `no line cut in half: ${story}`);
    const seen = urlsOf(text);
    const repeated = seen.filter((url, index) => seen.indexOf(url) !== index);
    assert.deepEqual(repeated, [], `nothing repeated: ${story}`);
    assert.deepEqual([...seen].sort(), [...expected].sort(), `nothing missing: ${story}`);
    // In order, too: each run goes on exactly where the last one stopped.
    assert.deepEqual(seen, expected, story);
  });

  it('a batch written to --out after the last resume point is cut away, and written again once', async () => {
    await collector('cutback', 'kettle');
    await arrive(
      Array.from({ length: 5 }, (_, index) => ({
        title: `Kettle ${index}`,
        url: `https://cut.example/${index}`,
      })),
    );
    await nextMinute();
    const dir = await workspace({});
    const resumeFile = join(dir, 'cut.resume.json');
    const out = join(dir, 'cut.ndjson');
    const args = ['tail', '--collector', 'cutback', '--until-end', '--resume-file', resumeFile];
    const first = await mmq([...args, '--out', out], { env });
    assert.equal(first.status, 0, first.stderr);
    const complete = readFileSync(out, 'utf8');
    assert.equal(urlsOf(complete).length, 5);
    // As a kill between the write of a batch and the rename of its point leaves it: the point
    // before the batch, the batch in the file. Here: the point of an empty file.
    const point = JSON.parse(readFileSync(resumeFile, 'utf8')) as { out: { size: number } };
    assert.equal(point.out.size, Buffer.byteLength(complete), 'the point records the file size');
    const rewind = () =>
      writeFileSync(
        resumeFile,
        JSON.stringify({
          ...point,
          offset: 'earliest',
          delivered: [],
          out: { ...point.out, size: 0 },
        }),
      );
    rewind();
    await nextMinute();
    const again = await mmq([...args, '--out', out], { env });
    assert.equal(again.status, 0, again.stderr);
    assert.match(
      again.stderr,
      new RegExp(
        `cut ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} back by ${Buffer.byteLength(complete)} bytes`,
      ),
    );
    assert.equal(
      readFileSync(out, 'utf8'),
      complete,
      'every result once, as the first run wrote them',
    );
    // Another file is never cut: only the one the point names.
    const other = join(dir, 'other.ndjson');
    writeFileSync(other, 'kept\n');
    rewind();
    await nextMinute();
    const elsewhere = await mmq([...args, '--out', other], { env });
    assert.equal(elsewhere.status, 0, elsewhere.stderr);
    assert.ok(
      readFileSync(other, 'utf8').startsWith('kept\n'),
      'a file the point does not name keeps its text',
    );
  });

  it('one tail at a time on a resume file: a second is refused naming the first, which repeats nothing; after a kill -9 the next takes the stale lock over', async function () {
    this.timeout(60_000);
    await collector('shared', 'umbrella');
    const batch = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        title: `Umbrella ${from + index}`,
        url: `https://shared.example/${from + index}`,
      }));
    await arrive(batch(0, 400));
    await nextMinute();
    const dir = await workspace({});
    const resumeFile = join(dir, 'shared.resume.json');
    const firstOut = join(dir, 'first.ndjson');
    const fd = openSync(firstOut, 'w');
    const first = startMmq(['tail', '--collector', 'shared', '--resume-file', resumeFile], {
      env,
      stdout: fd,
    });
    closeSync(fd);
    await first.stderrMatches(/connected/);
    await eventually(() => urlsOf(readFileSync(firstOut, 'utf8')).length === 400, {
      what: `400 results in ${firstOut}`,
      timeoutMs: 50_000,
    });

    await nextMinute();
    const second = await mmq(
      ['tail', '--collector', 'shared', '--until-end', '--resume-file', resumeFile],
      { env },
    );
    assert.equal(second.status, 2, second.stderr);
    assert.equal(second.stdout, '');
    assert.equal(
      second.stderr,
      `mmq: the resume file ${resumeFile} is in use by another mmq tail (process ${first.child.pid}, see ${resumeFile}.lock): stop it, or give another --resume-file\n`,
    );

    await arrive(batch(400, 300));
    await eventually(() => urlsOf(readFileSync(firstOut, 'utf8')).length === 700, {
      what: `700 results in ${firstOut}`,
      timeoutMs: 50_000,
    });
    const firstSeen = urlsOf(readFileSync(firstOut, 'utf8'));
    assert.deepEqual(
      firstSeen,
      batch(0, 700).map(({ url }) => url),
    );

    // Killed, it cannot let go: its lock names a process that is no more.
    first.child.kill('SIGKILL');
    await first.exited;
    assert.ok(existsSync(`${resumeFile}.lock`));
    await arrive(batch(700, 50));
    await nextMinute();
    const next = await mmq(
      ['tail', '--collector', 'shared', '--until-end', '--resume-file', resumeFile],
      { env },
    );
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(
      urlsOf(next.stdout),
      batch(700, 50).map(({ url }) => url),
    );
    // Let go on exit, with no temporary file left beside the resume file.
    assert.deepEqual(readdirSync(dir).sort(), ['first.ndjson', 'shared.resume.json']);
  });

  it('usage problems exit 2 with nothing sent: a malformed resume file says what and where', async () => {
    const dir = await workspace({
      'not-json.json': '{"collector": "c", ',
      'wrong.json': '{"collector": "c", "offset": "", "delivered": []}',
      'other.json': '{"collector": "other", "offset": "earliest", "delivered": []}',
    });
    const cases: [string[], RegExp][] = [
      [['tail'], /^mmq: give --stream ID, --collector ID or --project ID\n$/],
      [
        ['tail', '--stream', 's', '--collector', 'c'],
        /give one of --stream, --collector and --project, not 2/,
      ],
      [
        ['tail', '--stream', 's', '--resume-file', join(dir, 'r.json')],
        /--resume-file is for collectors: a stream delivers live results only/,
      ],
      [
        ['tail', '--collector', 'c', '--q', 'acme'],
        /'--q <query>' cannot be used with option '--collector/,
      ],
      [
        ['tail', '--stream', 's', '--until-end'],
        /'--until-end' cannot be used with option '--stream/,
      ],
      [['tail', '--collector', 'c', '--from', 'middle'], /--from.*'middle'.*earliest, latest/],
      [['tail', '--stream', 's', '--max-hits', '0'], /--max-hits.*'0' is invalid/],
      [
        ['tail', '--collector', 'c', '--resume-file', join(dir, 'not-json.json')],
        /not-json\.json is not JSON \(.*\)/,
      ],
      [
        ['tail', '--collector', 'c', '--resume-file', join(dir, 'wrong.json')],
        /wrong\.json is not a resume point: offset: /,
      ],
      [
        ['tail', '--collector', 'c', '--resume-file', join(dir, 'other.json')],
        /other\.json belongs to collector other, not c/,
      ],
      [
        ['tail', '--collector', 'c', '--resume-file', dir],
        /cannot read the resume file .*: it is a directory/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await mmq(args, { env });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message, args.join(' '));
    }
  });

  it('--project: usage problems exit 2 with nothing sent (a resume file, collector options, another source, --out a directory)', async () => {
    const dir = await workspace({});
    const cases: [string[], RegExp][] = [
      [
        ['tail', '--project', 'p', '--stream', 's'],
        /give one of --stream, --collector and --project, not 2/,
      ],
      [
        ['tail', '--project', 'p', '--resume-file', join(dir, 'r.json')],
        /--resume-file is for collectors: a project's live results are live only, with no offsets/,
      ],
      [['tail', '--stream', 's', '--topic', 't'], /^mmq: --topic goes with --project\n$/],
      [['tail', '--collector', 'c', '--filter', 'f'], /^mmq: --filter goes with --project\n$/],
      [
        ['tail', '--project', 'p', '--until-end'],
        /'--until-end' cannot be used with option '--project/,
      ],
      [
        ['tail', '--project', 'p', '--from', 'latest'],
        /'--from <offset>' cannot be used with option '--project/,
      ],
      [['tail', '--project', 'p', '--max-hits', '0'], /--max-hits.*'0' is invalid/],
      [['tail', '--project', 'p', '--out', dir], /--out .* is a folder: give a file/],
    ];
    for (const [args, message] of cases) {
      const result = await mmq(args, { env });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message, args.join(' '));
    }
  });

  it('--max-credits refuses an open stream (no upper bound) but not one ended by --max-hits; an unknown collector exits 1', async () => {
    const refused = await mmq(['tail', '--stream', 'live-news', '--max-credits', '100'], { env });
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /not started: its cost has no upper bound.*above --max-credits 100/,
    );
    const over = await mmq(
      ['tail', '--stream', 'live-news', '--max-hits', '500', '--max-credits', '100'],
      { env },
    );
    assert.equal(over.status, 1);
    assert.match(over.stderr, /may cost 500 credits, above --max-credits 100/);

    await nextMinute();
    const missing = await mmq(['tail', '--collector', 'no-such', '--until-end'], { env });
    assert.equal(missing.status, 1, missing.stderr);
    assert.match(missing.stderr, /tailing collector no-such: .*\(code 15\)/);
  });

  it('--project: --max-credits refuses an open read (no upper bound); a topic the project does not have exits 1', async () => {
    const refused = await mmq(['tail', '--project', '7c1e-demo', '--max-credits', '100'], { env });
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /tailing project 7c1e-demo: not started: its cost has no upper bound \(1 credit per result, for as long as the live read stays open\)/,
    );
    const unknown = await mmq(['tail', '--project', '7c1e-demo', '--topic', 'no-such'], { env });
    assert.equal(unknown.status, 1, unknown.stderr);
    assert.match(
      unknown.stderr,
      /tailing project 7c1e-demo: .*No such topic: `no-such` \(code 15\)/,
    );
  });

  it('--help shows the options and the exit statuses', async () => {
    const help = await mmq(['tail', '--help']);
    assert.equal(help.status, 0);
    for (const option of [
      '--stream',
      '--collector',
      '--project',
      '--topic',
      '--filter',
      '--out',
      '--resume-file',
      '--format',
      '--until-end',
    ])
      assert.match(help.stdout, new RegExp(option));
    assert.match(help.stdout, /130 interrupted/);
  });
});
