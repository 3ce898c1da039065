// Uploading documents from a file in a real VS Code against the embedded sandbox:
// every document checked first, problems as diagnostics on the file's lines and nothing sent;
// the valid ones sent when asked; the per-document report saved next to the file and shown as a
// table whose line numbers open their lines; the failed ones retried from the table, their new
// outcomes folded into the report, lines of it that are not report lines kept and named in a
// note; into a dataset with sentiment scored; problems underlining the value they are about,
// moved by edits, gone once the sandbox is reset or the connection is to a service; Cancel in the
// progress notification while a batch waits for the rate limit, the report saying which were sent.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ReportLine } from '../../../core/uploads/report';
import { DISMISS } from '../../../src/shell/questions';
import { closeAllEditors } from './support/documents';
import { backToTheSandbox, extensionApi } from './support/extension';
import { clickInWorkbench, inWebview, screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

const reportOf = (file: string) =>
  readFileSync(`${file}.report.ndjson`, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as ReportLine);

/** Waits until the report panel's table shows `rows` rows. */
async function tableRows(rows: number, message: string): Promise<void> {
  await eventually(async () => (await inWebview('.report-table tbody tr')).count === rows, {
    timeoutMs: 60_000,
    intervalMs: 250,
    what: message,
  });
}

describe('uploading documents', () => {
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'mm-upload-'))));
  after(async () => {
    await closeAllEditors();
    rmSync(folder, { recursive: true, force: true });
  });

  it('problems on their lines first, then the valid ones sent, the report as a table, a retry from it', async () => {
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
    const noTitle = { url: `https://news.acme.example/${now}/untitled`, content: 'no title' };
    writeFileSync(
      file,
      [
        good(1),
        JSON.stringify(noTitle),
        good(2),
        JSON.stringify({ ...JSON.parse(good(3)), published: 'yesterday' }),
        // Passes the checks (a project has no template to check custom fields against); the
        // service refuses it: the custom field does not exist.
        JSON.stringify({ ...JSON.parse(good(4)), custom: { nosuchmetric: 1 } }),
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
    const report = reportOf(file);
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
    assert.match(report[4]?.message ?? '', /The custom field nosuchmetric does not exist/);
    // The refusal joins the checks' problems on the file's lines.
    assert.deepEqual([...new Set(lines())].sort(), [1, 3, 4]);

    // The report as a table beside the file; a line number opens its line.
    await tableRows(5, 'the report table');
    const refused = await inWebview('.report-table tbody tr.row-refused');
    assert.match(
      refused.text,
      /^5\s+Refused\s+https:\/\/news\.acme\.example\/.*\s+16\s+The custom field/,
    );
    await screenshot('56-upload-report-table');
    await inWebview('.report-table .line-link >> text="5"', { click: true });
    await eventually(
      () =>
        vscode.window.activeTextEditor?.document.uri.fsPath === file &&
        vscode.window.activeTextEditor.selection.active.line === 4,
      { what: 'line 5 of the file shown' },
    );

    // The file mended (each document keeps its URL: a retry refuses a line whose URL is not
    // the report's, as when lines moved), Retry from the table: only the three failed ones go,
    // and the report, folded, says every document applied.
    writeFileSync(
      file,
      [
        good(1),
        JSON.stringify({ ...noTitle, title: 'Now titled', published: now }),
        good(2),
        good(3),
        good(4),
      ].join('\n') + '\n',
    );
    await inWebview('.retry', { click: true });
    await eventually(() => /^Upload of .*: 5 applied;/.test(api.lastConfirmation() ?? ''), {
      timeoutMs: 60_000,
      what: `the retry's confirmation (last: ${api.lastConfirmation() ?? ''})`,
    });
    assert.deepEqual(
      reportOf(file).map((entry) => [entry.line, entry.outcome]),
      [1, 2, 3, 4, 5].map((line) => [line, 'applied']),
    );
    assert.deepEqual(lines(), [], 'no problem left on the file');
    await eventually(async () => (await inWebview('.filter-applied')).text.includes('5'), {
      timeoutMs: 30_000,
      what: 'the table shows the retried report',
    });
    assert.equal((await inWebview('.retry')).count, 0, 'nothing left to retry');
  });

  it('into a dataset with sentiment scored: the stored documents in the report, a Sentiment column', async () => {
    const api = await extensionApi();
    const now = Date.now();
    const file = join(folder, 'reviews.ndjson');
    writeFileSync(
      file,
      ['great, love it', 'awful, hate it']
        .map((content, index) =>
          JSON.stringify({
            url: `https://reviews.acme.example/${now}/${index}`,
            title: `Review ${index}`,
            content,
            published: now,
          }),
        )
        .join('\n') + '\n',
    );
    await vscode.commands.executeCommand('mediaMonitoring.upload', vscode.Uri.file(file), {
      project: 'p-insights',
      dataset: 'ds-survey',
      mode: 'create',
      annotate: true,
      returnEntry: true,
    });
    assert.match(api.lastConfirmation() ?? '', /^Upload of .*reviews\.ndjson: 2 applied/);
    const report = reportOf(file);
    assert.deepEqual(
      report.map((entry) => Math.sign(entry.entry?.sentiment ?? 0)),
      [1, -1],
    );
    await eventually(async () => (await inWebview('.report-table th.sentiment')).count === 1, {
      timeoutMs: 60_000,
      what: 'the Sentiment column',
    });
  });

  it('a report with lines that are not report lines: the retry goes on, the table shows the others with a note, the file keeps them', async () => {
    const api = await extensionApi();
    const now = Date.now();
    const document = (n: number, extra: object = {}) =>
      JSON.stringify({
        url: `https://news.acme.example/${now}/forged/${n}`,
        title: `Forged ${n}`,
        content: 'zzforgedprobe',
        published: now,
        ...extra,
      });
    const file = join(folder, 'forged.ndjson');
    writeFileSync(
      file,
      [document(1), document(2, { custom: { nosuchmetric: 1 } }), document(3)].join('\n') + '\n',
    );
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.upload', vscode.Uri.file(file), {
      project: '7c1e-demo',
      dataset: null,
      mode: 'create',
    });
    assert.match(api.lastConfirmation() ?? '', /forged\.ndjson: 2 applied, 1 refused/);
    await tableRows(3, "the first upload's table");

    // The report edited by hand: a line of the wrong types, a line that is no JSON at all.
    const [first, ...rest] = readFileSync(`${file}.report.ndjson`, 'utf8').trimEnd().split('\n');
    assert.ok(first);
    const forged = [
      JSON.stringify({ ...(JSON.parse(first) as object), url: 42 }),
      ...rest,
      'not a report line',
    ];
    writeFileSync(`${file}.report.ndjson`, forged.join('\n') + '\n');
    writeFileSync(file, [document(1), document(2), document(3)].join('\n') + '\n');
    await inWebview('.retry', { click: true });
    await eventually(() => /forged\.ndjson: 2 applied;/.test(api.lastConfirmation() ?? ''), {
      timeoutMs: 60_000,
      what: `the retry's confirmation (last: ${api.lastConfirmation() ?? ''})`,
    });
    await eventually(
      async () =>
        (await inWebview('.note.unreadable')).text.startsWith(
          '2 lines of the report could not be read (lines 1, 4)',
        ),
      { timeoutMs: 30_000, what: 'the note naming the unreadable lines' },
    );
    await tableRows(2, 'the readable lines');
    await screenshot('58-upload-report-unreadable-lines');
    const kept = readFileSync(`${file}.report.ndjson`, 'utf8').trimEnd().split('\n');
    assert.equal(kept[0], forged[0], 'kept as it was, in its place');
    assert.equal(kept[3], 'not a report line');
    assert.equal((JSON.parse(kept[1] ?? '{}') as ReportLine).outcome, 'applied');
  });

  it("a problem underlines the value it is about; an edit drops its line's problems and moves the others", async () => {
    const api = await extensionApi();
    const now = Date.now();
    const document = (n: number, extra: object = {}) => ({
      url: `https://news.acme.example/${now}/lined/${n}`,
      title: `Lined ${n}`,
      content: 'zzlinedprobe',
      published: now,
      ...extra,
    });
    // A JSON array on one line: the whole line would be every document.
    const file = join(folder, 'one-line.json');
    writeFileSync(
      file,
      JSON.stringify([
        document(1),
        document(2, { published: 'yesterday' }),
        document(3),
        document(4, { rating: 'five' }),
      ]),
    );
    const uri = vscode.Uri.file(file);
    api.answerNextQuestions(DISMISS);
    await vscode.commands.executeCommand('mediaMonitoring.upload', uri, {
      project: '7c1e-demo',
      dataset: null,
      mode: 'create',
    });
    const editor = await vscode.window.showTextDocument(uri);
    const underlined = () =>
      vscode.languages
        .getDiagnostics(uri)
        .map((diagnostic) => editor.document.getText(diagnostic.range))
        .sort();
    assert.deepEqual(underlined(), ['"five"', '"yesterday"']);
    const first = vscode.languages.getDiagnostics(uri)[0];
    if (first) editor.revealRange(first.range, vscode.TextEditorRevealType.InCenter);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('57-upload-problem-on-its-value');
    await vscode.commands.executeCommand('workbench.action.closePanel');

    // A line added above moves the problems with their text; the value mended drops its own.
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '\n'));
    await eventually(
      () => vscode.languages.getDiagnostics(uri).every((each) => each.range.start.line === 1),
      { what: 'the problems moved down a line' },
    );
    assert.deepEqual(underlined(), ['"five"', '"yesterday"']);
    const yesterday = vscode.languages
      .getDiagnostics(uri)
      .find((each) => editor.document.getText(each.range) === '"yesterday"');
    assert.ok(yesterday);
    await editor.edit((edit) => edit.replace(yesterday.range, String(now)));
    await eventually(() => vscode.languages.getDiagnostics(uri).length === 1, {
      what: "the mended value's problem gone",
    });
    assert.deepEqual(underlined(), ['"five"']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('problems go when the sandbox they were found against is reset, and when the connection switches to a service', async () => {
    const api = await extensionApi();
    const file = join(folder, 'stale.ndjson');
    writeFileSync(file, `${JSON.stringify({ url: 'https://news.acme.example/stale' })}\n`);
    const uri = vscode.Uri.file(file);
    const check = async () => {
      api.answerNextQuestions(DISMISS);
      await vscode.commands.executeCommand('mediaMonitoring.upload', uri, {
        project: '7c1e-demo',
        dataset: null,
        mode: 'create',
      });
      assert.ok(vscode.languages.getDiagnostics(uri).length > 0, 'the missing fields said');
    };
    await check();
    api.answerNextQuestions('Reset');
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.reset');
    assert.match(api.lastConfirmation() ?? '', /The sandbox is reset/);
    assert.deepEqual(vscode.languages.getDiagnostics(uri), [], 'no problem left after the reset');

    await check();
    process.env.MEDIA_MONITORING_TOKEN = 'a-test-token';
    await vscode.workspace
      .getConfiguration('mediaMonitoring')
      .update('baseUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    await eventually(() => vscode.languages.getDiagnostics(uri).length === 0, {
      what: "the sandbox's problems gone once the connection is to a service",
    });
    await backToTheSandbox(api);
  });

  it('Cancel while a batch waits for the rate limit: it stops at once, reported not sent, nothing sent', async function () {
    this.timeout(120_000);
    const api = await extensionApi();
    const now = Date.now();
    const file = join(folder, 'waiting.ndjson');
    const total = 1_000;
    writeFileSync(
      file,
      Array.from({ length: total }, (_, index) =>
        JSON.stringify({
          url: `https://news.acme.example/${now}/waiting/${index}`,
          title: `Waiting ${index}`,
          content: 'zzcancelprobe',
          published: now,
        }),
      ).join('\n') + '\n',
    );
    // The minute's uploads used up, as when the service refused one for the limit (another
    // client sharing the token): the first batch waits for the limit, up to a minute.
    const { governor } = await api.connection.client();
    governor.saturate('upload');
    api.answerNextQuestions(DISMISS);
    const upload = vscode.commands.executeCommand('mediaMonitoring.upload', vscode.Uri.file(file), {
      project: '7c1e-demo',
      dataset: null,
      mode: 'create',
    });
    // The workbench under test shows no toasts: Cancel is pressed in the Notifications center,
    // on the upload's progress once it says it waits for the rate limit. The center is opened
    // once that progress exists (the first batch queued): opened before, it was seen to keep an
    // older notification in view, the new one above it out of sight.
    await eventually(() => governor.state('upload').queued > 0, {
      what: 'the first batch waiting for the rate limit',
    });
    await vscode.commands.executeCommand('notifications.showList');
    await clickInWorkbench(
      '.notifications-center .notification-list-item:has-text("for the rate limit") .monaco-button',
      'Cancel',
      45_000,
    );
    await upload;
    await vscode.commands.executeCommand('notifications.hideList');
    const report = reportOf(file);
    assert.equal(report.length, total);
    assert.ok(
      report.every(
        (entry, index) =>
          entry.line === index + 1 &&
          entry.outcome === 'not-sent' &&
          /cancelled before it was sent/.test(entry.message ?? ''),
      ),
      `not sent, each: ${JSON.stringify(report.find((entry) => entry.outcome !== 'not-sent'))}`,
    );
    assert.match(api.lastConfirmation() ?? '', /waiting\.ndjson: 1,000 not-sent/);
    // Nothing reached the sandbox.
    const client = await api.connection.client();
    const stored = await client.histograms.project('7c1e-demo', 'language', { q: 'zzcancelprobe' });
    assert.equal(stored.result_histogram.total_hits, 0);
    // The table offers to send them.
    await eventually(async () => (await inWebview('.retry')).text === 'Retry the 1,000 Failed', {
      timeoutMs: 60_000,
      what: 'the retry button of the cancelled upload',
    });
  });
});
