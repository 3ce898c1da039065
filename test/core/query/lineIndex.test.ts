// Offsets and line/character positions of `mmq lint --format json` and the extension's stream
// rules (core/query/lineIndex.ts) read as the language server's documents and the editor read
// them (vscode-languageserver-textdocument): on texts with every kind of line break, lone `\r`
// and `\r\n` among them, astral characters and lone surrogates.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LineIndex } from '../../../core/query/lineIndex';
import { hostileText, referenceOf } from '../../server/documents/support/text';

function assertSameAsTextDocument(text: string): void {
  const index = new LineIndex(text);
  const reference = referenceOf(text);
  assert.equal(index.lineCount, reference.lineCount, 'lineCount');
  for (let offset = -1; offset <= text.length + 1; offset++)
    assert.deepEqual(
      index.positionAt(offset),
      reference.positionAt(offset),
      `positionAt(${offset})`,
    );
  for (let line = -1; line <= reference.lineCount; line++)
    for (let character = -1; character <= 6; character++) {
      const at = { line, character };
      assert.equal(index.offsetAt(at), reference.offsetAt(at), `offsetAt(${line}:${character})`);
    }
}

describe('LineIndex', () => {
  it('a position inside `\\r\\n` or past a line is the line break, as in the editor', () => {
    const index = new LineIndex('ab\r\ncd');
    assert.deepEqual(index.positionAt(3), { line: 0, character: 2 });
    assert.equal(index.offsetAt({ line: 0, character: 9 }), 2);
    assert.deepEqual(index.positionAt(4), { line: 1, character: 0 });
  });

  it('reads every generated text as TextDocument does', () => {
    fc.assert(
      fc.property(hostileText(), (text) => assertSameAsTextDocument(text)),
      {
        numRuns: 500,
      },
    );
  });
});
