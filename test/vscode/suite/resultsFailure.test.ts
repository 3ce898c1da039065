// A run that fails in a panel that showed an answer: the panel shows the failure (what was asked,
// which call, why, and what helps) and none of the old answer under the new run's title; Retry
// tries again, Use the Sandbox brings an answer back.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { closeAllEditors, fixture } from './support/documents';
import { backToTheSandbox, extensionApi } from './support/extension';
import { click, lensCommand } from './support/lenses';
import { inWebview, screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

/** A port nothing listens on: one the OS handed out, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function runLens(uri: vscode.Uri, title: RegExp): Promise<void> {
  await click(await lensCommand(uri, title));
}

/** Waits until the webview shows `selector`; its text. */
function shown(selector: string, message: string): Promise<string> {
  return eventually(
    async () => {
      const answer = await inWebview(selector);
      return answer.count > 0 ? answer.text || ' ' : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: message },
  );
}

const resultsTabLabel = () =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find(
      (tab) =>
        tab.input instanceof vscode.TabInputWebview &&
        tab.input.viewType.endsWith('mediaMonitoring.results'),
    )?.label;

describe('a run that fails in the results panel', () => {
  after(closeAllEditors);

  it('shows the failure, not the last answer under the new title; Retry tries again and Use the Sandbox brings an answer back', async function () {
    // Three runs, two connections that fail and one to the sandbox.
    this.timeout(240_000);
    const api = await extensionApi();
    await closeAllEditors();
    const uri = fixture('results.mmq');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await runLens(uri, /^Results$/);
    await shown('.documents > .document', 'the sandbox’s results in the panel');
    assert.equal(resultsTabLabel(), 'acme-watch · Results');

    const port = await closedPort();
    const failure = '[role="alert"].failed';
    try {
      process.env.MEDIA_MONITORING_TOKEN = 'a-test-token';
      await vscode.workspace
        .getConfiguration('mediaMonitoring')
        .update('baseUrl', `http://127.0.0.1:${port}`, vscode.ConfigurationTarget.Global);
      await eventually(() => api.connection.state.kind === 'failed', {
        timeoutMs: 60_000,
        what: 'the connection to the closed port to fail',
      });

      await runLens(uri, /^Histogram/);
      const said = await shown(failure, 'the failure in the panel');
      // The call the run makes, not the connection check's.
      assert.match(said, /GET \/api\/v1\/search\/p\/7c1e-demo\/histogram\/published was not sent/);
      assert.match(said, new RegExp(`Could not reach 127\\.0\\.0\\.1:${port}`));
      // What was asked: the rule, the type, the project and the query.
      assert.equal((await inWebview('h1')).text, 'acme-watch · Histogram: published');
      // The project's name needs the service: its id stands in.
      assert.equal((await inWebview('.facts .target')).text, 'project 7c1e-demo');
      assert.equal((await inWebview('.query')).text, 'acme OR globex');
      // Nothing of the last answer, and a title that claims none.
      assert.equal((await inWebview('.documents')).count, 0);
      assert.equal((await inWebview('.controls')).count, 0);
      assert.equal(resultsTabLabel(), 'Failed: acme-watch · Histogram: published');
      const actions = async () =>
        (await inWebview(`${failure} .failure-actions`)).text.replace(/\s+/g, ' ').trim();
      assert.equal(await actions(), 'Retry Set Access Token Use the Sandbox');
      await screenshot('3b-results-failed-run');

      // Retry while the port is still closed: the connection is tried again, and fails again.
      const states: string[] = [];
      const watching = api.connection.onDidChange((state) => states.push(state.kind));
      try {
        await inWebview(`${failure} button:has-text("Retry")`, { click: true });
        await eventually(() => states.includes('connecting') && states.at(-1) === 'failed', {
          timeoutMs: 60_000,
          what: 'Retry to connect again and fail again',
        });
      } finally {
        watching.dispose();
      }
      assert.match(await shown(failure, 'the failure again'), /histogram\/published was not sent/);
      assert.equal((await inWebview('.documents')).count, 0);

      // Use the Sandbox asks first (answered here), switches, and runs the histogram there.
      api.answerNextQuestions('Use the Sandbox');
      await inWebview(`${failure} button:has-text("Use the Sandbox")`, { click: true });
      await shown('.time-chart canvas', 'the histogram from the sandbox');
      assert.equal((await inWebview(failure)).count, 0);
      assert.equal(resultsTabLabel(), 'acme-watch · Histogram: published');
      assert.equal(api.connection.state.kind === 'connected' && api.connection.state.sandbox, true);
      await screenshot('3c-results-back-from-the-sandbox');

      // Copy as curl against the sandbox writes its token: the copied command works as it is.
      await vscode.env.clipboard.writeText('');
      await inWebview('button:has-text("Copy as curl")', { click: true });
      const copied = await eventually(
        async () => (await vscode.env.clipboard.readText()) || undefined,
        {
          what: 'the curl command on the clipboard',
        },
      );
      const url = /^curl '([^']+)'$/.exec(copied)?.[1];
      assert.ok(url, copied);
      assert.doesNotMatch(url, /access_token=\*\*\*/);
      const answer = await fetch(url);
      assert.equal(answer.status, 200, await answer.clone().text());
      assert.ok(((await answer.json()) as { result_histogram?: unknown }).result_histogram);
    } finally {
      await backToTheSandbox(api);
    }
  });
});
