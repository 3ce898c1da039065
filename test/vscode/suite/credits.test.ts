// Against a service (a standalone `mmq sandbox` the extension does not know as its own), a call
// that spends credits asks first: dismissing the question spends nothing and opens
// nothing; Run spends what the question said.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { DISMISS } from '../../../src/shell/questions';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { EXTENSION_ID, fixture } from './support/documents';
import { extensionApi } from './support/extension';
import { inWebview, screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const TOKEN = 'a-service-token-0123';
const configuration = () => vscode.workspace.getConfiguration('mediaMonitoring');

/** Credits used, read from the service directly (not through the extension's client). */
async function creditsUsed(service: CliSandbox): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/status/credits?access_token=${TOKEN}`);
  const body = (await response.json()) as {
    result_creditinfo: { used_credits_monthly: number };
  };
  return body.result_creditinfo.used_credits_monthly;
}

async function histogramLens(): Promise<vscode.Command> {
  return eventually(
    async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        fixture('results.mmq'),
      );
      return found.find((lens) => lens.command?.title.startsWith('Histogram'))?.command;
    },
    { what: 'the Histogram lens of results.mmq' },
  );
}

describe('credits against a service', () => {
  let service: CliSandbox;
  let api: MediaMonitoringApi;

  before(async () => {
    api = await extensionApi();
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    assert.ok(root);
    service = await startCli(
      ['--token', TOKEN, '--docs', '2000', '--rate', '0', '--quiet'],
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
});
