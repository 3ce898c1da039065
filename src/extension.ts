// Composition root of the extension. Everything created here is pushed to context.subscriptions,
// so VS Code disposes it on deactivation.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Media Monitoring', { log: true });
  context.subscriptions.push(log);
  log.info('Media Monitoring activated');
}

export function deactivate(): void {
  // Nothing to do: every resource is a subscription of the extension context.
}
