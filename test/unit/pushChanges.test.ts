// The question before a stream push: what it replaces, against the last push from the workspace.
import assert from 'node:assert/strict';
import { pushChanges, pushQuestion } from '../../src/model/pushChanges';

const rule = (rule_id: string, query: string) => ({ rule_id, query });

describe('what a stream push changes', () => {
  it('added, changed, removed and unchanged rules, by id', () => {
    assert.deepEqual(
      pushChanges(
        [rule('a', 'acme'), rule('b', 'globex'), rule('c', 'initech')],
        [rule('a', 'acme'), rule('b', 'globex OR hooli'), rule('d', 'umbrella')],
      ),
      { added: ['d'], changed: ['b'], removed: ['c'], same: 1 },
    );
  });

  it('says so when no earlier push is known: whatever the stream holds is replaced', () => {
    const question = pushQuestion('s1', 'brand.mmq', [rule('a', 'acme')], undefined);
    assert.equal(
      question.message,
      'Replace the rules of stream "s1" with the 1 rule of brand.mmq?',
    );
    assert.match(question.detail, /No earlier push .* whatever the stream holds now is replaced/);
  });

  it('lists what changed since the last push, five names at most per kind', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => rule(id, id));
    const question = pushQuestion('s1', 'f.mmq', [rule('z', 'z')], before);
    assert.equal(
      question.detail,
      'Since the last push from this workspace: 1 added (z), 7 removed (a, b, c, d, e and 2 more).',
    );
    assert.match(
      pushQuestion('s1', 'f.mmq', before, before).detail,
      /^The same rules as the last push/,
    );
  });
});
