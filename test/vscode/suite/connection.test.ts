// The connection's states as a user meets them: "Connecting…" in every view while a
// service is checked, an unreachable service said so with Retry and "Use the Sandbox", commands
// that confirm what they did.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { backToTheSandbox, extensionApi } from './support/extension';
import { DISMISS } from '../../../src/shell/questions';
import { screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const configuration = () => vscode.workspace.getConfiguration('mediaMonitoring');

/** A port nothing listens on: one the OS handed out, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function pointAt(baseUrl: string): Promise<void> {
  process.env.MEDIA_MONITORING_TOKEN = 'a-test-token';
  await configuration().update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
}

describe('the connection, as a user meets it', () => {
  it('while a service is being checked, every view says Connecting… and the status bar spins', async () => {
    const api = await extensionApi();
    // A service that has not answered yet: it holds every request until the test ends.
    const held: ServerResponse<IncomingMessage>[] = [];
    const service = createServer((_request, response) => held.push(response));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    try {
      await pointAt(`http://127.0.0.1:${port}`);
      await eventually(() => held.length > 0, {
        what: 'the connection check to reach the service',
      });
      assert.equal(api.connection.state.kind, 'connecting');
      assert.equal(api.statusText(), `$(sync~spin) 127.0.0.1:${port}`);
      for (const view of [api.sidebar.projects, api.sidebar.streams, api.sidebar.tasks])
        assert.deepEqual(await view.getChildren(), []);
      await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
      await screenshot('16-connecting-every-view');
    } finally {
      for (const response of held) response.destroy();
      service.close();
      await backToTheSandbox(api);
    }
  });

  it('an unreachable service: the status bar and the welcome view say so; Use the Sandbox switches back after asking', async () => {
    const api = await extensionApi();
    const port = await closedPort();
    try {
      await pointAt(`http://127.0.0.1:${port}`);
      const state = await eventually(
        () => (api.connection.state.kind === 'failed' ? api.connection.state : undefined),
        { what: 'the connection to fail', timeoutMs: 60_000 },
      );
      assert.equal(state.reason, 'unreachable');
      assert.match(state.message, new RegExp(`^Could not reach 127\\.0\\.0\\.1:${port}: `));
      assert.equal(api.statusText(), `$(error) 127.0.0.1:${port}: unreachable`);
      assert.deepEqual(await api.sidebar.projects.getChildren(), []);
      await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
      await screenshot('17-unreachable-service');

      // VS Code shows no dialog while its test driver runs: the answer is queued instead.
      api.answerNextQuestions(DISMISS);
      await vscode.commands.executeCommand('mediaMonitoring.useSandbox');
      assert.equal(configuration().get('baseUrl'), `http://127.0.0.1:${port}`);
      api.answerNextQuestions('Use the Sandbox');
      await vscode.commands.executeCommand('mediaMonitoring.useSandbox');
      assert.equal(configuration().get('baseUrl'), '');
      await eventually(
        () => api.connection.state.kind === 'connected' && api.connection.sandboxUrl,
        {
          timeoutMs: 60_000,
          what: 'the embedded sandbox after Use the Sandbox',
        },
      );
      assert.equal(api.lastConfirmation(), 'Working with the embedded sandbox');
    } finally {
      await backToTheSandbox(api);
    }
  });

  it('refreshing a view confirms it; a token set while on the sandbox is kept for a service', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('mediaMonitoring.projects.refresh');
    assert.equal(api.lastConfirmation(), 'Projects refreshed');

    // The command then shows a notification until it is closed: not awaited.
    void vscode.commands.executeCommand('mediaMonitoring.token.set');
    await typeIntoQuickInput('a-token-for-later');
    await eventually(() => api.lastConfirmation() === 'Access token saved', {
      what: 'the token to be saved',
    });
    assert.ok(api.connection.sandboxUrl, 'still on the embedded sandbox');
    await screenshot('18-token-saved-on-sandbox');
    await vscode.commands.executeCommand('mediaMonitoring.token.clear');
  });
});
