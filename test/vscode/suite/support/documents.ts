// Opening documents for tests: fixtures from the workspace, or untitled .mmq documents that the
// tests may change freely without touching files.
import * as vscode from 'vscode';
import { waitFor } from './wait';

export const EXTENSION_ID = 'media-monitoring.media-monitoring-vscode';

export function fixture(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the test workspace is not open');
  return vscode.Uri.joinPath(folder.uri, name);
}

export async function showFixture(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixture(name));
  return vscode.window.showTextDocument(document);
}

export async function showUntitled(content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'mmq', content });
  return vscode.window.showTextDocument(document);
}

/** The diagnostics of a document once `accept` holds for them. */
export function diagnosticsOf(
  uri: vscode.Uri,
  accept: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  message: string,
): Promise<readonly vscode.Diagnostic[]> {
  return waitFor(
    () => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      return accept(diagnostics) ? diagnostics : undefined;
    },
    { message },
  );
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
