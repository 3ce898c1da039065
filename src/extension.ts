// Composition root of the extension: creates each long-lived part once and registers it with
// the extension context, so VS Code disposes everything on deactivation.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createLanguageClient } from './languageClient';

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Media Monitoring', { log: true });
  context.subscriptions.push(log);

  client = createLanguageClient(context, log);
  context.subscriptions.push(client);
  context.subscriptions.push(
    vscode.commands.registerCommand('mediaMonitoring.restartLanguageServer', async () => {
      log.info('restarting the language server');
      await client?.restart();
    }),
    vscode.commands.registerCommand('mediaMonitoring.showLog', () => log.show(true)),
  );
  // Start without awaiting: activation must stay fast, and the client queues requests until
  // the server is ready. A start failure is logged where the user can find it.
  client.start().catch((error: unknown) => {
    log.error('the language server failed to start', error);
    void vscode.window.showErrorMessage(
      'Media Monitoring: the .mmq language server failed to start. See the "Media Monitoring" output.',
    );
  });
  log.info('Media Monitoring activated');
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
