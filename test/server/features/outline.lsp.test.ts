import assert from 'node:assert/strict';
import {
  DocumentSymbolRequest,
  FoldingRangeKind,
  FoldingRangeRequest,
  SymbolKind,
  type DocumentSymbol,
} from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';

describe('document symbols and folding over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  it('lists one symbol per rule: id, operand count, header through body', async () => {
    const uri = freshUri();
    await client.open(uri, '### one\nacme\nOR rocket\n\n### two // x\nanvil\n');
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri },
    })) as DocumentSymbol[];
    assert.deepEqual(
      symbols.map(({ name, detail, kind, range, selectionRange }) => ({
        name,
        detail,
        kind,
        range,
        selectionRange,
      })),
      [
        {
          name: 'one',
          detail: '2 operands',
          kind: SymbolKind.Function,
          range: { start: { line: 0, character: 0 }, end: { line: 2, character: 9 } },
          selectionRange: { start: { line: 0, character: 4 }, end: { line: 0, character: 7 } },
        },
        {
          name: 'two',
          detail: '1 operand',
          kind: SymbolKind.Function,
          range: { start: { line: 4, character: 0 }, end: { line: 5, character: 5 } },
          selectionRange: { start: { line: 4, character: 4 }, end: { line: 4, character: 7 } },
        },
      ],
    );
  });

  it('folds each rule and each block of comment lines', async () => {
    const uri = freshUri();
    await client.open(uri, '// one\n// two\n// three\n### a\nacme\nOR rocket\n### b\nanvil\n');
    const folds = await client.connection.sendRequest(FoldingRangeRequest.type, {
      textDocument: { uri },
    });
    assert.deepEqual(
      folds
        ?.map(({ startLine, endLine, kind }) => [startLine, endLine, kind])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
      [
        [0, 2, FoldingRangeKind.Comment],
        [3, 5, FoldingRangeKind.Region],
        [6, 7, FoldingRangeKind.Region],
      ],
    );
  });
});
