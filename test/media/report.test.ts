// The upload report panel's bundle (dist/media/report.js) in headless Chromium under the
// extension's CSP: what became of each document as a table in line order, the outcomes as
// filters with their counts, a text filter, a line number that asks for its line, the retry
// button, a note when the table is cut; deleting the applied documents and undeleting them; URLs
// and messages made of markup stay text; a message that is not of the protocol is dropped; rows
// that arrive malformed are left out with a note, never the whole report.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportRow, ToReportPanel, UploadReport } from '../../media/report/protocol';
import { MAX_ROWS_PER_OUTCOME } from '../../media/report/protocol';
import { pagePerTest, ROOT, type Panel } from './support/panel';

const SHOTS = join(ROOT, 'test-results/screenshots');

let reports = 0;

function reportOf(rows: ReportRow[], overrides: Partial<UploadReport> = {}): UploadReport {
  const counts = { applied: 0, refused: 0, unknown: 0, 'not-sent': 0 };
  for (const row of rows) counts[row.outcome]++;
  return {
    id: `upload-${++reports}`,
    source: 'data/reviews.ndjson',
    reportFile: 'data/reviews.ndjson.report.ndjson',
    target: 'dataset ds-survey of project p-insights',
    mode: 'create',
    sandbox: true,
    annotated: false,
    counts,
    rows,
    retryable: counts.refused + counts.unknown + counts['not-sent'],
    ...overrides,
  };
}

const MIXED: ReportRow[] = [
  {
    line: 1,
    url: 'https://reviews.acme.example/r1',
    outcome: 'applied',
    status_code: '0',
    message: 'Created',
  },
  { line: 2, outcome: 'not-sent', message: 'not sent: title: required on create' },
  {
    line: 3,
    url: 'https://reviews.acme.example/r3',
    outcome: 'applied',
    status_code: '0',
    message: 'Created',
  },
  {
    line: 4,
    url: 'https://elsewhere.example/r4',
    outcome: 'refused',
    status_code: '16',
    message: 'The url https://elsewhere.example/r4 matches no channel of project p-insights',
  },
  {
    line: 5,
    url: 'https://reviews.acme.example/r5',
    outcome: 'unknown',
    message: 'the connection closed',
  },
];

async function showReport(panel: Panel, report: UploadReport): Promise<void> {
  const before = (await panel.posted()).length;
  await panel.send({ type: 'show', report } satisfies ToReportPanel);
  await panel.waitForPosted('drawn' as never, before);
}

