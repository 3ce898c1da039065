// Against a service (a standalone `mmq sandbox` the extension does not know as its own), a call
// that spends credits asks first: dismissing the question spends nothing and opens
// nothing; Run spends what the question said.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { DISMISS } from '../../../src/shell/questions';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { closeAllEditors, EXTENSION_ID, fixture, showUntitled } from './support/documents';
import { extensionApi } from './support/extension';
import { inWebview, screenshot, typeIntoQuickInput } from './support/screenshot';
import { hintsByLine, labelOf } from './support/hints';
import { lensCommand } from './support/lenses';
import { eventually } from '../../support/eventually';

const TOKEN = 'a-service-token-0123';
/**
 * The test reads the account's credits with a token of its own, exempt from the call limits:
 * with the extension's token its reads would take the credits endpoint's 10 calls a minute
 * from the extension (its status bar reads them too) and be refused.
 */
const READER = 'a-credits-reader-0123';
const configuration = () => vscode.workspace.getConfiguration('mediaMonitoring');

/** Credits used, read from the service directly (not through the extension's client). */
async function creditsUsed(service: CliSandbox): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/status/credits?access_token=${READER}`);
  const body = (await response.json()) as {
    result_creditinfo: { used_credits_monthly: number };
  };
  return body.result_creditinfo.used_credits_monthly;
}

/** The labels of a document's inlay hints at the end of each rule's header line, by line. */
async function countLabels(document: vscode.TextDocument): Promise<Map<number, string>> {
  const hints = await hintsByLine(document);
  return new Map([...hints].map(([line, hint]) => [line, labelOf(hint)]));
}

const histogramLens = () => lensCommand(fixture('results.mmq'), /^Histogram/);

describe('credits against a service', () => {
  let service: CliSandbox;
  let api: MediaMonitoringApi;

  before(async () => {
    api = await extensionApi();
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    assert.ok(root);
    service = await startCli(
      ['--token', TOKEN, '--unlimited-token', READER, '--docs', '2000', '--rate', '0', '--quiet'],
      join(root, 'dist/cli.js'),
    );
    void vscode.commands.executeCommand('mediaMonitoring.token.set');
    await typeIntoQuickInput(TOKEN);
    await eventually(() => api.lastConfirmation() === 'Access token saved', {
      what: 'the token to be saved',
    });
    await configuration().update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    await eventually(
      () => api.connection.state.kind === 'connected' && !api.connection.state.sandbox,
      { what: 'connected to the service' },
    );
  });

  after(async () => {
    await configuration().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mediaMonitoring.token.clear');
    await service.stop('SIGTERM');
  });

  it('a histogram asks first; dismissing spends nothing, Run spends the 10 credits it said', async () => {
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(fixture('results.mmq')),
    );
    const lens = await histogramLens();
    const before = await creditsUsed(service);

    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand(lens.command, ...(lens.arguments ?? []));
    assert.equal(api.questions().unanswered, 0, 'the question was asked');
    assert.match(api.questions().lastAsked ?? '', /costs 10 credits/);
    assert.equal(await creditsUsed(service), before, 'nothing spent after dismissing');

    api.answerNextQuestions('Run');
    await vscode.commands.executeCommand(lens.command, ...(lens.arguments ?? []));
    await eventually(async () => (await inWebview('.time-chart canvas')).count > 0, {
      timeoutMs: 60_000,
      what: 'the chart after Run',
    });
    assert.equal(await creditsUsed(service), before + 10);
    // The status bar follows what a service says was spent, as it does for the sandbox.
    const left = (100_000 - before - 10).toLocaleString('en');
    await eventually(() => api.statusText().includes(`${left} credits`), {
      what: `the status bar to say ${left} credits`,
    });
    await screenshot('34-results-from-a-service');
  });

  it("a stream's tail asks first (a credit per result, open-ended); dismissing starts nothing", async () => {
    const client = await api.connection.client();
    await client.streams.define('paid-stream', [{ rule_id: 'acme', query: 'acme' }]);
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.tail.start', {
      kind: 'stream',
      id: 'paid-stream',
      recordFolder: false,
    });
    assert.equal(api.questions().unanswered, 0, 'the question was asked');
    assert.match(
      api.questions().lastAsked ?? '',
      /^Tail stream paid-stream costs .*\n1 credit per result, for as long as the stream stays open/,
    );
    assert.equal(api.tailStatus('stream', 'paid-stream'), undefined, 'no tail started');
    api.answerNextQuestions('Run');
    await vscode.commands.executeCommand('mediaMonitoring.tail.start', {
      kind: 'stream',
      id: 'paid-stream',
      recordFolder: false,
    });
    await eventually(() => api.tailStatus('stream', 'paid-stream')?.state === 'tailing', {
      what: 'the tail after Run',
    });
    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', {
      kind: 'stream',
      id: 'paid-stream',
    });
    await client.streams.delete('paid-stream');
  });

  it("a project's live results ask first as a stream's do (their own kind of call); dismissing starts nothing", async () => {
    const tail = { kind: 'project', id: 'p-competitors', recordFolder: false };
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.tail.project', tail);
    assert.equal(api.questions().unanswered, 0, 'the question was asked');
    assert.match(
      api.questions().lastAsked ?? '',
      /^Tail the live results of project p-competitors costs .*\n1 credit per result, for as long as the live read stays open/,
    );
    assert.equal(api.tailStatus('project', 'p-competitors'), undefined, 'no tail started');
    api.answerNextQuestions('Run');
    await vscode.commands.executeCommand('mediaMonitoring.tail.project', tail);
    await eventually(() => api.tailStatus('project', 'p-competitors')?.state === 'tailing', {
      what: 'the tail after Run',
    });
    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', tail);
    // A tail stopped before any result leaves no status at all.
    assert.equal(api.tailStatus('project', 'p-competitors')?.state ?? 'stopped', 'stopped');
  });
  it('the query lab against a service counts only on a click, asked first; dismissing spends nothing', async () => {
    const editor = await showUntitled('// @project 7c1e-demo\n\n### a\nacme\n\n### b\nglobex\n');
    const uri = editor.document.uri.toString();
    const calls = api.labCalls();
    const before = await creditsUsed(service);
    const shown = await eventually(
      async () => {
        const labels = await countLabels(editor.document);
        return labels.get(2)?.startsWith('count: click') && labels.get(5) ? labels : undefined;
      },
      { what: 'the hints offering a click' },
    );
    assert.equal(shown.get(2), 'count: click (10 credits)');
    assert.equal(api.labCalls(), calls, 'nothing counted on its own against a service');

    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.lab.countRule', uri, 'a');
    assert.equal(api.questions().unanswered, 0, 'the question was asked');
    assert.match(api.questions().lastAsked ?? '', /10 credits/);
    assert.equal(await creditsUsed(service), before, 'nothing spent after dismissing');
    assert.equal(api.labCalls(), calls);

    api.answerNextQuestions('Run');
    await vscode.commands.executeCommand('mediaMonitoring.lab.countRule', uri, 'a');
    assert.equal(await creditsUsed(service), before + 10, 'the click spent what it said');
    await eventually(
      async () => /^[\d,]+ in 7 d$/.test((await countLabels(editor.document)).get(2) ?? ''),
      {
        what: "a's count after the click",
      },
    );

    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.lab.explainRule', uri, 'b');
    assert.match(api.questions().lastAsked ?? '', /^Explain b\?/);
    assert.equal(await creditsUsed(service), before + 10, 'a dismissed Explain spends nothing');
    await closeAllEditors();
  });

  it('with counts on against a service, the lab stops at its credit budget', async () => {
    const lab = vscode.workspace.getConfiguration('mediaMonitoring.lab');
    const { spent } = api.labCredits();
    await lab.update('counts', 'always', vscode.ConfigurationTarget.Global);
    await lab.update('creditBudget', spent + 20, vscode.ConfigurationTarget.Global);
    try {
      await eventually(() => api.labCredits().budget === spent + 20, { what: 'the new budget' });
      const before = await creditsUsed(service);
      const editor = await showUntitled(
        '// @project 7c1e-demo\n\n### c\nanvil\n\n### d\nrocket\n\n### e\nroadrunner\n\n### f\ncoyote\n',
      );
      const labels = await eventually(
        async () => {
          const now = await countLabels(editor.document);
          const counted = [2, 5, 8, 11].filter((line) => / in 7 d$/.test(now.get(line) ?? ''));
          return counted.length === 2 ? now : undefined;
        },
        { what: 'two rules counted within the budget', timeoutMs: 60_000 },
      );
      const clicks = [2, 5, 8, 11].filter(
        (line) => labels.get(line) === 'count: click (10 credits)',
      );
      assert.equal(clicks.length, 2, 'the other two wait for a click');
      assert.deepEqual(api.labCredits(), { spent: spent + 20, budget: spent + 20 });
      assert.equal(await creditsUsed(service), before + 20, 'the lab spent its budget, no more');
      await screenshot('lab-budget-spent');
    } finally {
      await lab.update('counts', undefined, vscode.ConfigurationTarget.Global);
      await lab.update('creditBudget', undefined, vscode.ConfigurationTarget.Global);
      await closeAllEditors();
    }
  });
});
