// The persistence journal's file (sandbox/persistence/journal.ts, lines.ts): read line by line
// whatever their length, and synced to disk at once for what is acknowledged, in batches for
// the credits reads charge.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { CHARGE_SYNC_MS, digest, Journal } from '../../../sandbox/persistence/journal';
import { readLines } from '../../../sandbox/persistence/lines';
import { eventually } from '../../support/eventually';

const file = async (name: string) => join(await mkdtemp(join(tmpdir(), 'mmq-journal-')), name);

describe('the journal file', () => {
  it('reads lines of any length, across blocks, and leaves out a torn last one', async () => {
    const path = await file('lines.txt');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string(), fc.integer({ min: 1, max: 9_000_000 })), {
          maxLength: 6,
        }),
        fc.string(),
        async (lines, torn) => {
          const texts = lines.map((line) =>
            typeof line === 'number' ? 'é'.repeat(line / 2) : line.replace(/\n/g, ' '),
          );
          const tail = torn.replace(/\n/g, ' ');
          await writeFile(path, texts.map((text) => `${text}\n`).join('') + tail);
          const read = [...readLines(path)].map((line) => line.text);
          assert.deepEqual(read, texts);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('syncs an acknowledged record before answering, charges within a moment or with the next record', async () => {
    const path = await file('journal.jsonl');
    const flushes: number[] = [];
    const { journal } = Journal.open(path, 'genesis', () => flushes.push(Date.now()));
    journal.append({ k: 'request', wall: 1, method: 'PUT', url: '/api/v3/stream/s/a' });
    assert.equal(flushes.length, 1, 'an acknowledged write is on disk when append returns');
    for (let charge = 0; charge < 100; charge++)
      journal.append({ k: 'charge', virtual: charge, amount: 10 }, 'soon');
    assert.equal(flushes.length, 1, 'a hundred histograms did not wait for the disk');
    const started = Date.now();
    await eventually(() => flushes.length !== 1, { what: 'the pending charges to be synced' });
    assert.ok(Date.now() - started <= CHARGE_SYNC_MS + 100, 'the charges were synced soon after');
    journal.append({ k: 'charge', virtual: 200, amount: 10 }, 'soon');
    journal.append({ k: 'live', virtual: 201, count: 1 });
    assert.equal(
      flushes.length,
      3,
      'the next acknowledged record syncs the pending charge with it',
    );
    journal.close();
    const { records, journal: reopened } = Journal.open(path, 'genesis', () => undefined);
    assert.equal(records.count, 103);
    assert.deepEqual(
      [...records].map((record) => record.n),
      [...Array(103).keys()].map((index) => index + 1),
    );
    reopened.close();
  });

  it("chains each line to the one before, from the directory's journal id", async () => {
    const path = await file('journal.jsonl');
    const { journal } = Journal.open(path, 'genesis', () => undefined);
    journal.append({ k: 'tick', virtual: 1 });
    journal.append({ k: 'tick', virtual: 2 });
    journal.close();
    const lines = [...readLines(path)].map((line) => JSON.parse(line.text) as { p: string });
    assert.equal(lines[0]?.p, 'genesis');
    assert.equal(lines[1]?.p, digest([...readLines(path)][0]!.text));
  });
});
