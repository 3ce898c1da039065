import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  legacyRecordBaseName,
  RecordFiles,
  RecordLocked,
  recordBaseName,
} from '../../../core/streams/recordFiles';

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

  it('names files safely whatever the id holds, readably', () => {
    assert.match(
      recordBaseName('collector', '../../etc/passwd'),
      /^collector-\.\._\.\._etc_passwd-[0-9a-f]{12}$/,
    );
    assert.doesNotMatch(recordBaseName('stream', 'a/b\\c\u0000d'), /[/\\]|\0/);
  });

  /** Ids that made the same name before: punctuation, blanks, case, a shared long start. */
  const lookalikes = fc
    .tuple(
      fc.string({ unit: fc.constantFrom('a', 'b', 'N', 'n', '_'), minLength: 1, maxLength: 6 }),
      fc.array(
        fc.oneof(
          fc.constantFrom('/', '?', ' ', '_', '\\', ':', '*', '\u00e9', '\u0000', '.', '-'),
          fc.constantFrom('eu', 'EU', 'Eu'),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      fc.boolean(),
    )
    .map(([start, rest, long]) => `${long ? 'x'.repeat(80) : ''}${start}${rest.join('')}`);

  it('gives ids that differ in punctuation, case or past their first 80 characters names of their own, also where case is ignored', () => {
    // The names before: all of these collided.
    assert.equal(
      legacyRecordBaseName('collector', 'news/eu'),
      legacyRecordBaseName('collector', 'news?eu'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(lookalikes, { minLength: 2, maxLength: 40 }), (ids) => {
        const names = ids.map((id) => recordBaseName('collector', id));
        assert.equal(new Set(names.map((name) => name.toLowerCase())).size, ids.length);
        for (const name of names) {
          assert.match(name, /^[A-Za-z0-9._-]+$/);
          assert.ok(name.length <= 100, name);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("restoring one tail's record leaves every other tail's record as it was", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(lookalikes, { minLength: 2, maxLength: 4 }), async (ids) => {
        const here = mkdtempSync(join(folder, 'r-'));
        const open = (id: string, restore?: { part: number; size: number }) =>
          RecordFiles.open({
            folder: here,
            base: recordBaseName('collector', id),
            // Each append its own part.
            maxBytes: 20,
            ...(restore ? { restore } : {}),
          });
        // Every tail writes several parts; the first is then restored to its first position.
        let kept = { part: 1, size: 0 };
        for (const [index, id] of ids.entries()) {
          const record = await open(id);
          await record.append(lines(0, 2));
          if (index === 0) kept = record.position;
          for (let n = 2; n < 12; n += 2) await record.append(lines(n, n + 2));
          await record.close();
        }
        const others = () =>
          readdirSync(here)
            .filter((name) => !name.startsWith(recordBaseName('collector', ids[0] ?? '')))
            .sort()
            .map((name) => [name, readFileSync(join(here, name), 'utf8')]);
        const before = others();
        assert.equal(before.length, (ids.length - 1) * 6);
        const restored = await open(ids[0] ?? '', kept);
        await restored.close();
        assert.deepEqual(others(), before);
      }),
      { numRuns: 25 },
    );
  });

  it('is written by one tail at a time: a second is refused naming the first, until it closes', async () => {
    const first = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 100 });
    await assert.rejects(
      RecordFiles.open({ folder, base: 'c-x', maxBytes: 100 }),
      (error: unknown) =>
        error instanceof RecordLocked &&
        /being written by another tail \(this window/.test(error.message),
    );
    await first.close();
    const second = await RecordFiles.open({ folder, base: 'c-x', maxBytes: 100 });
    await second.close();
    assert.deepEqual(readdirSync(folder).sort(), ['c-x-0001.ndjson', 'c-x-0002.ndjson']);
  });
});
