// Deleting documents from search and undeleting them, in a real VS Code against the embedded
// sandbox: an upload undone from its report panel (its applied documents gone from a search, then
// back with Undelete), and the palette's Delete Documents… on the URLs of the editor's selection,
// one of them never uploaded and refused with the service's reason, a summary line per URL.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { READONLY_SCHEME } from '../../../src/shell/readonlyDocuments';
import { DISMISS } from '../../../src/shell/questions';
import { closeAllEditors } from './support/documents';
import { extensionApi } from './support/extension';
import { inWebview, screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const PROJECT = '7c1e-demo';

/** How many documents of the project a sandbox search finds with `word`. */
async function found(api: MediaMonitoringApi, word: string): Promise<number> {
  const client = await api.connection.client();
  const answer = await client.histograms.project(PROJECT, 'language', { q: word });
  return answer.result_histogram.total_hits ?? 0;
}

/** Uploads documents findable by `word` from a new file; their URLs. */
async function upload(
  api: MediaMonitoringApi,
  folder: string,
  word: string,
  count: number,
): Promise<string[]> {
  const now = Date.now();
  const urls = Array.from(
    { length: count },
    (_, index) => `https://news.acme.example/${now}/${word}/${index}`,
  );
  const file = join(folder, `${word}.ndjson`);
  writeFileSync(
    file,
    urls
      .map((url, index) =>
        JSON.stringify({ url, title: `Uploaded ${index}`, content: word, published: now }),
      )
      .join('\n') + '\n',
  );
  await vscode.commands.executeCommand('mediaMonitoring.upload', vscode.Uri.file(file), {
    project: PROJECT,
    dataset: null,
    mode: 'create',
  });
  assert.match(api.lastConfirmation() ?? '', new RegExp(`${word}\\.ndjson: ${count} applied`));
  return urls;
}

/** The text of the per-URL summary once it is the active editor. */
function summaryShown(action: 'delete' | 'undelete'): Promise<string> {
  return eventually(
    () => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.uri.scheme === READONLY_SCHEME &&
        document.uri.path.startsWith(`/documents/${action}-`)
        ? document.getText()
        : undefined;
    },
    { what: `the ${action} summary in an editor` },
  );
}

describe('deleting and undeleting documents', function () {
  // Uploads and deletes share the upload class's rate limit (120 a minute): after a suite that
  // used it up, a call may wait up to a minute for its turn.
  this.timeout(180_000);
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'mm-removal-'))));
  after(async () => {
    await closeAllEditors();
    rmSync(folder, { recursive: true, force: true });
  });

  it('an upload undone from its report: the applied documents leave search after the question, and come back with Undelete', async () => {
    const api = await extensionApi();
    const urls = await upload(api, folder, 'zzundoprobe', 2);
    assert.equal(await found(api, 'zzundoprobe'), 2);
    await eventually(
      async () => (await inWebview('.delete-applied')).text === 'Delete the 2 Applied Documents',
      { timeoutMs: 60_000, what: 'the report panel offers to delete the applied documents' },
    );

    // Asked first; dismissed, nothing is deleted and the button is back.
    api.answerNextQuestions(DISMISS);
    await inWebview('.delete-applied', { click: true });
    await eventually(() => api.questions().unanswered === 0, { what: 'the question asked' });
    assert.match(
      api.questions().lastAsked ?? '',
      /^Delete 2 documents from project 7c1e-demo\?\nThey leave search; Undelete Documents… brings them back\.\nThe documents of .*zzundoprobe\.ndjson its report lists as applied\.$/,
    );
    await eventually(async () => (await inWebview('.delete-applied')).count === 1, {
      what: 'the button back after the question was dismissed',
    });
    assert.equal(await found(api, 'zzundoprobe'), 2);

    api.answerNextQuestions('Delete');
    await inWebview('.delete-applied', { click: true });
    await eventually(
      () => api.lastConfirmation() === 'Deleted 2 documents from project 7c1e-demo',
      {
        timeoutMs: 90_000,
        what: `the deletion (last: ${api.lastConfirmation() ?? ''})`,
      },
    );
    assert.equal(await found(api, 'zzundoprobe'), 0, 'gone from search');
    const summary = await summaryShown('delete');
    assert.equal(
      summary,
      [
        'Delete from project 7c1e-demo: 2 deleted (2 URLs)',
        '',
        ...urls.map((url) => `deleted    ${url}`),
        '',
      ].join('\n'),
    );
    await eventually(
      async () =>
        (await inWebview('.removal-summary')).text === 'Delete from project 7c1e-demo: 2 deleted',
      { what: 'the panel says what the deletion came to' },
    );
    assert.equal((await inWebview('.undelete')).text, 'Undelete the 2 Deleted Documents');
    assert.equal((await inWebview('.delete-applied')).count, 0);
    await screenshot('57-upload-undone-from-report');

    api.answerNextQuestions('Undelete');
    await inWebview('.undelete', { click: true });
    await eventually(
      () => api.lastConfirmation() === 'Undeleted 2 documents in project 7c1e-demo',
      {
        timeoutMs: 90_000,
        what: 'the undeletion',
      },
    );
    assert.equal(await found(api, 'zzundoprobe'), 2, 'back in search');
    await eventually(async () => (await inWebview('.delete-applied')).count === 1, {
      what: 'the panel offers to delete them again',
    });
  });

  it('Delete Documents… on the selected URLs: each deleted or refused with the reason of the service, a summary line per URL', async () => {
    const api = await extensionApi();
    const [uploaded] = await upload(api, folder, 'zzpaletteprobe', 1);
    assert.ok(uploaded);
    const never = `https://news.acme.example/${Date.now()}/never-uploaded`;
    const list = join(folder, 'urls.txt');
    writeFileSync(list, `Documents to delete\n${uploaded}\n${never}\n${uploaded}\n`);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(list));
    // Line 1 is a heading: the selection starts below it.
    editor.selection = new vscode.Selection(1, 0, 4, 0);

    api.answerNextQuestions('Delete');
    const running = vscode.commands.executeCommand('mediaMonitoring.documents.delete', {
      project: PROJECT,
      dataset: null,
    });
    await typeIntoQuickInput('The selection', 'Delete documents');
    await running;
    assert.equal(
      api.questions().lastAsked,
      'Delete 2 documents from project 7c1e-demo?\nThey leave search; Undelete Documents… brings them back.\n1 URL given twice: sent once.',
    );
    assert.equal(
      api.lastRefusal(),
      'Delete from project 7c1e-demo: 1 deleted, 1 refused; the summary lists each URL with the reason',
    );
    const summary = await summaryShown('delete');
    assert.equal(
      summary,
      [
        'Delete from project 7c1e-demo: 1 deleted, 1 refused (2 URLs)',
        '',
        `deleted    ${uploaded}`,
        `refused    ${never}`,
        `           code 16: No document with url ${never} to delete`,
        '',
      ].join('\n'),
    );
    assert.equal(await found(api, 'zzpaletteprobe'), 0);
    await screenshot('58-delete-documents-summary');
  });
});
