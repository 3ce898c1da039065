// A tail session against the sandbox over HTTP: batches of lines, the NDJSON record and its
// checkpoints; a tail restored from an older checkpoint (a crash after writing, before keeping the
// point) leaves every result in the record exactly once; code 25 and pauses lose nothing; code 24
// ends the older tail and says why. A project's live results: narrowed by topic, each line naming
// the topics it matched, what arrived while paused not delivered, and --max-hits' end.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordFiles } from '../../../core/streams/recordFiles';
import {
  TailSession,
  type TailCheckpoint,
  type TailSource,
} from '../../../core/streams/tailSession';
import { arrive, fixture, post, type Fixture } from '../../support/sandboxClient';
import { eventually } from '../../support/eventually';

interface Watched {
  readonly session: TailSession;
  readonly lines: string[];
  readonly notes: string[];
  readonly saved: TailCheckpoint[];
  /** Lines and notes in the order the sinks were told of them, as an output channel shows them. */
  readonly shown: string[];
}

const until = (condition: () => boolean, what: string) => eventually(condition, { what });

describe('a tail session', () => {
  let f: Fixture;
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'mm-tail-'))));
  afterEach(async () => {
    await f.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The record's parts (its lock, a hidden file, is there while a tail writes). */
  const parts = () => readdirSync(folder).filter((name) => name.endsWith('.ndjson'));
  const titlesInRecord = () =>
    parts()
      .sort()
      .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { data: { title: string } }).data.title);

  async function tail(
    source: TailSource,
    options: { checkpoint?: TailCheckpoint; record?: boolean; maxBatch?: number } = {},
  ): Promise<Watched> {
    const lines: string[] = [];
    const notes: string[] = [];
    const saved: TailCheckpoint[] = [];
    const shown: string[] = [];
    const record = options.record
      ? await RecordFiles.open({
          folder,
          base: `${source.kind}-${source.id}`,
          maxBytes: 4_000,
          ...(options.checkpoint?.record ? { restore: options.checkpoint.record } : {}),
        })
      : undefined;
    // Each session its own client, as after a reload: the rate governor starts afresh.
    const client = f.clientWith({});
    const session = new TailSession(source, {
      client: () => Promise.resolve(client),
      sinks: {
        lines: (text) => {
          lines.push(...text.split('\n').filter(Boolean));
          shown.push(...text.split('\n').filter(Boolean));
        },
        note: (message) => {
          notes.push(message);
          shown.push(message);
        },
        save: (checkpoint) => {
          saved.push(checkpoint);
          return Promise.resolve();
        },
        changed: () => undefined,
      },
      ...(record ? { record } : {}),
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
      ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
      backoff: () => 50,
    });
    return { session, lines, notes, saved, shown };
  }

  it('restored from an older checkpoint, the record holds every result exactly once', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'acme', query: 'acme' }] });
    const titles = Array.from({ length: 250 }, (_, index) => `Acme ${index + 1}`);
    await arrive(f.sandbox.url, titles.slice(0, 120));
    const first = await tail(
      { kind: 'collector', id: 'c1', from: 'earliest' },
      { record: true, maxBatch: 7 },
    );
    await until(() => first.lines.length === 120, 'the first 120 results');
    assert.match(first.lines[0] ?? '', /Acme 1 {2}\[acme\]/);
    // The extension host dies: the state kept a checkpoint from some batches ago, the record
    // has more. Restored from that checkpoint, the tail cuts the record back and reads on.
    const kept = first.saved[Math.floor(first.saved.length / 2)];
    assert.ok(kept?.point && kept.record);
    await first.session.stop();
    await arrive(f.sandbox.url, titles.slice(120));
    const second = await tail(
      { kind: 'collector', id: 'c1', from: 'earliest' },
      { record: true, checkpoint: kept },
    );
    await until(() => titlesInRecord().length >= 250, 'all 250 in the record');
    await second.session.stop();
    assert.deepEqual(titlesInRecord(), titles);
    assert.ok(parts().length > 1, 'the record was rotated');
  });

  it('code 25 mid-tail and a pause lose nothing and repeat nothing', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'acme', query: 'acme' }] });
    const { session, lines, notes } = await tail(
      { kind: 'collector', id: 'c1', from: 'latest' },
      { record: true },
    );
    await until(() => session.state === 'tailing', 'the tail to connect');
    await arrive(f.sandbox.url, ['Acme a', 'Acme b']);
    await until(() => lines.length === 2, 'two results');
    await post(f.sandbox.url, '/_sandbox/disconnect', { collector_id: 'c1' });
    await arrive(f.sandbox.url, ['Acme c']);
    await until(() => lines.length === 3, 'the third result after the reconnection');
    session.pause();
    await until(() => notes.includes('paused'), 'the pause');
    await arrive(f.sandbox.url, ['Acme d', 'Acme e']);
    await post(f.sandbox.url, '/_sandbox/clock', { advance_ms: 61_000 });
    session.resume();
    await until(() => lines.length === 5, 'the results buffered while paused');
    await session.stop();
    assert.deepEqual(titlesInRecord(), ['Acme a', 'Acme b', 'Acme c', 'Acme d', 'Acme e']);
    assert.ok(notes.some((note) => /reconnecting from the last offset/.test(note)));
    assert.equal(session.count, 5);
  });

  it("a project's live results: its topic narrows, lines name the matched topics; what arrives while paused is not delivered", async () => {
    f = await fixture();
    const { session, lines, notes, saved } = await tail(
      { kind: 'project', id: '7c1e-demo', scope: { topic: ['t-rocket'] } },
      { record: true },
    );
    await until(() => session.state === 'tailing', 'the tail to connect');
    await arrive(f.sandbox.url, ['Acme rocket one', 'Acme anvil', 'Globex rocket']);
    await until(() => lines.length === 1, 'the one result of the topic');
    assert.match(lines[0] ?? '', /Acme rocket one {2}\[t-acme,t-rocket\]/);
    session.pause();
    await until(() => notes.includes('paused'), 'the pause');
    await arrive(f.sandbox.url, ['Acme rocket while paused']);
    session.resume();
    await until(() => session.state === 'tailing', 'the tail to connect again');
    await arrive(f.sandbox.url, ['Acme rocket two']);
    await until(() => lines.length === 2, 'the result after the pause');
    await session.stop();
    assert.deepEqual(titlesInRecord(), ['Acme rocket one', 'Acme rocket two']);
    assert.deepEqual(readdirSync(folder), ['project-7c1e-demo-0001.ndjson']);
    // Live: nothing to resume from, only the record's position is kept.
    assert.ok(saved.length > 0 && saved.every((checkpoint) => checkpoint.point === undefined));
    assert.equal(session.count, 2);
  });

  it("a project's tail with maxHits ends by itself after that many, and says so", async () => {
    f = await fixture();
    const { session, lines, shown } = await tail({
      kind: 'project',
      id: 'p-competitors',
      q: 'NOT initech',
      maxHits: 2,
    });
    await until(() => session.state === 'tailing', 'the tail to connect');
    await arrive(f.sandbox.url, [
      'Globex a',
      'Initech b',
      'Globex and Initech',
      'Globex c',
      'Globex d',
    ]);
    await session.done;
    assert.equal(session.state, 'ended');
    assert.equal(session.ended, 'ended: 2 results, as asked');
    assert.deepEqual(
      lines.map((line) => /\d{2}Z {2}\S+ {2}(.*?) {2}\[/.exec(line)?.[1]),
      ['Globex a', 'Globex c'],
    );
    // The end is said after the results it counts, as the output channel shows them.
    assert.equal(shown.at(-1), 'ended: 2 results, as asked', shown.join('\n'));
  });

  it("a stream's tail with a query and a limit: only what matches, each checkpoint counting; restored, only the rest", async () => {
    f = await fixture();
    await f.client.streams.define('s-limits', [{ rule_id: 'brand', query: 'globex' }]);
    const source: TailSource = { kind: 'stream', id: 's-limits', q: 'NOT initech', maxHits: 3 };
    const first = await tail(source);
    await until(() => first.session.state === 'tailing', 'the tail to connect');
    await arrive(f.sandbox.url, ['Globex a', 'Globex and Initech', 'Globex b']);
    await until(() => first.lines.length === 2, 'two results');
    await first.session.stop();
    await first.session.done;
    const kept = first.saved.at(-1);
    assert.equal(kept?.received, 2, 'the checkpoint counts what was delivered');

    // Restored (a reload) from that checkpoint: one more result, then the end.
    const restored = await tail(source, kept ? { checkpoint: kept } : {});
    await until(() => restored.session.state === 'tailing', 'the restored tail to connect');
    await arrive(f.sandbox.url, ['Initech c', 'Globex d', 'Globex e']);
    await restored.session.done;
    assert.equal(restored.session.ended, 'ended: 3 results, as asked');
    assert.deepEqual(
      [...first.lines, ...restored.lines].map(
        (line) => /\d{2}Z {2}\S+ {2}(.*?) {2}\[/.exec(line)?.[1],
      ),
      ['Globex a', 'Globex b', 'Globex d'],
    );

    // Restored once all were delivered: it ends without reading.
    const done = await tail(source, { checkpoint: { received: 3 } });
    await done.session.done;
    assert.equal(done.session.ended, 'ended: 3 results, as asked');
    assert.deepEqual(done.lines, []);
  });

  it("an unknown project ends the tail with the service's reason instead of reconnecting", async () => {
    f = await fixture();
    const { session } = await tail({ kind: 'project', id: 'no-such-project' });
    await session.done;
    assert.equal(session.state, 'ended');
    assert.match(session.ended ?? '', /^stopped: .*No such project: `no-such-project`/);
  });

  it('a newer connection to the stream ends the older tail and says so (code 24)', async () => {
    f = await fixture();
    await f.client.streams.define('s1', [{ rule_id: 'brand', query: 'acme' }]);
    const older = await tail({ kind: 'stream', id: 's1' });
    await until(() => older.session.state === 'tailing', 'the older tail to connect');
    const newer = await tail({ kind: 'stream', id: 's1' });
    await older.session.done;
    assert.equal(older.session.state, 'ended');
    assert.match(older.session.ended ?? '', /newer connection.*code 24/);
    await until(() => newer.session.state === 'tailing', 'the newer tail to connect');
    await arrive(f.sandbox.url, ['Acme news']);
    await until(() => newer.lines.length === 1, 'the newer tail to get the result');
    assert.match(newer.lines[0] ?? '', /Acme news {2}\[brand\]/);
    await newer.session.stop();
  });
});
