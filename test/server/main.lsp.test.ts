import assert from 'node:assert/strict';
import {
  ExitNotification,
  TextDocumentSyncKind,
  CodeActionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  type CodeAction,
} from 'vscode-languageserver-protocol';
import { type TestClient, within, freshUri } from './support/client';
import { useServer, serversPerTest } from './support/server';
import { messageOf } from './support/text';

describe('language server lifecycle', function () {
  let client: TestClient;
  const start = serversPerTest();

  it('advertises its features, incremental sync and UTF-16 positions', async () => {
    client = await start();
    const { capabilities, serverInfo } = client.initializeResult;
    assert.equal(serverInfo?.name, 'mmq-language-server');
    assert.equal(capabilities.positionEncoding, 'utf-16');
    assert.equal(capabilities.textDocumentSync, TextDocumentSyncKind.Incremental);
    assert.deepEqual(capabilities.completionProvider?.triggerCharacters, [':', '@', '#']);
    assert.deepEqual(capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
    const semantic = capabilities.semanticTokensProvider;
    assert.deepEqual(semantic?.full, { delta: true });
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
    client = await start();
    await client.open('file:///work/open.mmq', '### r\nacme\n');
    await client.publication('file:///work/open.mmq');
    assert.equal(await client.shutdown(), 0);
  });

  it('exits with status 1 on exit without shutdown, as the protocol says', async () => {
    client = await start();
    await client.connection.sendNotification(ExitNotification.type);
    assert.equal(await within(client.exited, 'the server process to exit'), 1);
  });
});

// Files that used to take the server down: a 200 KB query with a warning at every operand, a line
// of 200,000 terms, nesting far past the budget. The server publishes capped diagnostics, stays
// alive and answers what is asked next, and an edit to such a file is published again.
/** `a OR b a OR b …`: an OR of `a`, REPEATS - 1 implicit ANDs `b a`, and `b`. */
const REPEATS = Math.ceil(200_000 / 'a OR b '.length);
const MIXED = 'a OR b '.repeat(REPEATS);

describe('the language server on hostile files', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  it('publishes a 200 KB `a OR b a OR b …` file capped, with the summary, and answers after', async () => {
    const uri = freshUri('mixed');
    await client.open(uri, MIXED);
    const { diagnostics } = await client.publication(uri);
    const mixed = diagnostics.filter((diagnostic) => diagnostic.code === 'mixed-and-or');
    assert.equal(mixed.length, 101);
    assert.equal(
      messageOf(mixed[100]!),
      `… and ${(REPEATS - 1 - 100).toLocaleString('en')} more mixed-and-or warnings in this rule`,
    );
    assert.ok(diagnostics.length < 400, `${diagnostics.length} diagnostics`);
    assert.ok(diagnostics.some((diagnostic) => diagnostic.code === 'length-limit'));
    assert.ok(
      diagnostics.some(
        (diagnostic) =>
          diagnostic.code === 'operand-limit' &&
          /cannot be split automatically: .*at least \d+ rules/.test(messageOf(diagnostic)),
      ),
    );

    const hover = await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 2 },
    });
    assert.match(JSON.stringify(hover?.contents), new RegExp(`${2 * REPEATS} / 50 operands`));

    // The fix of one warning parenthesises every AND of the list: made now, on request.
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: mixed[0]!.range,
      context: { diagnostics: [mixed[0]!] },
    })) as CodeAction[];
    const fix = actions.find((action) => action.title === 'Add parentheses as it is read');
    assert.equal(fix?.edit?.changes?.[uri]?.length, 2 * (REPEATS - 1));

    // An edit is published again, for the new version.
    await client.change(uri, 2, {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      text: '### big\n',
    });
    const edited = await client.publication(uri, (params) => params.version === 2);
    assert.ok(edited.diagnostics.some((diagnostic) => diagnostic.code === 'mixed-and-or'));
  });

  it('publishes a line of 200,000 terms and nesting past the budget, and still answers', async () => {
    const long = freshUri('long');
    await client.open(
      long,
      Array.from({ length: 200_000 }, (_, index) => `t${index % 1000}`).join(' '),
    );
    const { diagnostics } = await client.publication(long);
    assert.ok(diagnostics.some((diagnostic) => diagnostic.code === 'operand-limit'));

    const deep = freshUri('deep');
    await client.open(
      deep,
      `### r\n${'('.repeat(170)}a${')'.repeat(170)}\n### s\n${'-'.repeat(2000)}b\n`,
    );
    const nested = (await client.publication(deep)).diagnostics.filter((diagnostic) =>
      /^nested more than 100 levels deep/.test(messageOf(diagnostic)),
    );
    assert.deepEqual(
      nested.map((diagnostic) => [diagnostic.code, diagnostic.range.start]),
      [
        ['syntax', { line: 1, character: 100 }],
        ['syntax', { line: 3, character: 100 }],
      ],
    );

    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri: deep },
    });
    assert.deepEqual(
      (symbols as { name: string }[]).map((symbol) => symbol.name),
      ['r', 's'],
    );
  });
});
