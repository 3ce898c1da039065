// Credit estimates before a call (api.md credits; gaps.md), for confirmations in the UI.
import assert from 'node:assert/strict';
import { estimateCredits } from '../../../../core/api/client/estimate';

describe('credit estimates', () => {
  it('histograms and top influencers: 10 per call', () => {
    assert.deepEqual(estimateCredits({ kind: 'histogram' }), {
      fixed: 10,
      atMost: 10,
      note: '10 credits per call',
    });
    assert.equal(estimateCredits({ kind: 'topInfluencers' }).atMost, 10);
  });

  it('search results, in a project or global: 10 per call and 1 per result, up to the page size (10 by default)', () => {
    assert.equal(estimateCredits({ kind: 'results' }).atMost, 20);
    assert.equal(estimateCredits({ kind: 'results', hpp: 500 }).atMost, 510);
  });

  it('a stream: 1 per result, unbounded unless max_hits bounds it', () => {
    assert.equal(estimateCredits({ kind: 'streamRead' }).atMost, undefined);
    assert.equal(estimateCredits({ kind: 'streamRead', maxHits: 50 }).atMost, 50);
  });

  it("a project's live results: as a stream, 1 per result, unbounded unless max_hits bounds it", () => {
    const open = estimateCredits({ kind: 'projectLiveRead' });
    assert.equal(open.atMost, undefined);
    assert.match(open.note, /1 credit per result, for as long as the live read stays open/);
    assert.equal(estimateCredits({ kind: 'projectLiveRead', maxHits: 20 }).atMost, 20);
  });

  it('an export: 1 per result, bounded by its limit (1,000,000 by default) and by what matches', () => {
    assert.equal(estimateCredits({ kind: 'export' }).atMost, 1_000_000);
    assert.equal(estimateCredits({ kind: 'export', limit: 500, matching: 120 }).atMost, 120);
    assert.match(
      estimateCredits({ kind: 'export', limit: 500 }).note,
      /also for results exported before/,
    );
  });

  it('reading a collector and uploading are free; buffering costs 1 per document', () => {
    assert.equal(estimateCredits({ kind: 'collectorRead' }).atMost, 0);
    assert.equal(estimateCredits({ kind: 'upload' }).atMost, 0);
    assert.match(estimateCredits({ kind: 'collectorBuffering' }).note, /1 credit per document/);
  });
});
