// mmq as users install command-line tools: `npm run pack:cli` makes a package, `npm install -g`
// (into a temporary prefix) puts `mmq` on the PATH, and the installed command works away from
// this repository: --version, lint, sandbox.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const VERSION = (
  JSON.parse(
    execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as { version: string }
).version;

describe('mmq installed with npm install -g from its package', function () {
  this.timeout(240_000);
  const prefix = mkdtempSync(join(tmpdir(), 'mm-prefix-'));
  const elsewhere = mkdtempSync(join(tmpdir(), 'mm-elsewhere-'));
  const mmq = join(prefix, 'bin', 'mmq');
  const run = (...args: string[]) =>
    execFileSync(mmq, args, {
      cwd: elsewhere,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  before(() => {
    // dist/ as the test script's build stage made it (the other CLI tests run beside this one).
    const tarball = execFileSync('node', [join(ROOT, 'scripts/pack-cli.mjs'), '--built'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync(
      'npm',
      ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', '--offline', tarball],
      { cwd: elsewhere, stdio: 'pipe' },
    );
  });
  after(() => {
    rmSync(prefix, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('says its version, exit 0', () => {
    assert.equal(run('--version').trim(), VERSION);
  });

  it('lints a file, exit 1 with the problem on its line', () => {
    writeFileSync(join(elsewhere, 'rule.mmq'), '### a\nacme AND\n');
    let failure: { status?: number; stdout?: string } = {};
    try {
      run('lint', 'rule.mmq');
    } catch (error: unknown) {
      failure = error as typeof failure;
    }
    assert.equal(failure.status, 1);
    assert.match(failure.stdout ?? '', /^rule\.mmq:2:6: error syntax/);
  });

  it('runs the sandbox, which answers', async () => {
    const child = spawn(mmq, ['sandbox', '--port', '0', '--docs', '200', '--quiet'], {
      cwd: elsewhere,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /listening on (http:\/\/\S+)/.exec(output);
          if (listening) resolve(listening[1]!);
        });
        child.once('exit', (code) => reject(new Error(`mmq sandbox exited ${code}: ${output}`)));
      });
      const answer = await fetch(`${url}/api/v1/status/credits?access_token=sandbox`);
      assert.equal(answer.status, 200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
