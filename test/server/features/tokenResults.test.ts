// What changed between two results of semantic tokens (server/features/tokenResults.ts): one edit
// that turns the last result into the new one, for any two arrays; none when nothing changed.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { editsBetween, TokenResults } from '../../../server/features/tokenResults';

describe('semantic token results and their deltas', () => {
  it('the edit between any two results turns the first into the second', () => {
    const numbers = fc.array(fc.nat({ max: 4 }), { maxLength: 40 });
    fc.assert(
      fc.property(numbers, numbers, (before, after) => {
        const data = [...before];
        for (const edit of editsBetween(before, after))
          data.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
        assert.deepEqual(data, after);
      }),
      { numRuns: 2_000 },
    );
  });

  it('sends only what lies between the common start and end; nothing when nothing changed', () => {
    assert.deepEqual(editsBetween([1, 2, 3, 4, 5], [1, 2, 9, 4, 5]), [
      { start: 2, deleteCount: 1, data: [9] },
    ]);
    assert.deepEqual(editsBetween([1, 2, 3], [1, 2, 3, 4, 5]), [
      { start: 3, deleteCount: 0, data: [4, 5] },
    ]);
    assert.deepEqual(editsBetween([1, 2, 3], [1, 2, 3]), []);
  });

  it('answers from the last result kept for the document, and in full from any other', () => {
    const results = new TokenResults();
    const first = results.full('file:///a.mmq', { data: [0, 0, 3, 1, 0] });
    const other = results.full('file:///b.mmq', { data: [0, 0, 1, 1, 0] });
    const delta = results.delta('file:///a.mmq', first.resultId ?? '', {
      data: [1, 0, 3, 1, 0],
    });
    assert.deepEqual('edits' in delta && delta.edits, [{ start: 0, deleteCount: 1, data: [1] }]);
    // The first result is no longer the last: a delta from it is the whole tokens.
    assert.deepEqual(results.delta('file:///a.mmq', first.resultId ?? '', { data: [2] }), {
      resultId: '4',
      data: [2],
    });
    assert.notEqual(other.resultId, first.resultId);
    results.forget('file:///b.mmq');
    assert.ok('data' in results.delta('file:///b.mmq', other.resultId ?? '', { data: [] }));
  });
});
