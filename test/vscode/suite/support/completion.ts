// Completion labels at a position, once the language server's answer holds an expected label:
// right after a document opens the server may not have it yet, and answers with nothing.
import * as vscode from 'vscode';
import { eventually } from '../../../support/eventually';

export function completionLabels(
  editor: vscode.TextEditor,
  position: vscode.Position,
  expected: string,
): Promise<string[]> {
  return eventually(
    async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        editor.document.uri,
        position,
      );
      const labels = list.items.map((item) =>
        typeof item.label === 'string' ? item.label : item.label.label,
      );
      return labels.includes(expected) ? labels : undefined;
    },
    {
      what: `${expected} among the completions at ${position.line}:${position.character} of ${editor.document.uri.toString()} v${editor.document.version}: ${JSON.stringify(editor.document.getText())}`,
    },
  );
}
