import assert from 'node:assert/strict';
import {
  CodeActionKind,
  CodeActionRequest,
  DiagnosticSeverity,
  type CodeAction,
  type Diagnostic,
} from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';
import { applyEdits, messageOf, orOf } from '../support/text';

describe('code actions over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  async function openWithDiagnostics(
    text: string,
  ): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = freshUri();
    await client.open(uri, text);
    const { diagnostics } = await client.publication(uri);
    return { uri, diagnostics };
  }

  async function actionsFor(
    uri: string,
    diagnostics: Diagnostic[],
    only?: string[],
  ): Promise<CodeAction[]> {
    const result = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics, ...(only ? { only } : {}) },
    });
    return (result ?? []) as CodeAction[];
  }

  const operandLimit = (diagnostics: readonly Diagnostic[]) =>
    diagnostics.filter((diagnostic) => diagnostic.code === 'operand-limit');

  it('splits an over-limit rule into rules that pass', async () => {
    const text = `// @stream s\n\n### big // the big one\n${orOf(120)}\n\n### next\nacme\n`;
    const { uri, diagnostics } = await openWithDiagnostics(text);
    // The diagnostic at the 51st operand (line 3), not the header's.
    const limit = operandLimit(diagnostics).filter(
      (diagnostic) => diagnostic.range.start.line === 3,
    );
    assert.equal(limit.length, 1);
    const actions = await actionsFor(uri, limit);
    const split = actions.find((action) => action.title.startsWith('Split rule `big`'));
    assert.ok(split, JSON.stringify(actions));
    assert.equal(split.title, 'Split rule `big` into 3 rules of at most 50 operands');
    assert.equal(split.kind, CodeActionKind.QuickFix);
    assert.equal(split.isPreferred, true);
    assert.deepEqual(split.diagnostics, limit);
    const fixed = applyEdits(text, split.edit!.changes![uri]!);
    assert.match(fixed, /### big-1 \/\/ the big one\n[\s\S]*### big-3/);
    assert.match(fixed, /### next\nacme\n$/);

    const fixedUri = freshUri('fixed');
    await client.open(fixedUri, fixed);
    const after = await client.publication(fixedUri);
    assert.deepEqual(operandLimit(after.diagnostics), [], JSON.stringify(after.diagnostics));
  });

  it('marks the header of an over-limit rule, and offers the split from there too', async () => {
    const text = `// @stream s\n\n### big // the big one\n${orOf(30)}\n${orOf(30, 'x')}\n`;
    const { uri, diagnostics } = await openWithDiagnostics(text);
    const [header, crossing, ...others] = operandLimit(diagnostics);
    assert.ok(header && crossing && others.length === 0, JSON.stringify(diagnostics));
    assert.deepEqual(header.range, {
      start: { line: 2, character: 0 },
      end: { line: 2, character: 7 },
    });
    assert.equal(header.severity, DiagnosticSeverity.Error);
    assert.match(messageOf(header), /^rule big has 60 operands \(limit 50\): split it/);
    assert.equal(crossing.range.start.line, 4);

    const fromHeader = await actionsFor(uri, [header]);
    assert.deepEqual(
      fromHeader.map((action) => [action.title, action.isPreferred, action.diagnostics]),
      [['Split rule `big` into 2 rules of at most 50 operands', true, [header]]],
    );
    // A selection over the whole rule sends both of its diagnostics: still one split.
    const fromBoth = await actionsFor(uri, [header, crossing]);
    assert.equal(fromBoth.filter((action) => action.title.startsWith('Split')).length, 1);
  });

  it('offers no split when there is none, and both diagnostics say why', async () => {
    const { uri, diagnostics } = await openWithDiagnostics(`### car\ncar AND NOT (${orOf(55)})\n`);
    const limits = operandLimit(diagnostics);
    assert.equal(limits.length, 2);
    for (const limit of limits)
      assert.match(
        messageOf(limit),
        /cannot be split automatically: .*NOT \(a OR b\) means NOT a AND NOT b/,
      );
    const actions = await actionsFor(uri, limits);
    assert.ok(!actions.some((action) => action.title.startsWith('Split')), JSON.stringify(actions));
  });

  it('offers the fixes analysis attached, the preferred one marked', async () => {
    const text = '### r\nacme and rocket\n';
    const { uri, diagnostics } = await openWithDiagnostics(text);
    const actions = await actionsFor(uri, diagnostics);
    assert.deepEqual(
      actions.map((action) => [action.title, action.isPreferred]),
      [
        ['Change `and` to `AND`', true],
        ['Search for the word `and`', false],
      ],
    );
    assert.equal(applyEdits(text, actions[0]!.edit!.changes![uri]!), '### r\nacme AND rocket\n');
  });

  it('offers nothing when the client asks only for other kinds', async () => {
    const { uri, diagnostics } = await openWithDiagnostics('### r\nacme and rocket\n');
    assert.deepEqual(await actionsFor(uri, diagnostics, [CodeActionKind.Refactor]), []);
    assert.equal((await actionsFor(uri, diagnostics, [CodeActionKind.QuickFix])).length, 2);
  });

  it('offers nothing for a diagnostic of an older version of the text', async () => {
    const { uri, diagnostics } = await openWithDiagnostics('### r\nacme and rocket\n');
    await client.change(uri, 2, { text: '### r\nsome more words and rocket\n' });
    await client.publication(uri, (params) => params.version === 2);
    assert.deepEqual(await actionsFor(uri, diagnostics), []);
  });
});
