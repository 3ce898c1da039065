import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mmq, orOfTerms, workspace } from '../support/mmq';

const MESSY = '###   brand   // main\n(  acme   OR "acme corp" )  AND   NOT lang:fr\n';

describe('mmq fmt', () => {
  it('prints the formatted file on stdout and leaves the file alone', async () => {
    const dir = await workspace({ 'messy.mmq': MESSY });
    const result = await mmq(['fmt', join(dir, 'messy.mmq')]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '### brand // main\n(acme OR "acme corp") AND NOT lang:fr\n');
    assert.equal(await readFile(join(dir, 'messy.mmq'), 'utf8'), MESSY);
  });

  it('--check exits 1 and lists files that are not formatted, writing nothing', async () => {
    const dir = await workspace({ 'messy.mmq': MESSY, 'clean.mmq': '### brand\nacme\n' });
    const result = await mmq(['fmt', '--check', join(dir, 'messy.mmq'), join(dir, 'clean.mmq')]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /messy\.mmq/);
    assert.doesNotMatch(result.stderr, /clean\.mmq/);
    assert.equal(await readFile(join(dir, 'messy.mmq'), 'utf8'), MESSY);
  });

  it('--write rewrites only the files that change, after which --check passes', async () => {
    const dir = await workspace({ 'messy.mmq': MESSY, 'clean.mmq': '### brand\nacme\n' });
    const cleanBefore = (await stat(join(dir, 'clean.mmq'))).mtimeMs;
    const write = await mmq(['fmt', '--write', join(dir, 'messy.mmq'), join(dir, 'clean.mmq')]);
    assert.equal(write.status, 0, write.stderr);
    assert.equal((await stat(join(dir, 'clean.mmq'))).mtimeMs, cleanBefore);
    const check = await mmq(['fmt', '--check', join(dir, 'messy.mmq'), join(dir, 'clean.mmq')]);
    assert.equal(check.status, 0, check.stderr);
  });

  it('requires --write or --check with several files', async () => {
    const dir = await workspace({ 'a.mmq': 'a\n', 'b.mmq': 'b\n' });
    const result = await mmq(['fmt', join(dir, 'a.mmq'), join(dir, 'b.mmq')]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
  });
});

describe('mmq split', () => {
  it('replaces an over-limit OR rule by rules of at most 50 operands and keeps the rest', async () => {
    const dir = await workspace({
      'big.mmq': `// @stream s1\n### small\nacme\n\n### big\n${orOfTerms(120)}\n`,
    });
    const result = await mmq(['split', join(dir, 'big.mmq')]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^\/\/ @stream s1$/m);
    assert.match(result.stdout, /^### small\nacme$/m);
    assert.match(result.stdout, /^### big-1$/m);
    assert.match(result.stdout, /^### big-3$/m);
    assert.doesNotMatch(result.stdout, /^### big$/m);
    // Even pieces: 40 + 40 + 40, none near the limit (not 50 + 50 + 20).
    const pieces = result.stdout.split(/^### big-\d+$/m).slice(1);
    assert.deepEqual(
      pieces.map((piece) => piece.match(/\bw\d+\b/g)?.length),
      [40, 40, 40],
    );
    const lint = await mmq(['lint', '-'], { stdin: result.stdout });
    assert.equal(lint.status, 0, lint.stdout);
  });

  it('says why and exits 1 with nothing on stdout when a rule cannot be split', async () => {
    const dir = await workspace({ 'neg.mmq': `### car\ncar AND NOT (${orOfTerms(55)})\n` });
    const result = await mmq(['split', join(dir, 'neg.mmq')]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /car/);
  });
});

describe('files with a byte-order mark', () => {
  it('lint reads headers after a BOM and fmt --write keeps the BOM', async () => {
    const dir = await workspace({ 'bom.mmq': '\uFEFF###   r\nacme   OR rocket\n' });
    const lint = await mmq(['lint', '--format', 'json', join(dir, 'bom.mmq')]);
    assert.equal(lint.status, 0, lint.stdout);
    assert.deepEqual(JSON.parse(lint.stdout), []);
    const write = await mmq(['fmt', '--write', join(dir, 'bom.mmq')]);
    assert.equal(write.status, 0, write.stderr);
    assert.equal(await readFile(join(dir, 'bom.mmq'), 'utf8'), '\uFEFF### r\nacme OR rocket\n');
  });
});
