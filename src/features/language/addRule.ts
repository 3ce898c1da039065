// Adds a rule to a query file: after the rule it was drilled from, or into a new untitled file
// when the query came from a selection or was typed. The file is then shown at the new rule.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { RuleSource } from '../../shell/ports';
import { rulesOf } from './ruleRequests';

export async function addRule(
  client: LanguageClient,
  source: RuleSource | undefined,
  id: string,
  query: string,
): Promise<void> {
  const text = `### ${id}\n${query}\n`;
  if (!source) {
    const document = await vscode.workspace.openTextDocument({ language: 'mmq', content: text });
    await vscode.window.showTextDocument(document);
    return;
  }
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(source.uri));
  const rules = await rulesOf(client, document);
  const rule = rules?.rules.find((candidate) => candidate.id === source.ruleId);
  // After the rule (its extent ends where the next header starts, or within its last line), with
  // a blank line on either side; or at the end of the file when the rule is gone.
  const end = rule?.extent.end;
  const line = end ? (end.character === 0 ? end.line : end.line + 1) : document.lineCount;
  let at: vscode.Position;
  let insertion: string;
  if (line < document.lineCount) {
    at = new vscode.Position(line, 0);
    const blankBefore = line > 0 && document.lineAt(line - 1).isEmptyOrWhitespace;
    insertion = `${blankBefore ? '' : '\n'}${text}\n`;
  } else {
    at = document.lineAt(document.lineCount - 1).range.end;
    const blankBefore =
      document.lineCount > 1 && document.lineAt(document.lineCount - 2).isEmptyOrWhitespace;
    insertion = at.character !== 0 ? `\n\n${text}` : blankBefore ? text : `\n${text}`;
  }
  const header = at.line + (insertion.startsWith('\n\n') ? 2 : insertion.startsWith('\n') ? 1 : 0);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, at, insertion);
  await vscode.workspace.applyEdit(edit);
  // Where the file is already shown, not in the panel's column beside it.
  const shown = vscode.window.visibleTextEditors.find(
    (visible) => visible.document.uri.toString() === document.uri.toString(),
  );
  const editor = await vscode.window.showTextDocument(
    document,
    shown?.viewColumn === undefined ? undefined : { viewColumn: shown.viewColumn },
  );
  editor.selection = new vscode.Selection(header, 0, header, 0);
  editor.revealRange(new vscode.Range(header, 0, header + 1, 0));
}
