// Finding a stream's rules in the workspace's files by their `// @stream <id>` annotation.
import assert from 'node:assert/strict';
import { streamRulesIn } from '../../../../src/features/streams/streamRules';

describe('stream rules in workspace files', () => {
  it('gives each named stream the rules of its files, with where each header is', () => {
    const found = streamRulesIn([
      {
        uri: 'file:///w/brand.mmq',
        text: '// @stream brand-watch\n\n### acme\nacme OR "acme corp"\n\n### rockets\nrocket // skates\nAND acme\n',
      },
      { uri: 'file:///w/other.mmq', text: '### plain\nglobex\n' },
      { uri: 'file:///w/more.mmq', text: '// @stream brand-watch\n### more\ninitech\n' },
    ]);
    assert.deepEqual([...found.keys()], ['brand-watch']);
    assert.deepEqual(found.get('brand-watch'), [
      { ruleId: 'acme', query: 'acme OR "acme corp"', uri: 'file:///w/brand.mmq', line: 2 },
      { ruleId: 'rockets', query: 'rocket AND acme', uri: 'file:///w/brand.mmq', line: 5 },
      { ruleId: 'more', query: 'initech', uri: 'file:///w/more.mmq', line: 1 },
    ]);
  });
});
