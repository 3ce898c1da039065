// The token never leaves mmq, whatever the service echoes (spec/cli.md "the token redacted
// everywhere"): every command that calls the API is run against a service that puts the token
// into every object and free-text field of every answer, results, outcomes and errors included
// (echoingService.ts); then stdout, stderr and every file the commands wrote are searched for it
// raw, URL-encoded (either case) and JSON-escaped. A token typed as a flag, which a usage error
// echoes, is searched for too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { solidPng } from '../../sandbox/images/png';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { echoingService, type EchoingService } from './support/echoingService';
import { mmq, startMmq, workspace, type CliResult } from './support/mmq';
import { sandboxCalls } from './support/sandbox';

/** With characters each spelling writes differently: `/`, `+`, `"`, `%`. */
const TOKEN = 'Echo/Tok+en"9%z';
const TYPED = 'Typed/Flag+Secret.1';
const PROJECT = '7c1e-demo';
const NOW = Date.now();

/** Every spelling of `secret` a leak could take. */
function spellingsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [
    secret,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURIComponent(encoded),
    JSON.stringify(secret).slice(1, -1),
    new URLSearchParams({ t: secret }).toString().slice(2),
  ];
}

describe('the token in no output of mmq, whatever the service echoes', function () {
  this.timeout(300_000);
  let sandbox: RunningSandbox;
  let service: EchoingService;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const runs: { args: readonly string[]; result: CliResult }[] = [];
  /** Runs mmq, which ends as `status` says (a refusal is an answer too, echoed as well). */
  const run = async (args: readonly string[], status = 0) => {
    const result = await mmq(args, { env, cwd: dir });
    runs.push({ args, result });
    assert.equal(result.status, status, `${args.join(' ')}: ${result.stderr}`);
  };
  /** Calls the sandbox directly (not through the echoing service). */
  const sandboxCall = sandboxCalls(() => sandbox.url, TOKEN);
  const arrive = (word: string) =>
    sandboxCall('POST', '/_sandbox/live', {
      documents: [1, 2, 3].map((n) => ({
        title: `acme ${word} ${n}`,
        content: `acme ${word}`,
        url: `https://news.acme.example/${word}-${n}`,
      })),
    });

  before(async () => {
    sandbox = await startSandbox({
      token: TOKEN,
      docs: 0,
      rate: 0,
      documents: Array.from({ length: 6 }, (_, index) => ({
        url: `https://news.acme.example/past-${index}`,
        title: `Acme past ${index}`,
        content: 'acme story',
        published: NOW - (index + 1) * 3_600_000,
      })),
    });
    service = await echoingService(sandbox.url, TOKEN);
    env = { ...process.env, MEDIA_MONITORING_URL: service.url, MEDIA_MONITORING_TOKEN: TOKEN };
    dir = await workspace({
      'echo.mmq': '// @stream echo-stream\n\n### acme\nacme\n',
      'collector.json': JSON.stringify({
        collector_query: { queries: [{ id: 'q', query: 'acme' }] },
      }),
      'docs.ndjson': [1, 2]
        .map((n) =>
          JSON.stringify({
            url: `https://news.acme.example/echoed-${n}`,
            title: `Echoed ${n}`,
            content: 'uploaded',
            published: NOW - 3_600_000,
          }),
        )
        .join('\n'),
      'links.txt': 'https://news.acme.example/echoed-1\n',
    });
    await writeFile(join(dir, 'photo.png'), solidPng(40, 30, [200, 40, 90]));
  });
  after(async () => {
    service.close();
    await sandbox.close();
  });

  /** A live tail started, fed once it is connected, until it has its results. */
  async function liveTail(args: readonly string[], word: string) {
    const running = startMmq(args, { env });
    await running.stderrMatches(/connected/);
    await arrive(word);
    assert.equal(await running.exited, 0, running.stderr());
    runs.push({ args, result: { status: 0, stdout: '', stderr: running.stderr() } });
  }

  it('every command that calls the API, its outputs and its files', async () => {
    await run(['stream', 'push', 'echo.mmq']);
    await run(['stream', 'list']);
    await run(['collector', 'create', 'echo-collector', '--from-json', 'collector.json']);
    await run(['collector', 'get', 'echo-collector']);
    await run(['collector', 'list']);
    await run(['collector', 'pause', 'echo-collector']);
    await run(['collector', 'resume', 'echo-collector']);
    await arrive('buffered');
    await run([
      ...['tail', '--collector', 'echo-collector', '--until-end'],
      ...['--resume-file', 'resume.json', '--out', 'tail.ndjson'],
    ]);
    await run(['tail', '--collector', 'echo-collector', '--until-end', '--format', 'text']);
    await liveTail(['tail', '--stream', 'echo-stream', '--max-hits', '2'], 'streamed');
    await liveTail(
      [
        ...['tail', '--project', PROJECT, '--max-hits', '2', '--format', 'text'],
        ...['--out', join(dir, 'live.txt')],
      ],
      'projected',
    );
    const start = new Date(NOW - 3 * 86_400_000).toISOString().slice(0, 10);
    await run([
      ...['export', '--query', 'acme', '--start', start, '--target', 'echo-collector'],
      ...['--wait', '--out', 'export.ndjson'],
    ]);
    await run(['upload', 'docs.ndjson', '--project', PROJECT, '--report', 'report.ndjson']);
    // Refused (they exist): the service's reason is in the report and on stderr.
    await run(['upload', 'docs.ndjson', '--project', PROJECT, '--report', 'refused.ndjson'], 1);
    await run(
      [
        ...['upload', 'docs.ndjson', '--project', PROJECT],
        ...['--retry', 'refused.ndjson', '--report', 'retried.ndjson'],
      ],
      1,
    );
    await run(['docs', 'delete', '--project', PROJECT, '--from', 'report.ndjson']);
    await run(['docs', 'undelete', '--project', PROJECT, '--from', 'links.txt']);
    await run(['detect', 'logo', 'photo.png']);
    await run(['detect', 'scene', 'photo.png']);
    await run(['collector', 'get', 'no-such-collector'], 1);
    await run(['stream', 'delete', 'echo-stream']);
    await run(['collector', 'delete', 'echo-collector']);
    // A token typed as a flag, echoed by the usage error.
    await run(
      [
        ...['export', '--query', 'acme', '--start', start, '--target', 'echo-collector'],
        `--access-token=${TYPED}`,
      ],
      2,
    );
    await run(['upload', 'docs.ndjson', '--project', PROJECT, `--token=${TYPED}`], 2);
    assert.match(runs.at(-1)?.result.stderr ?? '', /unknown option '--token=\*\*\*'/);

    // The service did echo it: a run shows the mask where the token was.
    const all = runs.map(({ result }) => result.stdout + result.stderr).join('\n');
    assert.match(all, /\*\*\*/);
    const files = readdirSync(dir).filter((name) => !/\.(mmq|json|ndjson|txt|png)$/.test(name));
    assert.deepEqual(files, [], 'no file left behind');
    const written = readdirSync(dir).map((name) => ({
      name,
      text: readFileSync(join(dir, name), 'latin1') + readFileSync(join(dir, name), 'utf8'),
    }));
    for (const name of ['export.ndjson', 'tail.ndjson', 'live.txt', 'report.ndjson'])
      assert.ok(
        written.some((file) => file.name === name && file.text.includes('***')),
        `${name} written, with the echoes masked`,
      );
    for (const secret of [TOKEN, TYPED])
      for (const spelling of spellingsOf(secret)) {
        for (const { args, result } of runs) {
          assert.ok(!result.stdout.includes(spelling), `stdout of ${args.join(' ')}: ${spelling}`);
          assert.ok(!result.stderr.includes(spelling), `stderr of ${args.join(' ')}: ${spelling}`);
        }
        for (const file of written)
          assert.ok(!file.text.includes(spelling), `${file.name} holds ${spelling}`);
      }
  });
});
