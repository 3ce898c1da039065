// The extension checks the language server's project context request before answering it.
import assert from 'node:assert/strict';
import { readProjectContextParams } from '../../../../src/features/language/projectContextParams';

describe('project context request parameters', () => {
  it('reads the file’s project, or null for the default project', () => {
    assert.deepEqual(readProjectContextParams({ projectId: 'p2' }), { projectId: 'p2' });
    assert.deepEqual(readProjectContextParams({ projectId: null }), { projectId: null });
    assert.deepEqual(readProjectContextParams({ projectId: '  ' }), { projectId: null });
  });

  it('refuses anything else', () => {
    for (const raw of [undefined, null, 'p2', [], {}, { projectId: 7 }, { project: 'p2' }])
      assert.equal(readProjectContextParams(raw), undefined, JSON.stringify(raw));
  });
});
