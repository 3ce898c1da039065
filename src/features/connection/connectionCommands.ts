// Commands about the connection: the sandbox, the token, reconnecting, credits. Each says what
// it did: a confirmation, progress while it works, or why it could not.
import * as vscode from 'vscode';
import { readConnectionSettings, SECTION } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { CreditsPort } from '../../shell/ports';
import type { CommandArea } from '../../shell/commands/table';

export function connectionCommands(ctx: Ctx, credits: CreditsPort) {
  const { connection, runner } = ctx;
  /**
   * Connects (by `connect`, a reconnect by default) with a spinner in the status bar; confirms
   * when connected (a failure is announced by notices.ts).
   */
  const connect = async (
    connected: (target: string) => string,
    how: () => Promise<void> = () => connection.reconnect(),
  ) => {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Media Monitoring: connecting…' },
      how,
    );
    const state = connection.state;
    if (state.kind === 'connected') runner.done(connected(state.target));
  };
  return {
    'mediaMonitoring.sandbox.start': () =>
      runner.guard('could not start the sandbox', () =>
        connect(
          () => 'The sandbox is running',
          () => connection.startSandbox(),
        ),
      ),
    'mediaMonitoring.sandbox.stop': () =>
      runner.guard('could not stop the sandbox', async () => {
        await connection.stopSandbox();
        runner.done('The sandbox is stopped');
      }),
    'mediaMonitoring.sandbox.reset': () =>
      runner.guard('could not reset the sandbox', async () => {
        const choice = await ctx.questions.ask(
          'Reset the sandbox?',
          'What it kept is deleted: its streams, collectors with their documents, uploaded documents, custom metrics, export tasks, used credits and its clock. It then starts again from its settings.',
          'Reset',
        );
        if (choice !== 'Reset') return;
        await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'Resetting the sandbox…' },
          () => connection.resetSandbox(),
        );
        await vscode.commands.executeCommand('mediaMonitoring.refreshAll');
        await credits.refresh();
        runner.done(
          'The sandbox is reset: no streams, collectors, uploads, custom metrics or tasks, all its credits',
        );
      }),
    'mediaMonitoring.token.set': async () => {
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
      await ctx.tokens.set(token.trim());
      if (readConnectionSettings().baseUrl === '') {
        runner.done('Access token saved');
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
      await connect((target) => `Access token saved; connected to ${target}`);
    },
    'mediaMonitoring.token.clear': async () => {
      await ctx.tokens.clear();
      await connection.reconnect();
      void vscode.window.showInformationMessage(
        'Media Monitoring: the stored access token was removed.',
      );
    },
    'mediaMonitoring.reconnect': () => connect((target) => `Connected to ${target}`),
    'mediaMonitoring.useSandbox': async () => {
      const baseUrl = readConnectionSettings().baseUrl;
      if (baseUrl !== '') {
        const choice = await ctx.questions.ask(
          `Work with the embedded sandbox instead of ${baseUrl}?`,
          'This clears mediaMonitoring.baseUrl in your user settings. A stored access token stays stored; set the address again to go back.',
          'Use the Sandbox',
        );
        if (choice !== 'Use the Sandbox') return;
        // The settings change reconnects (connectionFeature.ts); wait for it to say so.
        await vscode.workspace
          .getConfiguration(SECTION)
          .update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      }
      await connect(() => 'Working with the embedded sandbox');
    },
    'mediaMonitoring.credits.refresh': async () => {
      await credits.refresh();
      if (connection.state.kind === 'connected') runner.done('Credits refreshed');
    },
  } satisfies CommandArea;
}
