// The question before a stream push: what it creates or replaces, against the rules the service
// holds (or, when they cannot be read, the last push from this workspace).
import assert from 'node:assert/strict';
import { pushChanges, pushQuestion } from '../../../../src/features/streams/pushChanges';

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

  it('a stream the service does not have yet: the push creates it, and the question says so', () => {
    const question = pushQuestion('s1', 'brand.mmq', [rule('a', 'acme')], { source: 'none' });
    assert.equal(question.message, 'Create stream "s1" with the 1 rule of brand.mmq?');
    assert.match(question.detail, /no stream of that id yet: the push creates it/);
    assert.equal(question.action, 'Create');
  });

  it('lists what changes against the rules the service holds, five names at most per kind', () => {
    const held = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => rule(id, id));
    const question = pushQuestion('s1', 'f.mmq', [rule('z', 'z')], {
      source: 'service',
      rules: held,
    });
    assert.equal(question.message, 'Replace the rules of stream "s1" with the 1 rule of f.mmq?');
    assert.equal(
      question.detail,
      'Against the rules the stream holds: 1 added (z), 7 removed (a, b, c, d, e and 2 more).',
    );
    assert.equal(
      pushQuestion('s1', 'f.mmq', held, { source: 'service', rules: held }).detail,
      'The same rules as the rules the stream holds.',
    );
  });

  it('the service’s rules unreadable: against the last push from this workspace, or says nothing is known', () => {
    const before = [rule('a', 'acme')];
    assert.match(
      pushQuestion('s1', 'f.mmq', before, { source: 'workspace', rules: before }).detail,
      /^The same rules as the last push from this workspace \(the stream may have been changed/,
    );
    assert.match(
      pushQuestion('s1', 'f.mmq', before, { source: 'workspace', rules: undefined }).detail,
      /could not be read.*whatever the stream holds now is replaced/,
    );
  });
});
