// Commands about the connection: the sandbox, the token, reconnecting, credits, the log.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import type { TokenStore } from '../connection/token';
import type { CreditsStatus } from '../status/creditsStatus';

export function registerConnectionCommands(
  connection: Connection,
  tokens: TokenStore,
  credits: CreditsStatus,
  log: vscode.LogOutputChannel,
): vscode.Disposable[] {
  const failed = (what: string) => (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`${what}: ${message}`);
    void vscode.window.showErrorMessage(`Media Monitoring: ${what}: ${message}`);
  };
  return [
    vscode.commands.registerCommand('mediaMonitoring.sandbox.start', () =>
      connection.startSandbox().catch(failed('could not start the sandbox')),
    ),
    vscode.commands.registerCommand('mediaMonitoring.sandbox.stop', () =>
      connection.stopSandbox().catch(failed('could not stop the sandbox')),
    ),
    vscode.commands.registerCommand('mediaMonitoring.sandbox.reset', async () => {
      const choice = await vscode.window.showWarningMessage(
        'Reset the sandbox? Its streams, collectors with their documents, export tasks, custom metrics and used credits are cleared.',
        { modal: true },
        'Reset',
      );
      if (choice !== 'Reset') return;
      try {
        await connection.resetSandbox();
        await vscode.commands.executeCommand('mediaMonitoring.refreshAll');
      } catch (error: unknown) {
        failed('could not reset the sandbox')(error);
      }
    }),
    vscode.commands.registerCommand('mediaMonitoring.token.set', async () => {
      const token = await vscode.window.showInputBox({
        title: 'Media Monitoring access token',
        prompt: 'Stored in VS Code’s secret storage, never in settings or logs.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) =>
          value.trim() === ''
            ? 'Paste the token of your API application'
            : /\s/.test(value.trim())
              ? 'A token has no spaces'
              : undefined,
      });
      if (token === undefined) return;
      await tokens.set(token.trim());
      await connection.reconnect();
    }),
    vscode.commands.registerCommand('mediaMonitoring.token.clear', async () => {
      await tokens.clear();
      await connection.reconnect();
      void vscode.window.showInformationMessage(
        'Media Monitoring: the stored access token was removed.',
      );
    }),
    vscode.commands.registerCommand('mediaMonitoring.reconnect', () => connection.reconnect()),
    vscode.commands.registerCommand('mediaMonitoring.credits.refresh', () => credits.refresh()),
  ];
}
