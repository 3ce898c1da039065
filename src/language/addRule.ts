// Adds a rule to a query file: after the rule it was drilled from, or into a new untitled file
// when the query came from a selection or was typed. The file is then shown at the new rule.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { RunSource } from '../results/runSpec';
import { rulesOf } from './rules';

export async function addRule(
  client: LanguageClient,
  source: RunSource | undefined,
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
  // After the rule's last line, or at the end of the file when the rule is gone.
  const line = rule ? rule.extent.end.line + 1 : document.lineCount;
  const at =
    line < document.lineCount
      ? new vscode.Position(line, 0)
      : document.lineAt(document.lineCount - 1).range.end;
  const insertion = at.character === 0 ? `\n${text}` : `\n\n${text}`;
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, at, insertion);
  await vscode.workspace.applyEdit(edit);
  const editor = await vscode.window.showTextDocument(document);
  const header = at.line + (at.character === 0 ? 1 : 2);
  editor.selection = new vscode.Selection(header, 0, header, 0);
  editor.revealRange(new vscode.Range(header, 0, header + 1, 0));
}
