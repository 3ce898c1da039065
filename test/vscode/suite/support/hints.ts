// A document's inlay hints as the in-editor tests read them: every hint VS Code would show,
// asked through the providers as VS Code asks them, each with its label as text.
import * as vscode from 'vscode';

/** A hint's label as the editor shows it (a label of parts is their values joined). */
export const labelOf = (hint: vscode.InlayHint): string =>
  typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');

/** Every inlay hint of the whole document. */
export function inlayHintsOf(document: vscode.TextDocument): Thenable<vscode.InlayHint[]> {
  return vscode.commands.executeCommand<vscode.InlayHint[]>(
    'vscode.executeInlayHintProvider',
    document.uri,
    new vscode.Range(0, 0, document.lineCount, 0),
  );
}

/** The hints by the line they are on (the lab's count ends a rule's header line). */
export async function hintsByLine(
  document: vscode.TextDocument,
): Promise<Map<number, vscode.InlayHint>> {
  return new Map((await inlayHintsOf(document)).map((hint) => [hint.position.line, hint]));
}
