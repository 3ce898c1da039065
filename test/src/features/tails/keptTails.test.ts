// What a tail reads, said and kept: a project's narrowing in words (the output channel's first
// line, `mmq tail`'s stderr, the tree item's tooltip), and a project's tail kept in workspace
// state, read back checked (a reload restores it; damaged state is dropped, never trusted).
import assert from 'node:assert/strict';
import { isLive, narrowing } from '../../../../core/streams/tailSource';
import { keptTailsOf } from '../../../../src/features/tails/keptTails';

describe('tail sources', () => {
  it("a project's narrowing in words: topics, filters, panels, datasets, the query, the end", () => {
    assert.equal(narrowing({ kind: 'project', id: 'p' }), undefined);
    assert.equal(
      narrowing({
        kind: 'project',
        id: 'p',
        scope: { topic: ['t-a', 't-b'], filter: ['f-en'], panel: [], dataset: ['ds'] },
        q: 'recall OR "lawsuit"',
        maxHits: 1,
      }),
      'topics t-a, t-b; filter f-en; dataset ds; query "recall OR \\"lawsuit\\""; until 1 result',
    );
    assert.equal(narrowing({ kind: 'stream', id: 's', maxHits: 5 }), 'until 5 results');
    assert.equal(narrowing({ kind: 'collector', id: 'c', from: 'earliest' }), undefined);
  });

  it('streams and projects are live, collectors are not', () => {
    assert.equal(isLive({ kind: 'project', id: 'p' }), true);
    assert.equal(isLive({ kind: 'stream', id: 's' }), true);
    assert.equal(isLive({ kind: 'collector', id: 'c', from: 'latest' }), false);
  });

  it("a project's and a stream's tail kept in workspace state come back as they were; a damaged one is dropped", () => {
    const kept = {
      'project:7c1e-demo': {
        source: {
          kind: 'project',
          id: '7c1e-demo',
          scope: { topic: ['t-rocket'], filter: ['f-english'] },
          q: 'skates',
        },
        state: 'paused',
        partBytes: 1024,
        recordFolder: '/tmp/records',
        checkpoint: { record: { part: 2, size: 300 } },
      },
      // A stream's extra query and limit, and how many results it delivered of that limit.
      'stream:s1': {
        source: { kind: 'stream', id: 's1', q: 'recall', maxHits: 50 },
        state: 'running',
        partBytes: 1024,
        checkpoint: { received: 20 },
      },
      'project:bad': { source: { kind: 'project', id: 'bad', scope: { topic: [''] } } },
      'stream:bad': {
        source: { kind: 'stream', id: 's2', maxHits: 0 },
        state: 'running',
        partBytes: 1024,
      },
      'project:worse': {
        source: { kind: 'project', id: '' },
        state: 'running',
        partBytes: 1024,
      },
    };
    assert.deepEqual(keptTailsOf(JSON.parse(JSON.stringify(kept))), {
      'project:7c1e-demo': kept['project:7c1e-demo'],
      'stream:s1': kept['stream:s1'],
    });
  });
});
