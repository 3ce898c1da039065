// Documents for the in-editor tests: fixtures from the test workspace (test/vscode/workspace/,
// the folder the harness opens), or untitled .mmq documents the tests may change freely without
// touching files.
import * as vscode from 'vscode';
import { eventually } from '../../../support/eventually';

/** `publisher.name` of the extension under test, as in package.json. */
export const EXTENSION_ID = 'media-monitoring.media-monitoring-vscode';

/** The URI of a file of the test workspace, e.g. `fixture('brand.mmq')`. */
export function fixture(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open: run the suite through the harness');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Opens a fixture as a document, without showing it. */
export function openFixture(name: string): Thenable<vscode.TextDocument> {
  return vscode.workspace.openTextDocument(fixture(name));
}

/** Opens a fixture in the active editor. */
export async function showFixture(name: string): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await openFixture(name));
}

let untitled = 0;

/**
 * Opens a new untitled .mmq document holding `content` in the active editor. Each gets a name of
 * its own: `openTextDocument({ content })` reuses `Untitled-1` once a test closed it, and was seen
 * to hand back the earlier test's document, text and all.
 */
export async function showUntitled(content: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `/test-${++untitled}.mmq` });
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  if (!(await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), content))))
    throw new Error(`could not write the content of ${uri.toString()}`);
  if (editor.document.getText() !== content || editor.document.languageId !== 'mmq')
    throw new Error(`${uri.toString()} is not a fresh .mmq document`);
  return editor;
}

/** The diagnostics of a document once `accept` holds for them (waits up to 20 s). */
export function diagnosticsOf(
  uri: vscode.Uri,
  accept: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  message: string,
): Promise<readonly vscode.Diagnostic[]> {
  return eventually(
    () => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      return accept(diagnostics) ? diagnostics : undefined;
    },
    { what: message },
  );
}

/** Closes every editor, discarding the changes of untitled documents (the tests' own). */
export async function closeAllEditors(): Promise<void> {
  // Closing a changed untitled document asks whether to save it: a dialog, which VS Code's test
  // driver refuses, leaving the editor open. Each is reverted and closed first.
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isUntitled || !document.isDirty) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
