import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsOf, showFixture, showUntitled } from './support/documents';
import { completionLabels } from './support/completion';
import { screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

const hasLimit = (diagnostics: readonly vscode.Diagnostic[]) =>
  diagnostics.some((diagnostic) => diagnostic.code === 'operand-limit');

describe('the .mmq language in VS Code', () => {
  afterEach(closeAllEditors);

  it('shows the operand-limit error of a 51-operand rule in the Problems view', async () => {
    const editor = await showFixture('over-limit.mmq');
    const diagnostics = await diagnosticsOf(
      editor.document.uri,
      hasLimit,
      'operand-limit on over-limit.mmq',
    );
    // The rule's header has one too (its message names the rule); this is the 51st operand's.
    const limit = diagnostics.find(
      (diagnostic) => diagnostic.code === 'operand-limit' && diagnostic.range.start.line > 0,
    )!;
    assert.equal(limit.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(limit.source, 'mmq');
    assert.equal(editor.document.getText(limit.range), 'product51');
    assert.match(limit.message, /51 operands/);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('02-problems-operand-limit');
  });

  it('marks the header of an over-limit rule too, so the error shows where the file opens', async () => {
    const editor = await showFixture('over-limit.mmq');
    const diagnostics = await diagnosticsOf(
      editor.document.uri,
      hasLimit,
      'operand-limit on over-limit.mmq',
    );
    const header = diagnostics.find(
      (diagnostic) =>
        diagnostic.code === 'operand-limit' &&
        editor.document.lineAt(diagnostic.range.start.line).text.startsWith('###'),
    );
    assert.ok(header, diagnostics.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'));
    assert.equal(header.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(header.range.start.line < 5, `the header is on line ${header.range.start.line}`);
    assert.match(header.message, /51 operands \(limit 50\)/);
    await screenshot('05-operand-limit-on-header');
  });

  it('fixes the operand-limit error with the split quick fix', async () => {
    const source = (
      await vscode.workspace.openTextDocument((await showFixture('over-limit.mmq')).document.uri)
    ).getText();
    const editor = await showUntitled(source);
    const diagnostics = await diagnosticsOf(
      editor.document.uri,
      hasLimit,
      'operand-limit on the untitled copy',
    );
    const limit = diagnostics.find((diagnostic) => diagnostic.code === 'operand-limit')!;
    let offered: readonly vscode.CodeAction[] = [];
    // The server answers for the version it has; right after the content arrived that can be
    // the empty document the untitled one started as. Ask until the answer fits the content.
    const split = await eventually(
      async () => {
        offered = await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          editor.document.uri,
          limit.range,
          vscode.CodeActionKind.QuickFix.value,
        );
        return offered.find((action) => action.title.startsWith('Split rule') && action.edit);
      },
      {
        get what() {
          return `a split action; offered: ${offered.map((action) => action.title).join(', ')}`;
        },
      },
    );
    assert.ok(split.edit);
    assert.ok(await vscode.workspace.applyEdit(split.edit));
    await diagnosticsOf(
      editor.document.uri,
      (after) => !hasLimit(after),
      'operand-limit to disappear after the split',
    );
    assert.match(editor.document.getText(), /^### too-many-1$/m);
    assert.match(editor.document.getText(), /^### too-many-2$/m);
    // The Problems panel refreshes on a throttle; the editor and status bar show the new state.
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await screenshot('03-after-split');
  });

  it('completes source types after `sourcetype:`', async () => {
    const editor = await showUntitled('### r\nacme sourcetype:');
    const end = editor.document.lineAt(1).range.end;
    editor.selection = new vscode.Selection(end, end);
    const labels = await completionLabels(editor, end, 'ONLINENEWS');
    assert.ok(labels.includes('ONLINENEWS'), labels.join(', '));
    assert.ok(labels.includes('SOCIALMEDIA_TWITTER'));
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screenshot('04-completion-sourcetype');
  });

  it('shows the operand count on hover', async () => {
    const editor = await showFixture('brand.mmq');
    const position = new vscode.Position(3, 2);
    const hovers = await eventually(
      async () => {
        const result = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          editor.document.uri,
          position,
        );
        return result.length > 0 ? result : undefined;
      },
      { what: 'a hover on the first rule' },
    );
    const text = hovers
      .flatMap((hover) =>
        hover.contents.map((content) => (typeof content === 'string' ? content : content.value)),
      )
      .join('\n');
    assert.match(text, /3 \/ 50 operands/);
  });
});
