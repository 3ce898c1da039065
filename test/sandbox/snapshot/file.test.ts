// Snapshot files and their directory: a file is used whole or not at all, writers never leave a
// half-written file where readers look, and the directory keeps only the latest few.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evictSnapshots, snapshotPath } from '../../../sandbox/snapshot/directory';
import {
  parseSnapshot,
  readAhead,
  readSnapshot,
  snapshotBytes,
  SnapshotRefused,
  writeSnapshot,
  type SnapshotKey,
} from '../../../sandbox/snapshot/file';

const KEY = { corpus: 1, seed: 42, docs: 100, days: 30 };
const sections = () =>
  new Map<string, Uint8Array>([
    ['one', Buffer.from('first section')],
    ['numbers', new Uint8Array(new Float64Array([1.5, 2.5, -3]).buffer)],
    ['empty', new Uint8Array(0)],
  ]);

describe('snapshot files', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mmq-snapshot-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('reads back what was written, each section aligned for typed arrays', async () => {
    const path = snapshotPath(directory, KEY);
    await writeSnapshot(path, KEY, sections());
    const read = await readSnapshot(path, KEY);
    assert.deepEqual([...read.keys()], ['one', 'numbers', 'empty']);
    assert.equal(Buffer.from(read.get('one') ?? []).toString(), 'first section');
    const numbers = read.get('numbers');
    assert.ok(numbers && numbers.byteOffset % 8 === 0);
    assert.deepEqual(
      [...new Float64Array(numbers.buffer, numbers.byteOffset, numbers.byteLength / 8)],
      [1.5, 2.5, -3],
    );
    assert.equal(read.get('empty')?.byteLength, 0);
    assert.deepEqual(readdirSync(directory), [path.slice(directory.length + 1)]);
  });

  it('refuses a file of another key, cut short, changed, or not a snapshot at all', () => {
    const whole = Buffer.concat(snapshotBytes(KEY, sections()));
    const refused = (file: Buffer, key: SnapshotKey = KEY) =>
      assert.throws(() => parseSnapshot(file, key), SnapshotRefused);
    refused(whole, { ...KEY, seed: 43 });
    refused(whole, { ...KEY, corpus: 2 });
    refused(whole, { corpus: 1, seed: 42, docs: 100 });
    for (const length of [0, 5, 20, whole.byteLength - 1]) refused(whole.subarray(0, length));
    refused(Buffer.concat([whole, Buffer.alloc(8)]));
    const changed = Buffer.from(whole);
    changed[changed.byteLength - 20]! ^= 1;
    refused(changed);
    refused(Buffer.from('{"corpus": 1}'));
    const header = Buffer.from(whole);
    header.write('garbage!', 12, 'latin1');
    refused(header);
    assert.ok(parseSnapshot(whole, KEY).get('one'));
  });

  it('reads ahead for the next read of the same path, and only of that path', async () => {
    const path = snapshotPath(directory, KEY);
    const other = snapshotPath(directory, { ...KEY, seed: 7 });
    await writeSnapshot(path, KEY, sections());
    readAhead(path);
    assert.deepEqual([...(await readSnapshot(path, KEY)).keys()], ['one', 'numbers', 'empty']);
    // A read ahead of another file (a data directory's corpus is not the flags') is dropped.
    readAhead(other);
    assert.equal(
      Buffer.from((await readSnapshot(path, KEY)).get('one') ?? []).toString(),
      'first section',
    );
    await writeSnapshot(other, { ...KEY, seed: 7 }, sections());
    assert.ok((await readSnapshot(other, { ...KEY, seed: 7 })).get('one'));
    // A file missing when read ahead is reported when taken, as any read's failure.
    const missing = join(directory, 'corpus-missing.snap');
    readAhead(missing);
    await assert.rejects(readSnapshot(missing, KEY), { code: 'ENOENT' });
  });

  it('refuses a snapshot of the first format (SHA-256, text ends in UTF-16 units)', () => {
    const whole = Buffer.concat(snapshotBytes(KEY, sections()));
    const first = Buffer.from(whole);
    first.write('MMQSNAP1', 0, 'latin1');
    assert.throws(() => parseSnapshot(first, KEY), /not a snapshot/);
  });

  it('lets two writers of one snapshot finish without mixing their files', async () => {
    const path = snapshotPath(directory, KEY);
    const big = () =>
      new Map([...sections(), ['bulk', new Uint8Array(4_000_000).fill(7)] as const]);
    await Promise.all([
      writeSnapshot(path, KEY, big()),
      writeSnapshot(path, KEY, big()),
      writeSnapshot(path, KEY, big()),
    ]);
    assert.equal((await readSnapshot(path, KEY)).get('bulk')?.byteLength, 4_000_000);
    assert.equal(readdirSync(directory).length, 1, 'no temporary file left');
  });

  it('names files after their key, safely', () => {
    assert.equal(snapshotPath('/d', KEY), join('/d', 'corpus-corpus1-seed42-docs100-days30.snap'));
    assert.equal(
      snapshotPath('/d', { corpus: 1, seed: '../x y' }),
      join('/d', 'corpus-corpus1-seed.._x_y.snap'),
    );
  });

  it('keeps the three most recently used snapshots and drops abandoned temporary files', async () => {
    const now = Date.now() / 1000;
    const files = ['a', 'b', 'c', 'd', 'e'].map((name, index) => {
      const path = join(directory, `corpus-${name}.snap`);
      writeFileSync(path, name);
      utimesSync(path, now - index * 60, now - index * 60);
      return path;
    });
    const abandoned = join(directory, 'corpus-a.snap.1-0-ab.tmp');
    const writing = join(directory, 'corpus-b.snap.2-0-cd.tmp');
    writeFileSync(abandoned, '');
    writeFileSync(writing, '');
    utimesSync(abandoned, now - 2 * 3600, now - 2 * 3600);
    writeFileSync(join(directory, 'notes.txt'), 'not ours');
    const deleted = await evictSnapshots(directory);
    assert.deepEqual(deleted.sort(), [
      'corpus-a.snap.1-0-ab.tmp',
      'corpus-d.snap',
      'corpus-e.snap',
    ]);
    assert.deepEqual(readdirSync(directory).sort(), [
      'corpus-a.snap',
      'corpus-b.snap',
      'corpus-b.snap.2-0-cd.tmp',
      'corpus-c.snap',
      'notes.txt',
    ]);
    assert.equal(readFileSync(files[0] ?? '', 'utf8'), 'a');
  });
});
