// When collectors were last read from this machine, per service, and what the Streams view says.
import assert from 'node:assert/strict';
import {
  ago,
  CollectorReads,
  readView,
  UNREAD_WARNING_MS,
} from '../../../../src/features/streams/collectorReads';

function memento() {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: (key: string, value: unknown) => {
      if (value === undefined) values.delete(key);
      else values.set(key, value);
      return Promise.resolve();
    },
  };
}

const HOUR = 60 * 60 * 1000;

describe('collector reads from this machine', () => {
  it('are kept per service', async () => {
    const memory = memento();
    let service = 'sandbox';
    const reads = new CollectorReads(memory, () => service);
    await reads.noteRead('c1', 1000);
    assert.equal(reads.lastRead('c1'), 1000);
    service = 'https://api.example.com';
    assert.equal(reads.lastRead('c1'), undefined);
    assert.ok(memory.values.has('collectors.lastRead.sandbox.c1'));
  });

  it('say when last read, and warn after a day unread', async () => {
    const reads = new CollectorReads(memento(), () => 'sandbox');
    const now = 10 * 24 * HOUR;
    await reads.noteRead('c1', now - 3 * HOUR);
    assert.deepEqual(
      { ...readView(reads, 'c1', now), tooltip: undefined },
      { text: 'read 3 h ago', warn: false, tooltip: undefined },
    );
    await reads.noteRead('c1', now - UNREAD_WARNING_MS - 1);
    const stale = readView(reads, 'c1', now);
    assert.equal(stale.warn, true);
    assert.match(stale.tooltip, /costs a credit for every result it buffers, read or not/);
  });

  it('never read here: warned a day after this machine first saw it', async () => {
    const reads = new CollectorReads(memento(), () => 'sandbox');
    const first = readView(reads, 'c2', 0);
    assert.deepEqual([first.text, first.warn], ['never read here', false]);
    assert.equal(readView(reads, 'c2', UNREAD_WARNING_MS + 1).warn, true);
    await reads.forget('c2');
    assert.equal(readView(reads, 'c2', 2 * UNREAD_WARNING_MS).warn, false, 'seen afresh');
  });

  it('ago: minutes, hours, days', () => {
    assert.equal(ago(0, 30_000), 'just now');
    assert.equal(ago(0, 5 * 60_000), '5 min ago');
    assert.equal(ago(0, 47 * HOUR), '47 h ago');
    assert.equal(ago(0, 72 * HOUR), '3 days ago');
  });
});