const cells = (panel: Panel) =>
  panel.page.evaluate(() =>
    [...document.querySelectorAll('.report-table tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    ),
  ) as Promise<string[][]>;

describe('the upload report panel', function () {
  this.timeout(60_000);
  const page = pagePerTest('report');
  let panel: Panel;
  before(() => mkdirSync(SHOTS, { recursive: true }));
  beforeEach(() => (panel = page()));

  it('each document a row in line order, its outcome, URL, code and message; the counts as filters', async () => {
    await showReport(panel, reportOf(MIXED));
    assert.deepEqual(await cells(panel), [
      ['1', 'Applied', 'https://reviews.acme.example/r1', '0', 'Created'],
      ['2', 'Not sent', '', '', 'not sent: title: required on create'],
      ['3', 'Applied', 'https://reviews.acme.example/r3', '0', 'Created'],
      ['4', 'Refused', 'https://elsewhere.example/r4', '16', MIXED[3]!.message!],
      ['5', 'Unknown', 'https://reviews.acme.example/r5', '', 'the connection closed'],
    ]);
    const filters = await panel.page.locator('.filter').allInnerTexts();
    assert.deepEqual(
      filters.map((text: string) => text.replace(/\s+/g, ' ').trim()),
      ['All 5', 'Applied 2', 'Refused 1', 'Unknown 1', 'Not sent 1'],
    );
    const header = await panel.page.locator('.header').innerText();
    assert.match(header, /Upload of data\/reviews\.ndjson/);
    assert.match(header, /into dataset ds-survey of project p-insights/);
    assert.equal(await panel.page.locator('.retry').innerText(), 'Retry the 3 Failed');
    await panel.page.screenshot({ path: join(SHOTS, 'upload-report-panel.png') });
    await panel.theme('light');
    await panel.page.screenshot({ path: join(SHOTS, 'upload-report-panel-light.png') });
  });

  it('an outcome filter and the text filter narrow the table; nothing left says so', async () => {
    await showReport(panel, reportOf(MIXED));
    await panel.page.locator('.filter-refused').click();
    assert.deepEqual(
      (await cells(panel)).map((row) => row[0]),
      ['4'],
    );
    assert.equal(await panel.page.locator('.filter-refused').getAttribute('aria-pressed'), 'true');
    assert.equal(await panel.page.locator('.filter-all').getAttribute('aria-pressed'), 'false');
    await panel.page.locator('.filter-all').click();
    await panel.page.locator('.search').fill('reviews.acme');
    assert.deepEqual(
      (await cells(panel)).map((row) => row[0]),
      ['1', '3', '5'],
    );
    await panel.page.locator('.search').fill('CONNECTION');
    assert.deepEqual(
      (await cells(panel)).map((row) => row[0]),
      ['5'],
    );
    await panel.page.locator('.search').fill('nothing like this');
    assert.equal(await panel.page.locator('.report-table').count(), 0);
    assert.match(await panel.page.locator('.status').innerText(), /No document matches/);
  });

  it('a line number asks for that line of the file; retry asks once and waits; a new report resets it', async () => {
    const report = reportOf(MIXED);
    await showReport(panel, report);
    await panel.page.locator('.report-table .line-link', { hasText: /^4$/ }).click();
    const reveal = await panel.waitForPosted('reveal' as never);
    assert.deepEqual(reveal, { type: 'reveal', id: report.id, line: 4 });
    await panel.page.locator('.retry').click();
    const retry = await panel.waitForPosted('retry' as never);
    assert.deepEqual(retry, { type: 'retry', id: report.id });
    assert.equal(await panel.page.locator('.retry').innerText(), 'Retrying…');
    assert.equal(await panel.page.locator('.retry').isDisabled(), true);
    await panel.page.locator('.open-file').click();
    assert.deepEqual(await panel.waitForPosted('openFile' as never), {
      type: 'openFile',
      id: report.id,
    });
    // The same report again (a retry that sent nothing): the button is back.
    await showReport(panel, report);
    assert.equal(await panel.page.locator('.retry').isDisabled(), false);
    // Nothing failed: no retry button.
    await showReport(panel, reportOf([MIXED[0]!, MIXED[2]!]));
    assert.equal(await panel.page.locator('.retry').count(), 0);
  });

  it('a sentiment column when the upload scored them; a note when the table shows part of the report', async () => {
    const rows: ReportRow[] = Array.from({ length: MAX_ROWS_PER_OUTCOME }, (_, index) => ({
      line: index + 1,
      url: `https://reviews.acme.example/r${index + 1}`,
      outcome: 'applied',
      status_code: '0',
      message: 'Created',
      sentiment: (index % 11) - 5,
    }));
    const report = reportOf(rows, {
      annotated: true,
      counts: { applied: 250_000, refused: 0, unknown: 0, 'not-sent': 0 },
    });
    await showReport(panel, report);
    const headers = await panel.page.locator('.report-table th').allInnerTexts();
    assert.deepEqual(headers, ['Line', 'Outcome', 'URL', 'Code', 'Message', 'Sentiment']);
    const table = await cells(panel);
    assert.equal(table.length, MAX_ROWS_PER_OUTCOME);
    assert.deepEqual(table[1], [
      '2',
      'Applied',
      'https://reviews.acme.example/r2',
      '0',
      'Created',
      '-4',
    ]);
    assert.match(
      await panel.page.locator('.note').innerText(),
      /first 2,000 documents of each outcome; the NDJSON report lists all 250,000/,
    );
  });

  it('delete the applied documents: asks once and waits; then what it came to, Undelete, the same after a reload', async () => {
    const report = reportOf(MIXED);
    await showReport(panel, report);
    await panel.page.locator('.search').fill('reviews');
    assert.equal(
      await panel.page.locator('.delete-applied').innerText(),
      'Delete the 2 Applied Documents',
    );
    await panel.page.locator('.delete-applied').click();
    assert.deepEqual(await panel.waitForPosted('remove' as never), {
      type: 'remove',
      id: report.id,
      action: 'delete',
    });
    assert.equal(await panel.page.locator('.removal-running').innerText(), 'Deleting…');
    assert.equal(await panel.page.locator('.removal-running').isDisabled(), true);
    const removal = {
      action: 'delete',
      running: false,
      summary: 'Delete from dataset ds-survey of project p-insights: 2 deleted',
      deleted: 2,
    } as const;
    await panel.send({ type: 'removal', id: report.id, removal } satisfies ToReportPanel);
    await panel.page.locator('.undelete').waitFor();
    assert.equal(
      await panel.page.locator('.undelete').innerText(),
      'Undelete the 2 Deleted Documents',
    );
    assert.equal(await panel.page.locator('.removal-summary').innerText(), removal.summary);
    assert.equal(await panel.page.locator('.delete-applied').count(), 0);
    // The table, its filter and the search box as they were.
    assert.equal(await panel.page.locator('.search').inputValue(), 'reviews');
    assert.deepEqual(
      (await cells(panel)).map((row) => row[0]),
      ['1', '3', '5'],
    );
    await panel.page.screenshot({ path: join(SHOTS, 'upload-report-deleted.png') });
    // A late answer about another report changes nothing; a reload shows the same state.
    await panel.send({ type: 'removal', id: 'upload-other', removal: { ...removal, deleted: 0 } });
    await showReport(panel, report);
    await panel.send({ type: 'show', report, removal } satisfies ToReportPanel);
    await panel.page.locator('.undelete').waitFor();
    // Declined or nothing ran: the button is back.
    const before = (await panel.posted()).length;
    await panel.page.locator('.undelete').click();
    assert.deepEqual(await panel.waitForPosted('remove' as never, before), {
      type: 'remove',
      id: report.id,
      action: 'undelete',
    });
    await panel.send({
      type: 'removal',
      id: report.id,
      removal: { ...removal, action: 'undelete', running: false },
    } satisfies ToReportPanel);
    await panel.page.locator('.undelete').waitFor();
    // Nothing applied: nothing to delete.
    await showReport(panel, reportOf([MIXED[3]!]));
    assert.equal(await panel.page.locator('.delete-applied').count(), 0);
  });

  it('URLs and messages made of markup stay text; a message not of the protocol is dropped', async () => {
    const hostile = '<img src=x onerror="document.title=\'owned\'"><b>bold</b>';
    await showReport(
      panel,
      reportOf([
        { line: 1, url: hostile, outcome: 'refused', status_code: '16', message: hostile },
      ]),
    );
    assert.equal(await panel.page.locator('.report-table img, .report-table b').count(), 0);
    assert.deepEqual((await cells(panel))[0]?.slice(2), [hostile, '16', hostile]);
    assert.notEqual(await panel.page.title(), 'owned');
    await panel.send({ type: 'show', report: { ...reportOf(MIXED), counts: { applied: -1 } } });
    await panel.send({ type: 'surprise' });
    await panel.page.waitForFunction(() => window.__warnings.length >= 2);
    const warnings = await panel.warnings();
    assert.ok(
      warnings.every((warning) => /upload report panel: message dropped/.test(warning)),
      warnings.join('\n'),
    );
    // Still the first report.
    assert.equal((await cells(panel)).length, 1);
  });

  it('rows that arrive malformed are left out and counted with the lines the extension could not read; the good ones shown', async () => {
    const forged: unknown[] = [
      MIXED[0],
      { line: 2, outcome: 'refused', url: 42 },
      { line: 0, outcome: 'applied' },
      { line: 'four', outcome: 'applied' },
      null,
      MIXED[2],
      { line: 6, outcome: 'landed' },
      'text',
    ];
    await showReport(panel, {
      ...reportOf([MIXED[0]!, MIXED[2]!]),
      rows: forged,
      unreadable: { count: 3, lines: [9, 11] },
    });
    assert.deepEqual(
      (await cells(panel)).map((row) => row.slice(0, 3)),
      [
        ['1', 'Applied', 'https://reviews.acme.example/r1'],
        ['3', 'Applied', 'https://reviews.acme.example/r3'],
      ],
    );
    assert.equal(
      await panel.page.locator('.note.unreadable').innerText(),
      '9 lines of the report could not be read (lines 9, 11, …): the table leaves them out. Open the NDJSON report to see them.',
    );
    // Not a note of a table cut short.
    assert.equal(await panel.page.locator('.note').count(), 1);
    assert.deepEqual(await panel.warnings(), []);
    await panel.page.screenshot({ path: join(SHOTS, 'upload-report-unreadable-lines.png') });
  });
});
