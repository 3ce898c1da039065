import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordFiles, recordBaseName } from '../../core/streams/recordFiles';

describe("a tail's NDJSON record", () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'mm-record-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const lines = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, index) => `{"n":${from + index}}\n`).join('');
  const all = () =>
    readdirSync(folder)
      .sort()
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .join('');

  it('starts a new part once one would pass its size, and never splits a write', async () => {
    const record = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 30 });
    for (let n = 0; n < 10; n += 2) await record.append(lines(n, n + 2));
    await record.close();
    assert.deepEqual(readdirSync(folder).sort(), [
      'c-x-0001.ndjson',
      'c-x-0002.ndjson',
      'c-x-0003.ndjson',
      'c-x-0004.ndjson',
      'c-x-0005.ndjson',
    ]);
    assert.equal(all(), lines(0, 10));
  });

  it('restored at a kept position, cuts away what was written after it, in later parts too', async () => {
    const record = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 40 });
    await record.append(lines(0, 3));
    const kept = record.position;
    // Written after the point was kept (a crash before the next point): they will come again.
    await record.append(lines(3, 6));
    await record.append(lines(6, 9));
    await record.close();
    const restored = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 40, restore: kept });
    await restored.append(lines(3, 9));
    await restored.close();
    assert.equal(all(), lines(0, 9));
  });

  it('a new tail never writes into parts that were there before it', async () => {
    writeFileSync(join(folder, 'c-x-0001.ndjson'), 'mine\n');
    const record = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 1000 });
    await record.append(lines(0, 1));
    await record.close();
    assert.equal(readFileSync(join(folder, 'c-x-0001.ndjson'), 'utf8'), 'mine\n');
    assert.equal(readFileSync(join(folder, 'c-x-0002.ndjson'), 'utf8'), lines(0, 1));
  });

  it('makes its folder when it is not there yet', async () => {
    const record = await RecordFiles.open({
      folder: join(folder, 'tails', 'deeper'),
      base: 'c-x',
      maxBytes: 100,
    });
    await record.append(lines(0, 1));
    await record.close();
    assert.equal(
      readFileSync(join(folder, 'tails', 'deeper', 'c-x-0001.ndjson'), 'utf8'),
      lines(0, 1),
    );
  });

  it('names files safely whatever the id holds', () => {
    assert.equal(recordBaseName('collector', '../../etc/passwd'), 'collector-.._.._etc_passwd');
    assert.doesNotMatch(recordBaseName('stream', 'a/b\\c\u0000d'), /[/\\]|\0/);
  });
});
