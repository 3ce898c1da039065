// A document's CodeLens as the in-editor tests use them: found by title once the language server
// has sent them, and clicked as a user clicks (its command run with its arguments).
import * as vscode from 'vscode';
import { eventually } from '../../../support/eventually';

/** The first CodeLens of `uri` whose title matches `title`, once shown. */
export function lensOf(
  uri: vscode.Uri,
  title: RegExp,
  timeoutMs?: number,
): Promise<vscode.CodeLens & { command: vscode.Command }> {
  return eventually(
    async () =>
      (
        await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          uri,
        )
      ).find(
        (lens): lens is vscode.CodeLens & { command: vscode.Command } =>
          lens.command !== undefined && title.test(lens.command.title),
      ),
    { what: `the ${String(title)} lens of ${uri.toString()}`, ...(timeoutMs ? { timeoutMs } : {}) },
  );
}

/** The command of that CodeLens: `click` runs it. */
export async function lensCommand(
  uri: vscode.Uri,
  title: RegExp,
  timeoutMs?: number,
): Promise<vscode.Command> {
  return (await lensOf(uri, title, timeoutMs)).command;
}

/** Runs a CodeLens's command as a click on it does. */
export async function click(command: vscode.Command): Promise<unknown> {
  return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}
