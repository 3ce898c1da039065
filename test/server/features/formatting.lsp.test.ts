import assert from 'node:assert/strict';
import {
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
} from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';
import { applyEdits } from '../support/text';

describe('formatting over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  it('returns edits that produce the canonical text', async () => {
    const uri = freshUri();
    const text = '###   r\n(  acme   OR "acme corp" )  AND   NOT lang:fr\n\n\n';
    await client.open(uri, text);
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 4, insertSpaces: true },
    });
    assert.equal(applyEdits(text, edits ?? []), '### r\n(acme OR "acme corp") AND NOT lang:fr\n');
  });

  it('returns no edits for a file already canonical', async () => {
    const uri = freshUri();
    await client.open(uri, '### r\n(acme OR "acme corp") AND NOT lang:fr\n');
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual(edits, []);
  });

  it('formats only the rules a range touches', async () => {
    const uri = freshUri();
    const text = '### a\nacme   OR   rocket\n\n### b\nanvil    AND   magnet\n';
    await client.open(uri, text);
    const edits = await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
      textDocument: { uri },
      range: { start: { line: 4, character: 2 }, end: { line: 4, character: 4 } },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(
      applyEdits(text, edits ?? []),
      '### a\nacme   OR   rocket\n\n### b\nanvil AND magnet\n',
    );
  });
});
