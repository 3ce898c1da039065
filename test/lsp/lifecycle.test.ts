import assert from 'node:assert/strict';
import { ExitNotification, TextDocumentSyncKind } from 'vscode-languageserver-protocol';
import { TestClient, within } from './support/client';

describe('language server lifecycle', function () {
  let client: TestClient;
  afterEach(async () => {
    assert.deepEqual(client.errors, [], 'the server logged no error');
    await client.dispose();
  });

  it('advertises its features, incremental sync and UTF-16 positions', async () => {
    client = await TestClient.start();
    const { capabilities, serverInfo } = client.initializeResult;
    assert.equal(serverInfo?.name, 'mmq-language-server');
    assert.equal(capabilities.positionEncoding, 'utf-16');
    assert.equal(capabilities.textDocumentSync, TextDocumentSyncKind.Incremental);
    assert.deepEqual(capabilities.completionProvider?.triggerCharacters, [':', '@', '#']);
    assert.deepEqual(capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
    const semantic = capabilities.semanticTokensProvider;
    assert.equal(semantic?.full, true);
    assert.ok(semantic?.legend.tokenTypes.includes('property'));
    for (const feature of [
      'hoverProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
    ] as const) {
      assert.equal(capabilities[feature], true, feature);
    }
  });

  it('shuts down and exits with status 0', async () => {
    client = await TestClient.start();
    await client.open('file:///work/open.mmq', '### r\nacme\n');
    await client.publication('file:///work/open.mmq');
    assert.equal(await client.shutdown(), 0);
  });

  it('exits with status 1 on exit without shutdown, as the protocol says', async () => {
    client = await TestClient.start();
    await client.connection.sendNotification(ExitNotification.type);
    assert.equal(await within(client.exited, 'the server process to exit'), 1);
  });
});
