import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, showFixture } from './support/documents';
import { extensionApi } from './support/extension';
import { screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

describe('activation', () => {
  it('starts the language server in a workspace of .mmq files before any is opened', async () => {
    // The window's first test: nothing has opened a .mmq document yet.
    const open = vscode.workspace.textDocuments.filter((document) => document.languageId === 'mmq');
    assert.deepEqual(
      open.map((document) => document.uri.path),
      [],
      'no .mmq document is open yet',
    );
    const api = await extensionApi();
    await eventually(() => api.languageServerStarting(), {
      timeoutMs: 30_000,
      what: 'the language server started in a workspace of .mmq files',
    });
  });

  it('opens every .mmq file of the workspace as the mmq language', async () => {
    const files = await vscode.workspace.findFiles('**/*.mmq');
    assert.ok(files.length >= 2, `expected the .mmq fixtures, found ${files.length}`);
    for (const file of files) {
      const document = await vscode.workspace.openTextDocument(file);
      assert.equal(document.languageId, 'mmq', file.path);
    }
  });

  it('is active in a workspace with .mmq files, and shows a .mmq file', async () => {
    const editor = await showFixture('brand.mmq');
    assert.equal(editor.document.languageId, 'mmq');
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
    await eventually(() => extension.isActive, { what: 'the extension to activate' });
    await screenshot('01-brand-file');
  });
});
