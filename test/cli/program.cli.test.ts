import assert from 'node:assert/strict';
import { mmq } from './support/mmq';

describe('mmq usage', () => {
  for (const [args, usage] of [
    [['--help'], /^usage: mmq <command>/i],
    [['-h'], /^usage: mmq <command>/i],
    [['help'], /^usage: mmq <command>/i],
    [['lint', '--help'], /^usage: mmq lint /i],
    [['fmt', '--help'], /^usage: mmq fmt /i],
    [['split', '--help'], /^usage: mmq split /i],
    [['sandbox', '--help'], /^usage: mmq sandbox /i],
    [['help', 'lint'], /^usage: mmq lint /i],
  ] as const) {
    it(`mmq ${args.join(' ')} prints the usage on stdout and exits 0`, async () => {
      const result = await mmq(args);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, usage);
      assert.equal(result.stderr, '');
    });
  }

  it('lists every command, and each command its options', async () => {
    const usage = (await mmq(['--help'])).stdout;
    for (const command of ['lint', 'fmt', 'split', 'sandbox', 'help'])
      assert.match(usage, new RegExp(`^  ${command}\\b`, 'm'), usage);
    assert.match((await mmq(['lint', '--help'])).stdout, /--format <format>/);
    assert.match((await mmq(['fmt', '--help'])).stdout, /--check[\s\S]*--write/);
    const sandbox = (await mmq(['sandbox', '--help'])).stdout;
    for (const option of ['--host', '--port', '--seed', '--docs', '--rate', '--token'])
      assert.match(sandbox, new RegExp(option), sandbox);
    for (const option of ['--read-only-token', '--credits', '--data-dir', '--quiet'])
      assert.match(sandbox, new RegExp(option), sandbox);
  });

  it('mmq alone prints the usage on stderr and exits 2', async () => {
    const result = await mmq([]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^usage: mmq <command>/i);
  });

  for (const [args, wrong, hint] of [
    [['frobnicate'], /^mmq: unknown command 'frobnicate'$/, "run 'mmq --help' for usage"],
    [['--bogus'], /^mmq: unknown option '--bogus'$/, "run 'mmq --help' for usage"],
    [['lnt', 'x.mmq'], /^mmq: unknown command 'lnt' \(did you mean lint\?\)$/, 'mmq --help'],
    [['lint', '--bogus', 'x.mmq'], /unknown option '--bogus'/, "run 'mmq lint --help' for usage"],
    [['lint', '--format', 'xml', 'x.mmq'], /--format.*'xml'.*text, json/, 'mmq lint --help'],
    [['lint'], /^mmq lint: missing required argument 'file'$/, 'mmq lint --help'],
    [['fmt', '--check', '--write', 'x.mmq'], /--check.*--write/, 'mmq fmt --help'],
    [['split', 'a.mmq', 'b.mmq'], /too many arguments/, 'mmq split --help'],
    [['sandbox', '--port', '65536'], /--port.*'65536'/, 'mmq sandbox --help'],
    [['sandbox', '--docs', 'many'], /--docs.*'many'/, 'mmq sandbox --help'],
    [['sandbox', 'extra'], /too many arguments/, 'mmq sandbox --help'],
  ] as const) {
    it(`mmq ${args.join(' ')}: what is wrong on one line, where the usage is on the next, exit 2`, async () => {
      const result = await mmq(args);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 2, result.stderr);
      assert.match(lines[0]!, wrong);
      assert.ok(lines[1]!.includes(hint), result.stderr);
    });
  }
});
