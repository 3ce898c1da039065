// The rule of a header-less file is named by its file: from a path (`mmq` and the editor's
// files) or from a URI (the language server and the lab), the same name.
import assert from 'node:assert/strict';
import { fileNameOf, ruleIdFromFileName } from '../../../core/query/ruleId';

const ruleOf = (uri: string): string => ruleIdFromFileName(fileNameOf(uri));

describe('the rule id of a header-less file', () => {
  it('is the file name without `.mmq`, from a path or a URI', () => {
    assert.equal(ruleIdFromFileName('/work/rules/brand.mmq'), 'brand');
    assert.equal(ruleIdFromFileName('C:\\rules\\Brand.MMQ'), 'Brand');
    assert.equal(ruleOf('file:///work/rules/brand.mmq'), 'brand');
    assert.equal(ruleOf('file:///work/my%20rule%2B1.mmq?query#part'), 'my rule+1');
  });

  it('is the editor’s name of a new file (`untitled:Untitled-1`), without its scheme', () => {
    assert.equal(ruleOf('untitled:Untitled-1'), 'Untitled-1');
    assert.equal(ruleOf('vscode-notebook-cell:cell-3'), 'cell-3');
  });

  it('keeps a malformed escape as written rather than fail', () => {
    assert.equal(ruleOf('file:///work/100%.mmq'), '100%');
  });
});
