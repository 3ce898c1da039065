import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mmq, orOfTerms, workspace } from '../support/mmq';

describe('mmq lint', () => {
  it('exits 0 and prints only the summary for a clean file', async () => {
    const dir = await workspace({ 'ok.mmq': '### brand\nacme OR "acme corp"\n' });
    const result = await mmq(['lint', join(dir, 'ok.mmq')]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^1 file checked: 0 errors, 0 warnings/m);
    assert.doesNotMatch(result.stdout, /ok\.mmq:\d+/);
  });

  it('prints FILE:LINE:COL: SEVERITY CODE MESSAGE with one-based positions and exits 1 on an error', async () => {
    const dir = await workspace({ 'bad.mmq': '### brand\nacme AND lang:english\n' });
    const file = join(dir, 'bad.mmq');
    const result = await mmq(['lint', file]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:15: error invalid-value `, 'm'),
    );
  });

  it('exits 0 when there are only warnings', async () => {
    const dir = await workspace({ 'warn.mmq': '### brand\nacme and rocket\n' });
    const result = await mmq(['lint', join(dir, 'warn.mmq')]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /warning lowercase-operator/);
  });

  it('--format json prints exactly one array with zero-based LSP ranges, the rule and the severity', async () => {
    const dir = await workspace({ 'limit.mmq': `// @stream s1\n### big\n${orOfTerms(51)}\n` });
    const result = await mmq(['lint', '--format', 'json', join(dir, 'limit.mmq')]);
    assert.equal(result.status, 1);
    const records = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    assert.ok(Array.isArray(records));
    const limit = records.find((record) => record.code === 'operand-limit');
    assert.ok(limit, result.stdout);
    assert.equal(limit.rule, 'big');
    assert.equal(limit.severity, 'error');
    assert.equal(limit.file, join(dir, 'limit.mmq'));
    const range = limit.range as { start: { line: number; character: number } };
    assert.equal(range.start.line, 2);
    // The 51st operand, `w51`, starts after 50 operands and 50 ` OR `s.
    assert.equal(range.start.character, orOfTerms(50).length + ' OR '.length);
  });

  it('reports an over-limit rule once, in its lines, its records and its summary', async () => {
    // The editor also marks the rule's header; a report counts the problem once.
    const dir = await workspace({ 'big.mmq': `### big\n${orOfTerms(60)}\n\n### small\nacme\n` });
    const file = join(dir, 'big.mmq');
    const text = await mmq(['lint', file]);
    assert.equal(text.status, 1);
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, text.stdout);
    assert.match(lines[0]!, /:2:\d+: error operand-limit 60 operands: a rule holds at most 50/);
    assert.match(lines[1]!, /^1 file checked: 1 error, 0 warnings, 0 information, 0 hints$/);
    const json = await mmq(['lint', '--format', 'json', file]);
    const records = JSON.parse(json.stdout) as { code: string; rule: string }[];
    assert.deepEqual(
      records.map((record) => [record.code, record.rule]),
      [['operand-limit', 'big']],
    );
  });

  it('gives file-level diagnostics the rule null', async () => {
    const dir = await workspace({ 'stray.mmq': 'acme\n### r1\nrocket\n' });
    const result = await mmq(['lint', '--format', 'json', join(dir, 'stray.mmq')]);
    const records = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    const structure = records.find((record) => record.code === 'file-structure');
    assert.ok(structure, result.stdout);
    assert.equal(structure.rule, null);
  });

  it('reads standard input for - and names it <stdin>', async () => {
    const result = await mmq(['lint', '-'], { stdin: 'acme AND NOT\n' });
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^<stdin>:1:\d+: error syntax /m);
  });

  it('exits 2 with a message on stderr and nothing on stdout for a missing file', async () => {
    const dir = await workspace({ 'ok.mmq': 'acme\n' });
    const result = await mmq(['lint', join(dir, 'ok.mmq'), join(dir, 'missing.mmq')]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /cannot read .*missing\.mmq: no such file/);
  });

  it('exits 2 on usage errors', async () => {
    for (const args of [
      ['lint'],
      ['lint', '--format', 'xml', 'x.mmq'],
      ['lint', '--bogus', 'x.mmq'],
      ['frobnicate'],
    ]) {
      const result = await mmq(args);
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.notEqual(result.stderr, '');
    }
  });
});

describe('the shipped examples', () => {
  it('are formatted, and only mistakes.mmq and over-limit.mmq have problems', async () => {
    const check = await mmq([
      'fmt',
      '--check',
      'examples/brand-watch.mmq',
      'examples/mistakes.mmq',
      'examples/over-limit.mmq',
    ]);
    assert.equal(check.status, 0, check.stderr);
    const clean = await mmq(['lint', 'examples/brand-watch.mmq']);
    assert.equal(clean.status, 0, clean.stdout);
    const mistakes = await mmq(['lint', '--format', 'json', 'examples/mistakes.mmq']);
    const codes = (JSON.parse(mistakes.stdout) as { code: string }[])
      .map((record) => record.code)
      .sort();
    assert.deepEqual(codes, [
      'duplicate-operand',
      'invalid-value',
      'lowercase-operator',
      'seconds-not-ms',
      'unknown-field',
    ]);
  });
});
