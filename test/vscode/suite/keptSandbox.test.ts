// The embedded sandbox keeps the user's work: streams, collectors with what they
// buffered, uploaded documents, custom metrics and used credits are there after the sandbox is
// stopped and started again, and after a switch to a service address and back; Reset Sandbox,
// asked first, is the one way to clear them. (A reload of the window is the same start on the
// same directory: test/readme/vsix.test.ts reloads one.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { backToTheSandbox, extensionApi } from './support/extension';
import { eventually } from '../../support/eventually';

const STREAM = 'kept-stream';
const COLLECTOR = 'kept-collector';
const METRIC = 'kept_metric';
const UPLOADED = 'https://news.acme.example/zyxkept-upload';

/** Documents arriving live now (the sandbox's own control endpoint). */
async function arrive(client: MediaMonitoringClient, titles: readonly string[]): Promise<void> {
  await client.transport.call({
    method: 'POST',
    path: '/_sandbox/live',
    body: { documents: titles.map((title) => ({ title, content: `${title} zyxkept` })) },
    schema: z.looseObject({ status_code: z.string() }),
  });
}

/** What the sandbox holds of this test's work, as a user would look it up. */
async function work(client: MediaMonitoringClient) {
  const info = (await client.streams.info()).result_stream;
  const buffered: string[] = [];
  if (info.collectors?.some((collector) => collector.collector_id === COLLECTOR))
    for await (const event of client.collectors.read(COLLECTOR, { endBehaviour: 'stop' }))
      if (event.kind === 'result') buffered.push(event.result.data.title ?? '');
  const uploaded = await client.results.project('7c1e-demo', { q: 'zyxkeptupload', hpp: 5 });
  const metrics = await client.customMetrics.list('p-insights', 'tmpl-feedback');
  // Other suites' work may be in the sandbox too (it keeps everything): this test's own only.
  const ours = (id: string) => id.startsWith('kept-');
  return {
    streams: (info.streams ?? []).map((stream) => stream.stream_id).filter(ours),
    collectors: (info.collectors ?? []).map((collector) => collector.collector_id).filter(ours),
    buffered,
    uploaded: uploaded.result_content.data.map((document) => document.data.url),
    metrics: metrics.result_custom_metrics.data.map((each) => each.custom_metric.name),
    used: (await client.credits.get()).result_creditinfo.used_credits_monthly ?? 0,
  };
}

async function connectedAgain(api: MediaMonitoringApi): Promise<MediaMonitoringClient> {
  await eventually(() => api.connection.state.kind === 'connected' && api.connection.sandboxUrl, {
    timeoutMs: 60_000,
    what: 'the sandbox running again',
  });
  return api.connection.client();
}

describe('the embedded sandbox keeps the work', () => {
  it('across a stop and a start, and a switch to a service and back; Reset clears it, asked first', async () => {
    const api = await extensionApi();
    assert.equal(api.connection.sandboxState?.kept, true);
    let client = await api.connection.client();
    await client.streams.define(STREAM, [{ rule_id: 'kept', query: 'zyxkept' }]);
    await client.collectors.put(COLLECTOR, { streams: [STREAM] });
    await arrive(client, ['Zyxkept one', 'Zyxkept two', 'Zyxkept three']);
    const upload = await client.documents.upload({ project: '7c1e-demo' }, 'create', {
      url: UPLOADED,
      title: 'zyxkeptupload',
      content: 'zyxkeptupload kept across restarts',
      published: String(Date.now() - 3_600_000),
    });
    assert.equal(upload.result_searchdoc[0]?.status_code, '0');
    await client.customMetrics.add('p-insights', 'tmpl-feedback', [
      { name: METRIC, title: 'Kept', format: 'INTEGER' },
    ]);
    const before = await work(client);
    assert.ok(before.used > 0, 'the run spent credits');
    const expected = {
      streams: [STREAM],
      collectors: [COLLECTOR],
      buffered: ['Zyxkept one', 'Zyxkept two', 'Zyxkept three'],
      uploaded: [UPLOADED],
    };
    assert.deepEqual(
      { ...before, metrics: undefined, used: undefined },
      { ...expected, metrics: undefined, used: undefined },
    );
    assert.ok(before.metrics.includes(METRIC));

    await vscode.commands.executeCommand('mediaMonitoring.sandbox.stop');
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.start');
    client = await connectedAgain(api);
    const restarted = await work(client);
    assert.deepEqual(restarted.streams, expected.streams);
    assert.deepEqual(restarted.collectors, expected.collectors);
    assert.deepEqual(restarted.buffered, expected.buffered, 'the buffered documents, once each');
    assert.deepEqual(restarted.uploaded, expected.uploaded);
    assert.ok(restarted.metrics.includes(METRIC));
    assert.ok(restarted.used >= before.used, `credits used ${restarted.used} ≥ ${before.used}`);

    // Away to a service address (one that does not answer) and back.
    process.env.MEDIA_MONITORING_TOKEN = 'a-test-token';
    await vscode.workspace
      .getConfiguration('mediaMonitoring')
      .update('baseUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    await eventually(() => api.connection.state.kind === 'failed', {
      what: 'the closed address said so',
    });
    await backToTheSandbox(api);
    client = await connectedAgain(api);
    assert.deepEqual((await work(client)).streams, expected.streams);

    api.answerNextQuestions('Reset');
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.reset');
    client = await connectedAgain(api);
    const reset = await work(client);
    assert.deepEqual(
      { streams: reset.streams, collectors: reset.collectors, uploaded: reset.uploaded },
      { streams: [], collectors: [], uploaded: [] },
    );
    const everything = (await client.streams.info()).result_stream;
    assert.deepEqual(
      { streams: everything.streams ?? [], collectors: everything.collectors ?? [] },
      { streams: [], collectors: [] },
      'Reset clears every stream and collector, not only this test’s',
    );
    assert.ok(!reset.metrics.includes(METRIC));
    assert.match(api.lastConfirmation() ?? '', /The sandbox is reset/);
  });
});
