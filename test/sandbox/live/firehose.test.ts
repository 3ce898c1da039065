// The firehose's batches carry one time: the one the journal records before its (slow, fsynced)
// write, so that a replay makes exactly the documents that arrived. A clock that moves while the
// batch is journaled made documents a few milliseconds later than their record on a busy machine.
import assert from 'node:assert/strict';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import { Firehose } from '../../../sandbox/live/firehose';
import { LiveFeed } from '../../../sandbox/live/feed';
import { DocumentStore } from '../../../sandbox/store';

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

  it('indexes the documents of a batch at its time, not at the later moment they reach the feed', () => {
    let clock = 1_000_000;
    const now = () => (clock += 7);
    const feed = new LiveFeed(new DocumentStore(), now);
    const indexed: number[] = [];
    feed.subscribe(({ document }) => indexed.push(document.search_indexed ?? NaN));
    const firehose = new Firehose(feed, 100, now, (sequence, at) => ({
      document: { url: `https://x.example/${sequence}`, published: at },
    }));
    let journaledAt = 0;
    firehose.onBatch = (_count, at) => (journaledAt = at);
    clock += 1_000;
    firehose.catchUp();
    assert.ok(indexed.length > 1);
    // One millisecond apart at most (search_indexed never repeats), from the journaled time on.
    assert.deepEqual(
      indexed,
      indexed.map((_, position) => journaledAt + position),
    );
  });
});
