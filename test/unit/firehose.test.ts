// The firehose's batches carry one time: the one the journal records before its (slow, fsynced)
// write, so that a replay makes exactly the documents that arrived. A clock that moves while the
// batch is journaled made documents a few milliseconds later than their record on a busy machine.
import assert from 'node:assert/strict';
import type { AnalyticsDocument } from '../../sandbox/analytics/documentFields';
import { Firehose } from '../../sandbox/live/firehose';
import type { LiveFeed } from '../../sandbox/live/feed';

describe('the firehose', () => {
  it('journals a batch with a time, and makes every document of it at that time', () => {
    let clock = 1_000_000;
    // Every look at the clock finds it a millisecond later, as on a machine busy with an fsync.
    const now = () => (clock += 1);
    const made: number[] = [];
    const arrived: AnalyticsDocument[] = [];
    const feed = {
      arrive: (document: AnalyticsDocument) => arrived.push(document),
    } as unknown as LiveFeed;
    const firehose = new Firehose(feed, 1000, now, (sequence, at) => {
      made.push(at);
      return { document: { url: `https://x.example/${sequence}`, published: at } };
    });
    const journaled: { count: number; at: number }[] = [];
    firehose.onBatch = (count, at) => journaled.push({ count, at });
    clock += 50;
    firehose.catchUp();
    assert.equal(journaled.length, 1);
    const batch = journaled[0]!;
    assert.ok(batch.count > 1);
    assert.deepEqual(made, new Array<number>(batch.count).fill(batch.at));
    assert.equal(arrived.length, batch.count);
  });
});
