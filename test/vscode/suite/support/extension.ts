// The extension under test, once it is connected to the embedded sandbox.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../../src/testing/testHooks';
import { EXTENSION_ID } from './documents';
import { eventually } from '../../../support/eventually';

export async function extensionApi(): Promise<MediaMonitoringApi> {
  const extension = vscode.extensions.getExtension<MediaMonitoringApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  await eventually(() => api.connection.state.kind === 'connected', {
    timeoutMs: 60_000,
    what: 'the embedded sandbox to start',
  });
  return api;
}

/** Back to the embedded sandbox after a test that pointed the extension at a service. */
export async function backToTheSandbox(api: MediaMonitoringApi): Promise<void> {
  delete process.env.MEDIA_MONITORING_TOKEN;
  await vscode.workspace
    .getConfiguration('mediaMonitoring')
    .update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  await eventually(() => api.connection.state.kind === 'connected' && api.connection.sandboxUrl, {
    timeoutMs: 60_000,
    what: 'the embedded sandbox again once the base URL is cleared',
  });
}
