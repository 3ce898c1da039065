// Uploading documents from a file in a real VS Code against the embedded sandbox (issue 13):
// every document checked first, problems as diagnostics on the file's lines and nothing sent;
// the valid ones sent when asked; the per-document report saved next to the file.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DISMISS } from '../../../src/ui/questions';
import { extensionApi } from './support/extension';

describe('uploading documents', () => {
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'mm-upload-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('problems on their lines first, then the valid ones sent and a report line by line', async () => {
    const api = await extensionApi();
    const now = Date.now();
    const good = (n: number, host = 'news.acme.example') =>
      JSON.stringify({
        url: `https://${host}/${now}/${n}`,
        title: `Uploaded ${n}`,
        content: `zzuploadprobe document ${n}`,
        published: now - n * 1000,
      });
    const file = join(folder, 'documents.ndjson');
    writeFileSync(
      file,
      [
        good(1),
        JSON.stringify({ url: `https://upload.example/${now}/bad`, content: 'no title' }),
        good(2),
        JSON.stringify({ ...JSON.parse(good(3)), published: 'yesterday' }),
        // Passes the checks; the service refuses it (no channel of the project has its domain).
        good(4, 'elsewhere.example'),
      ].join('\n') + '\n',
    );
    const uri = vscode.Uri.file(file);
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.upload', uri, {
      project: '7c1e-demo',
      dataset: null,
      mode: 'create',
    });
    assert.match(
      api.questions().lastAsked ?? '',
      /^2 of 5 documents in .*documents\.ndjson have problems: nothing was sent\./,
    );
    const lines = () =>
      vscode.languages.getDiagnostics(uri).map((diagnostic) => diagnostic.range.start.line);
    assert.deepEqual([...new Set(lines())], [1, 3], 'the problems on the bad lines');

    api.answerNextQuestions('Send the 3 Valid Ones', DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.upload', uri, {
      project: '7c1e-demo',
      dataset: null,
      mode: 'create',
    });
    // The command ends with the upload: its confirmation says what became of the documents.
    assert.match(
      api.lastConfirmation() ?? '',
      /^Upload of .*: 2 applied, 1 refused, 2 not-sent/,
      `last asked: ${api.questions().lastAsked ?? ''}`,
    );
    const report = readFileSync(`${file}.report.ndjson`, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; outcome: string; message?: string });
    assert.deepEqual(
      report.map((entry) => [entry.line, entry.outcome]),
      [
        [1, 'applied'],
        [2, 'not-sent'],
        [3, 'applied'],
        [4, 'not-sent'],
        [5, 'refused'],
      ],
    );
    assert.match(report[1]?.message ?? '', /title/);
    assert.match(report[4]?.message ?? '', /matches no channel of project 7c1e-demo/);
    // The refusal joins the checks' problems on the file's lines.
    assert.deepEqual([...new Set(lines())].sort(), [1, 3, 4]);
  });
});
