import assert from 'node:assert/strict';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { mmq, workspace } from './support/mmq';

// One error each, so that every file linted shows in the output.
const BAD = '### r\nacme AND lang:english\n';
const MESSY = '###   r\nacme   OR rocket\n';

function files(stdout: string): string[] {
  return (JSON.parse(stdout) as { file: string }[]).map((record) => record.file);
}

describe('mmq lint and fmt with directories', () => {
  it('lint DIR lints every .mmq file under it in name order, not node_modules or dot-directories', async () => {
    const dir = await workspace({
      'queries/b.mmq': BAD,
      'queries/a/z.mmq': BAD,
      'queries/a/y.mmq': BAD,
      'queries/C.mmq': BAD,
      'queries/notes.txt': BAD,
      'queries/node_modules/dep.mmq': BAD,
      'queries/.cache/old.mmq': BAD,
      'outside.mmq': BAD,
    });
    // A link to a file counts; a link to a directory is not followed (this one is a cycle).
    await symlink(join(dir, 'outside.mmq'), join(dir, 'queries/linked.mmq'));
    await symlink(join(dir, 'queries'), join(dir, 'queries/a/loop'));
    const result = await mmq(['lint', '--format', 'json', 'queries'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(files(result.stdout), [
      'queries/C.mmq',
      'queries/a/y.mmq',
      'queries/a/z.mmq',
      'queries/b.mmq',
      'queries/linked.mmq',
    ]);
  });

  it('lint takes files, directories and - together, in the order given, each file once', async () => {
    const dir = await workspace({ 'one.mmq': BAD, 'more/two.mmq': BAD, 'more/three.mmq': BAD });
    const result = await mmq(['lint', '--format', 'json', 'one.mmq', '-', 'more', 'more/two.mmq'], {
      cwd: dir,
      stdin: BAD,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(files(result.stdout), [
      'one.mmq',
      '<stdin>',
      'more/three.mmq',
      'more/two.mmq',
    ]);
    const text = await mmq(['lint', '.'], { cwd: dir });
    assert.match(text.stdout, /^3 files checked: 3 errors/m);
  });

  it('a directory without .mmq files is said on stderr and is no failure (exit 0)', async () => {
    const dir = await workspace({ 'empty/readme.txt': 'nothing here\n' });
    const text = await mmq(['lint', 'empty'], { cwd: dir });
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^0 files checked: 0 errors/m);
    assert.equal(text.stderr, 'mmq: no .mmq file under empty\n');
    const json = await mmq(['lint', '--format', 'json', 'empty'], { cwd: dir });
    assert.equal(json.status, 0);
    assert.deepEqual(JSON.parse(json.stdout), []);
  });

  it('fmt --check DIR lists what is not formatted; --write DIR formats it; a DIR needs one of them', async () => {
    const dir = await workspace({ 'q/messy.mmq': MESSY, 'q/sub/messy.mmq': MESSY });
    await mkdir(join(dir, 'q/empty'));
    const check = await mmq(['fmt', '--check', 'q'], { cwd: dir });
    assert.equal(check.status, 1);
    assert.equal(check.stderr, 'not formatted: q/messy.mmq\nnot formatted: q/sub/messy.mmq\n');
    const print = await mmq(['fmt', 'q'], { cwd: dir });
    assert.equal(print.status, 2);
    assert.equal(print.stdout, '');
    const write = await mmq(['fmt', '--write', 'q'], { cwd: dir });
    assert.equal(write.status, 0, write.stderr);
    assert.equal(await readFile(join(dir, 'q/sub/messy.mmq'), 'utf8'), '### r\nacme OR rocket\n');
    assert.equal((await mmq(['fmt', '--check', 'q'], { cwd: dir })).status, 0);
  });
});
