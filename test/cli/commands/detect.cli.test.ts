// `mmq detect logo|scene FILE|URL` against a standalone sandbox (spec/cli.md): the
// `result_processing` answer as JSON on stdout, exactly what the sandbox finds in those bytes
// (sandbox/images/detection.ts decides from the image's hash), errors 45 and 50 explained in
// words with exit 1, usage and I/O problems exit 2 with nothing on stdout.
import assert from 'node:assert/strict';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '../../../core/api/schemas/images';
import { CONFIGURED_LOGOS, detect, imageAt, measure } from '../../../sandbox/images/detection';
import { solidPng } from '../../../sandbox/images/png';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { mmq, workspace } from '../support/mmq';

const TOKEN = 'cli-detect-token-4711';

const ONLY = 'logo-globex';

/** A PNG in which the sandbox finds ONLY and another logo (found by trying colours in order). */
function imageWithLogos(): Buffer {
  for (let red = 0; red < 256; red++) {
    const bytes = solidPng(80, 60, [red, 40, 90]);
    const all = detect('logo', measure(bytes), CONFIGURED_LOGOS);
    if (all.length >= 2 && all.some((match) => match.id === ONLY)) return bytes;
  }
  throw new Error('no colour gives two logos');
}

describe('mmq detect', () => {
  let sandbox: CliSandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const image = imageWithLogos();

  before(async () => {
    sandbox = await startCli(['--docs', '0', '--rate', '0', '--token', TOKEN, '--quiet']);
    env = { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: TOKEN };
    dir = await workspace({});
    await writeFile(join(dir, 'photo.png'), image);
  });
  after(() => sandbox.stop('SIGTERM'));

  it('logo FILE: the answer as one JSON object, the matches the sandbox finds in those bytes', async () => {
    const run = await mmq(['detect', 'logo', join(dir, 'photo.png')], { env });
    assert.equal(run.status, 0, run.stderr);
    const expected = detect('logo', measure(image), CONFIGURED_LOGOS);
    assert.ok(expected.length >= 2);
    assert.deepEqual(JSON.parse(run.stdout), { match: expected, height: 60, width: 80 });
    assert.equal(run.stdout.split('\n').length, 2);
    assert.match(run.stderr, /^mmq: \d+ logo matches in .*photo\.png \(80×60 pixels\)\n$/);
    assert.doesNotMatch(run.stdout + run.stderr, new RegExp(TOKEN));
  });

  it('--detect tests only the logos given; --quiet leaves stderr empty', async () => {
    const run = await mmq(['detect', 'logo', '--detect', ONLY, '--quiet', join(dir, 'photo.png')], {
      env,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    const answer = JSON.parse(run.stdout) as { match: { id: string }[] };
    assert.deepEqual(answer.match, detect('logo', measure(image), [ONLY]));
    assert.deepEqual(
      answer.match.map((match) => match.id),
      [ONLY],
    );
  });

  it('error 45: says which logo is not configured for the account, exit 1, nothing on stdout', async () => {
    const run = await mmq(
      ['detect', 'logo', '--detect', 'logo-acme,logo-nobody', join(dir, 'photo.png')],
      { env },
    );
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /logo-nobody is not a logo configured for this account/);
    assert.match(run.stderr, /give no logo ids to test all of them/);
    assert.match(run.stderr, /\(code 45\)\n$/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });

  it('scene URL on an approved domain: the service fetches it; scene boxes are all zero', async () => {
    const address = 'https://images.acme.example/shop.jpg';
    const run = await mmq(['detect', 'scene', address], { env });
    assert.equal(run.status, 0, run.stderr);
    const measured = imageAt(address);
    assert.deepEqual(JSON.parse(run.stdout), {
      match: detect('scene', measured, []),
      height: measured.height,
      width: measured.width,
    });
  });

  it('error 50: the domain is not approved for the account, and what to do instead', async () => {
    const run = await mmq(['detect', 'logo', 'https://elsewhere.example/a.png'], { env });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /its domain elsewhere\.example is not approved for this account/);
    assert.match(
      run.stderr,
      /send the image file itself instead, or ask for the domain to be approved/,
    );
    assert.match(run.stderr, /\(code 50\)\n$/);
  });

  it('usage and I/O problems exit 2 with nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['detect', 'scene', '--detect', 'logo-acme', join(dir, 'photo.png')],
        /unknown option '--detect'/,
      ],
      [['detect', 'logo', join(dir, 'missing.png')], /cannot read .*missing\.png: no such file/],
      [['detect', 'logo', 'ftp://images.acme.example/a.png'], /only http and https addresses/],
      [['detect', 'logo', '--detect', 'logo-acme,,x', join(dir, 'photo.png')], /none empty/],
      [['detect', 'face', join(dir, 'photo.png')], /unknown command 'face'/],
    ];
    for (const [args, message] of cases) {
      const run = await mmq(args, { env });
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, message);
    }
    const noService = await mmq(['detect', 'logo', join(dir, 'photo.png')], {
      env: { ...env, MEDIA_MONITORING_URL: '' },
    });
    assert.equal(noService.status, 2);
    assert.match(noService.stderr, /no service: give --base-url/);
  });

  it('a file the service cannot read as an image is its refusal (code 5), exit 1', async () => {
    await writeFile(join(dir, 'notes.png'), 'not an image at all');
    const run = await mmq(['detect', 'scene', join(dir, 'notes.png')], { env });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /image_file.*\(code 5\)\n$/);
  });

  it('a file larger than detection takes is refused from its size, before a byte of it is read; stdin is read no further than the limit', async function () {
    this.timeout(120_000);
    // What the process read (/proc/self/io, where the system keeps it) and its peak memory,
    // written as it exits.
    const preload = join(dir, 'measure.cjs');
    await writeFile(
      preload,
      `const fs = require('node:fs');
process.on('exit', () => {
  let read = null;
  try { read = Number(/^rchar: (\\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'))[1]); } catch {}
  fs.writeFileSync(process.env.MMQ_MEASURED, JSON.stringify({ read, peakBytes: process.resourceUsage().maxRSS * 1024 }));
});
`,
    );
    const measured = join(dir, 'measured.json');
    // No service: a file that got past the size check would be read whole and then refused for that.
    const measuring = {
      ...process.env,
      MEDIA_MONITORING_URL: '',
      NODE_OPTIONS: `--require ${preload}`,
      MMQ_MEASURED: measured,
    };
    const GIB = 1024 ** 3;
    // Sparse: gigabytes on no disk space; reading them would still take them into memory.
    for (const [name, size, shown] of [
      ['large.png', 1.5 * GIB, '1.5 GiB'],
      ['huge.jpg', 5 * GIB, '5 GiB'],
    ] as const) {
      const path = join(dir, name);
      await writeFile(path, '');
      await truncate(path, size);
      const run = await mmq(['detect', 'scene', path], { env: measuring });
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stdout, '');
      assert.equal(
        run.stderr,
        `mmq: ${path} is ${shown}: image detection takes images of at most 10 MiB\n`,
      );
      const { read, peakBytes } = JSON.parse(await readFile(measured, 'utf8')) as {
        read: number | null;
        peakBytes: number;
      };
      assert.ok(peakBytes < 512 * 1024 ** 2, `peak memory ${peakBytes} bytes`);
      if (read !== null) assert.ok(read < MAX_IMAGE_BYTES, `${read} bytes read`);
    }
    const piped = await mmq(['detect', 'scene', '-'], {
      env: measuring,
      stdin: 'x'.repeat(MAX_IMAGE_BYTES + 1),
    });
    assert.equal(piped.status, 2, piped.stderr);
    assert.equal(
      piped.stderr,
      'mmq: the image on stdin is larger than 10 MiB, the most image detection takes\n',
    );
  });
});
