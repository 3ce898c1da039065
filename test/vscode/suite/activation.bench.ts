// Measures the extension's one real activation in a fresh extension host, before any .mmq file
// is open: first loading dist/extension.js (require), then VS Code's activation of it, which
// reuses the loaded module and so times activate() itself. Run by `npm run bench`
// (VSCODE_SUITE=bench), once per fresh VS Code; it asserts nothing, it reports.
import { createRequire } from 'node:module';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { EXTENSION_ID } from './support/documents';
import { lensCommand } from './support/lenses';
import { eventually } from '../../support/eventually';
import { settled } from './support/quiet';

/** Resolves once the Projects tree has projects (the embedded sandbox answered). */
async function projectsShown(api: MediaMonitoringApi): Promise<void> {
  await eventually(
    async () =>
      api.connection.state.kind === 'connected' &&
      (await api.sidebar.projects.getChildren()).some((node) => node.kind === 'project'),
    { timeoutMs: 120_000, intervalMs: 10, what: 'projects in the tree' },
  );
}

/**
 * From a click on a rule's Histogram lens to its chart drawn in the results panel, against the
 * embedded sandbox: the first click (the panels' bundle loads, the panel opens) and the next ones
 * (the same panel, a new answer).
 */
async function lensToChart(api: MediaMonitoringApi): Promise<void> {
  const document = await vscode.workspace.openTextDocument({
    language: 'mmq',
    content: '// @project 7c1e-demo\n\n### bench\nacme OR globex\n',
  });
  await vscode.window.showTextDocument(document);
  const lens = await lensCommand(document.uri, /^Histogram/, 60_000);
  const click = async (): Promise<number> => {
    const drawn = new Promise<number>((resolve) => {
      const listener = api.onDidDrawResults(() => {
        listener.dispose();
        resolve(performance.now());
      });
    });
    const clicked = performance.now();
    await vscode.commands.executeCommand(lens.command, ...(lens.arguments ?? []));
    return (await drawn) - clicked;
  };
  const first = await click();
  const next: number[] = [];
  for (let run = 0; run < 5; run++) next.push(await click());
  next.sort((a, b) => a - b);
  console.log(
    `BENCH lensToChart first ms=${first.toFixed(0)} next ms=${(next[2] ?? NaN).toFixed(0)}`,
  );
}

describe('activate() benchmark', () => {
  it('measures loading and activation', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    if (!extension) throw new Error(`extension ${EXTENSION_ID} not found`);
    if (extension.isActive)
      throw new Error('already active: the measurement needs a fresh extension host');
    // Measure the extension, not VS Code's own start-up competing for the same cores.
    await settled();
    const main = `${extension.extensionPath}/dist/extension.js`;
    const loadStarted = performance.now();
    createRequire(main)(main);
    const loadMs = performance.now() - loadStarted;
    const started = performance.now();
    const api = (await extension.activate()) as MediaMonitoringApi;
    // VS Code's activation makes the extension's context (state, secrets) before it calls
    // activate(): the whole is reported beside activate() itself.
    console.log(
      `BENCH load ms=${loadMs.toFixed(2)} activate ms=${api.activationMs.toFixed(2)} activation ms=${(performance.now() - started).toFixed(2)}`,
    );
    // Time to data: from activation to the first projects in the tree. A fresh profile has no
    // kept corpus, so this is a first start; a sandbox restart then starts from the kept one.
    await projectsShown(api);
    const firstMs = performance.now() - started;
    // Stopping waits for the kept corpus to be written (sandbox/server.ts close()).
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.stop');
    const restarted = performance.now();
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.start');
    await projectsShown(api);
    console.log(
      `BENCH firstProjects ms=${firstMs.toFixed(0)} restartProjects ms=${(performance.now() - restarted).toFixed(0)}`,
    );
    await lensToChart(api);
  });
});
