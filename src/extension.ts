// Activation: makes the shell's context (shell/ctx.ts owns and disposes every part), the features
// and their one command table (composition.ts), and starts what runs in the background. Features
// load their bundles on first use, so activation stays small and fast. In the in-editor tests
// (extension mode Test) it returns the test hooks (testing/testHooks.ts, their own bundle).
import * as vscode from 'vscode';
import { commandTable, makeFeatures } from './composition';
import { lazyBundle } from './shell/bundles';
import { registerCommands } from './shell/commands/table';
import { Ctx } from './shell/ctx';
import type { LanguageFeature } from './features/language/languageFeature';
import type { TailsFeature } from './features/tails/tailsFeature';
import type { MediaMonitoringApi } from './testing/testHooks';

/** How long after activation the connection opens (see below). */
const CONNECT_AFTER_MS = 1_000;

const testHooksBundle = lazyBundle<typeof import('./testing/testHooks')>('testHooks.js');

let current: { tails: TailsFeature; language: LanguageFeature } | undefined;

export function activate(context: vscode.ExtensionContext): MediaMonitoringApi | undefined {
  const started = performance.now();
  const ctx = new Ctx(context);
  context.subscriptions.push(ctx);
  const features = makeFeatures(ctx);
  context.subscriptions.push(...registerCommands(commandTable(ctx, features)));
  current = features;
  connectSoon(ctx);
  features.tails.restore();
  const activationMs = performance.now() - started;
  ctx.log.info(`Media Monitoring activated in ${activationMs.toFixed(1)} ms`);
  return context.extensionMode === vscode.ExtensionMode.Test
    ? testHooksBundle().testHooks(ctx, features, activationMs)
    : undefined;
}

export async function deactivate(): Promise<void> {
  // Tails write what they received and keep their checkpoints, to start again in the next window.
  await Promise.all([current?.tails.close(), current?.language.stop()]);
  current = undefined;
}

/**
 * Connects a moment after activation: with no base URL this starts the embedded sandbox, and
 * loading the client's bundle and the sandbox's worker then leaves VS Code's own start-up and
 * whatever activated us to go first. A view or command that needs data connects at once.
 */
function connectSoon(ctx: Ctx): void {
  const timer = setTimeout(() => {
    ctx.connection
      .client()
      .catch((error: unknown) =>
        ctx.log.warn(`not connected: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, CONNECT_AFTER_MS);
  ctx.own({ dispose: () => clearTimeout(timer) });
}
