import assert from 'node:assert/strict';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  SemanticTokensRequest,
  type CodeAction,
  type Diagnostic,
  type CompletionItem,
  type Hover,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { applyEdits, startClient, type TestClient } from './support/client';

const orOf = (count: number) =>
  Array.from({ length: count }, (_, index) => `w${index + 1}`).join(' OR ');
let counter = 0;
/** Protocol 3.18 allows Markdown messages; this server sends plain strings. */
const messageOf = (diagnostic: Diagnostic): string =>
  typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
const freshUri = (name = 'test') => `file:///work/${name}-${++counter}.mmq`;

describe('language server over stdio', function () {
  let client: TestClient;
  beforeEach(async () => {
    client = await startClient();
  });
  afterEach(async () => {
    await client.close();
  });

  it('advertises its features and UTF-16 positions', () => {
    const capabilities = client.initializeResult.capabilities;
    assert.equal(capabilities.positionEncoding, 'utf-16');
    for (const feature of [
      'hoverProvider',
      'completionProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'codeActionProvider',
      'semanticTokensProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
    ] as const) {
      assert.ok(capabilities[feature], feature);
    }
  });

  it('publishes operand-limit for a 51-operand rule with the range from the 51st operand to the end', async () => {
    const uri = freshUri();
    await client.open(uri, `### big\n${orOf(51)}\n`);
    const diagnostics = await client.diagnostics(uri);
    const limit = diagnostics.find((diagnostic) => diagnostic.code === 'operand-limit');
    assert.ok(limit, JSON.stringify(diagnostics));
    assert.equal(limit.source, 'mmq');
    assert.equal(limit.severity, 1);
    assert.deepEqual(limit.range, {
      start: { line: 1, character: orOf(50).length + 4 },
      end: { line: 1, character: orOf(51).length },
    });
    assert.match(messageOf(limit), /51 operands/);
  });

  it('updates diagnostics after a change, once typing pauses', async () => {
    const uri = freshUri();
    await client.open(uri, '### r\nacme AND\n');
    const before = await client.diagnostics(uri);
    assert.ok(before.some((diagnostic) => diagnostic.code === 'syntax'));
    await client.change(uri, '### r\nacme AND rocket\n', 2);
    await client.change(uri, '### r\nacme AND rocket AND\n', 3);
    await client.change(uri, '### r\nacme AND rocket\n', 4);
    const after = await client.diagnostics(uri, (params) => params.version === 4);
    assert.deepEqual(after, []);
  });

  it('applies per-code severity overrides from settings, including off', async () => {
    client.settings = {
      diagnostics: { severity: { 'lowercase-operator': 'error', 'duplicate-operand': 'off' } },
    };
    const uri = freshUri();
    await client.open(uri, '### r\nacme and rocket OR acme OR acme\n');
    const diagnostics = await client.diagnostics(uri);
    const lowercase = diagnostics.find((diagnostic) => diagnostic.code === 'lowercase-operator');
    assert.equal(lowercase?.severity, 1);
    assert.ok(!diagnostics.some((diagnostic) => diagnostic.code === 'duplicate-operand'));
  });

  it('re-publishes with new severities when the configuration changes', async () => {
    const uri = freshUri();
    await client.open(uri, '### r\nacme and rocket\n');
    const first = await client.diagnostics(uri);
    assert.equal(first.find((diagnostic) => diagnostic.code === 'lowercase-operator')?.severity, 2);
    client.settings = { diagnostics: { severity: { 'lowercase-operator': 'hint' } } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: null,
    });
    const second = await client.diagnostics(uri, (params) =>
      params.diagnostics.some((diagnostic) => diagnostic.severity === 4),
    );
    assert.equal(
      second.find((diagnostic) => diagnostic.code === 'lowercase-operator')?.severity,
      4,
    );
  });

  it('completes source types after `sourcetype:` and field names from a prefix', async () => {
    const uri = freshUri();
    await client.open(uri, '### r\nacme sourcetype:\nacme la');
    const values = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 1, character: 16 },
    })) as CompletionItem[];
    assert.ok(values.some((item) => item.label === 'ONLINENEWS'));
    assert.ok(values.some((item) => item.label === 'SOCIALMEDIA_TWITTER'));
    assert.ok(!values.some((item) => item.label === 'lang:'));
    const fields = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 2, character: 7 },
    })) as CompletionItem[];
    const lang = fields.find((item) => item.label === 'lang:');
    assert.ok(lang);
    assert.deepEqual((lang.textEdit as { range: unknown }).range, {
      start: { line: 2, character: 5 },
      end: { line: 2, character: 7 },
    });
    assert.ok(
      fields.some((item) => item.label === 'AND'),
      'an operator fits after an operand',
    );
  });

  it('completes annotations before the first header', async () => {
    const uri = freshUri();
    await client.open(uri, '// @\n### r\nacme\n');
    const items = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 4 },
    })) as CompletionItem[];
    assert.deepEqual(items.map((item) => item.label).sort(), ['@project', '@stream']);
  });

  it('shows the operand count and field documentation on hover', async () => {
    const uri = freshUri();
    await client.open(uri, `### r\nlang:en AND (${orOf(36)})\n`);
    const onField = (await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 1, character: 2 },
    })) as Hover;
    const text = (onField.contents as MarkupContent).value;
    assert.match(text, /37 \/ 50 operands/);
    assert.match(text, /\*\*lang\*\*/);
    const onHeader = (await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 4 },
    })) as Hover;
    assert.match((onHeader.contents as MarkupContent).value, /37 \/ 50 operands/);
  });

  it('classifies tokens semantically', async () => {
    const uri = freshUri();
    await client.open(uri, '### r\nlang:en AND "a b"\n');
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend.tokenTypes;
    const tokens = await client.connection.sendRequest(SemanticTokensRequest.type, {
      textDocument: { uri },
    });
    const decoded: string[] = [];
    let line = 0;
    let character = 0;
    for (let index = 0; index < tokens!.data.length; index += 5) {
      const [deltaLine, deltaStart, length, type] = tokens!.data.slice(index, index + 4) as [
        number,
        number,
        number,
        number,
      ];
      line += deltaLine;
      character = deltaLine === 0 ? character + deltaStart : deltaStart;
      decoded.push(`${line}:${character}:${length}:${legend[type]}`);
    }
    assert.deepEqual(decoded, [
      '0:4:1:function',
      '1:0:5:property',
      '1:8:3:keyword',
      '1:12:5:string',
    ]);
  });

  it('lists rules as symbols and folds them', async () => {
    const uri = freshUri();
    await client.open(uri, '### one\nacme\nOR rocket\n\n### two\nanvil\n');
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri },
    })) as { name: string; detail: string }[];
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.detail]),
      [
        ['one', '2 operands'],
        ['two', '1 operand'],
      ],
    );
    const folds = await client.connection.sendRequest(FoldingRangeRequest.type, {
      textDocument: { uri },
    });
    assert.deepEqual(
      folds?.map((fold) => [fold.startLine, fold.endLine]),
      [
        [0, 2],
        [4, 5],
      ],
    );
  });

  it('formats a document into canonical form', async () => {
    const uri = freshUri();
    const text = '###   r\n(  acme   OR "acme corp" )  AND   NOT lang:fr\n\n\n';
    await client.open(uri, text);
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(applyEdits(text, edits ?? []), '### r\n(acme OR "acme corp") AND NOT lang:fr\n');
  });

  it('fixes an operand-limit error with the split quick fix', async () => {
    const uri = freshUri();
    const text = `### big\n${orOf(120)}\n`;
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    })) as CodeAction[];
    const split = actions.find((action) => action.title.startsWith('Split rule'));
    assert.ok(split, JSON.stringify(actions));
    assert.equal(split.isPreferred, true);
    const fixed = applyEdits(text, split.edit!.changes![uri]!);
    const fixedUri = freshUri('fixed');
    await client.open(fixedUri, fixed);
    const after = await client.diagnostics(fixedUri);
    assert.ok(
      !after.some((diagnostic) => diagnostic.code === 'operand-limit'),
      JSON.stringify(after),
    );
    assert.match(fixed, /### big-3/);
  });

  it('says why a rule cannot be split and offers no split', async () => {
    const uri = freshUri();
    await client.open(uri, `### car\ncar AND NOT (${orOf(55)})\n`);
    const diagnostics = await client.diagnostics(uri);
    const limit = diagnostics.find((diagnostic) => diagnostic.code === 'operand-limit');
    assert.match(
      messageOf(limit!),
      /cannot be split automatically: .*NOT \(a OR b\) means NOT a AND NOT b/,
    );
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: limit!.range,
      context: { diagnostics: [limit!] },
    })) as CodeAction[];
    assert.ok(!actions.some((action) => action.title.startsWith('Split')));
  });

  it('offers the upper-case quick fix for a lower-case operator', async () => {
    const uri = freshUri();
    const text = '### r\nacme and rocket\n';
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    })) as CodeAction[];
    const preferred = actions.find((action) => action.isPreferred);
    assert.equal(applyEdits(text, preferred!.edit!.changes![uri]!), '### r\nacme AND rocket\n');
  });

  it('shuts down and exits with status 0', async () => {
    const code = await client.close();
    assert.equal(code, 0);
    client = await startClient();
  });
});
