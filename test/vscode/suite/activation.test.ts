import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, showFixture } from './support/documents';
import { screenshot } from './support/screenshot';
import { waitFor } from './support/wait';

describe('activation', () => {
  it('opens .mmq files as the mmq language and activates the extension', async () => {
    const editor = await showFixture('brand.mmq');
    assert.equal(editor.document.languageId, 'mmq');
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
    await waitFor(() => extension.isActive, { message: 'the extension to activate' });
    await screenshot('01-brand-file');
  });
});
