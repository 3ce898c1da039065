// Commands about the connection: the sandbox, the token, reconnecting, credits, the log. Each
// says what it did: a confirmation, progress while it works, or why it could not.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import { readConnectionSettings, SECTION } from '../connection/settings';
import type { TokenStore } from '../connection/token';
import type { Feedback } from '../feedback';
import type { CreditsStatus } from '../status/creditsStatus';
import type { Questions } from '../ui/questions';

export function registerConnectionCommands(
  connection: Connection,
  tokens: TokenStore,
  credits: CreditsStatus,
  feedback: Feedback,
  questions: Questions,
  log: vscode.LogOutputChannel,
): vscode.Disposable[] {
  const failed = (what: string) => (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`${what}: ${message}`);
    void vscode.window.showErrorMessage(`Media Monitoring: ${what}: ${message}`);
  };
  /**
   * Connects (by `connect`, a reconnect by default) with a spinner in the status bar; confirms
   * when connected (a failure is announced by connection/notices.ts).
   */
  const reconnect = async (
    connected: (target: string) => string,
    connect: () => Promise<void> = () => connection.reconnect(),
  ) => {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Media Monitoring: connecting…' },
      connect,
    );
    const state = connection.state;
    if (state.kind === 'connected') feedback.done(connected(state.target));
  };
  return [
    vscode.commands.registerCommand('mediaMonitoring.sandbox.start', () =>
      reconnect(
        () => 'The sandbox is running',
        () => connection.startSandbox(),
      ).catch(failed('could not start the sandbox')),
    ),
    vscode.commands.registerCommand('mediaMonitoring.sandbox.stop', () =>
      connection
        .stopSandbox()
        .then(() => feedback.done('The sandbox is stopped'))
        .catch(failed('could not stop the sandbox')),
    ),
    vscode.commands.registerCommand('mediaMonitoring.sandbox.reset', async () => {
      const choice = await questions.ask(
        'Reset the sandbox?',
        'Its streams, collectors with their documents, export tasks, custom metrics and used credits are cleared.',
        'Reset',
      );
      if (choice !== 'Reset') return;
      try {
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'Resetting the sandbox…' },
          () => connection.resetSandbox(),
        );
        await vscode.commands.executeCommand('mediaMonitoring.refreshAll');
        await credits.refresh();
        feedback.done(
          'The sandbox is reset: streams, collectors, tasks and credits as at its start',
        );
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
      if (readConnectionSettings().baseUrl === '') {
        feedback.done('Access token saved');
        const choice = await vscode.window.showInformationMessage(
          'Media Monitoring: the access token is saved. You are working with the embedded sandbox, which needs none: the token is used once mediaMonitoring.baseUrl names your service.',
          'Set the Service Address',
        );
        if (choice)
          await vscode.commands.executeCommand(
            'workbench.action.openSettings',
            `${SECTION}.baseUrl`,
          );
        return;
      }
      await reconnect((target) => `Access token saved; connected to ${target}`);
    }),
    vscode.commands.registerCommand('mediaMonitoring.token.clear', async () => {
      await tokens.clear();
      await connection.reconnect();
      void vscode.window.showInformationMessage(
        'Media Monitoring: the stored access token was removed.',
      );
    }),
    vscode.commands.registerCommand('mediaMonitoring.reconnect', () =>
      reconnect((target) => `Connected to ${target}`),
    ),
    vscode.commands.registerCommand('mediaMonitoring.useSandbox', async () => {
      const baseUrl = readConnectionSettings().baseUrl;
      if (baseUrl !== '') {
        const choice = await questions.ask(
          `Work with the embedded sandbox instead of ${baseUrl}?`,
          'This clears mediaMonitoring.baseUrl in your user settings. A stored access token stays stored; set the address again to go back.',
          'Use the Sandbox',
        );
        if (choice !== 'Use the Sandbox') return;
        // The settings change reconnects (extension.ts); wait for it to say so.
        await vscode.workspace
          .getConfiguration(SECTION)
          .update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      }
      await reconnect(() => 'Working with the embedded sandbox');
    }),
    vscode.commands.registerCommand('mediaMonitoring.credits.refresh', async () => {
      await credits.refresh();
      if (connection.state.kind === 'connected') feedback.done('Credits refreshed');
    }),
  ];
}
