// Running a rule in a real VS Code against the embedded sandbox: the CodeLens opens
// the results panel with a time series; a control re-runs; a pinned panel stays; CSV export
// writes the API's numbers; a forecast shows as a band; search results of a typed query over
// global data, page after page. The panel is looked at in the browser
// that runs it (the harness's webview requests).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { totalOf } from '../../../core/api/client/paging';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { closeAllEditors, fixture, showUntitled } from './support/documents';
import { extensionApi } from './support/extension';
import { inWebview, screenshot, typeIntoQuickInput } from './support/screenshot';
import { lensCommand } from './support/lenses';
import { eventually } from '../../support/eventually';

async function lenses(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return eventually(
    async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        uri,
      );
      return found.length > 0 ? found : undefined;
    },
    { what: 'the CodeLens of results.mmq' },
  );
}

async function creditsUsed(api: MediaMonitoringApi): Promise<number> {
  const client = await api.connection.client();
  return (await client.credits.get()).result_creditinfo.used_credits_monthly!;
}

/** Waits until the webview shows `selector`; its text. */
async function shown(selector: string, message: string): Promise<string> {
  return eventually(
    async () => {
      const answer = await inWebview(selector);
      return answer.count > 0 ? answer.text || ' ' : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: message },
  );
}

const resultsTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter(
      (tab) =>
        tab.input instanceof vscode.TabInputWebview &&
        tab.input.viewType.endsWith('mediaMonitoring.results'),
    );

/** Runs results.mmq's Histogram lens and waits for its time chart: one panel, freshly drawn. */
async function openHistogram(): Promise<void> {
  // The lenses are asked of an open document (VS Code refuses a URI it has not loaded).
  const document = await vscode.workspace.openTextDocument(fixture('results.mmq'));
  await vscode.window.showTextDocument(document);
  const histogram = (await lenses(document.uri)).find((lens) =>
    lens.command?.title.startsWith('Histogram'),
  );
  assert.ok(histogram?.command);
  await vscode.commands.executeCommand(
    histogram.command.command,
    ...(histogram.command.arguments ?? []),
  );
  await shown('.time-chart canvas', 'a time chart in the results panel');
}

/**
 * Does `act` and waits until a panel has drawn a run's answer after it. Waiting for the draw, not
 * polling the credits: the credits endpoint allows 10 calls a minute.
 */
async function drawnAfter(api: MediaMonitoringApi, what: string, act: () => Promise<unknown>) {
  let drawn = false;
  const listening = api.onDidDrawResults(() => (drawn = true));
  try {
    await act();
    await eventually(() => drawn, { timeoutMs: 60_000, what: what });
  } finally {
    listening.dispose();
  }
}

/** A histogram by day with a 14-day forecast (api.md: a forecast needs the interval 1d). */
async function openForecast(api: MediaMonitoringApi): Promise<void> {
  await openHistogram();
  const before = await creditsUsed(api);
  await drawnAfter(api, 'the daily histogram', () =>
    inWebview('[data-parameter="interval"] input', { fill: '1d' }),
  );
  await inWebview('[data-parameter="forecast_days"] input', { fill: '14' });
  await shown('.forecast-note', 'the forecast in the legend');
  assert.equal(await creditsUsed(api), before + 20);
}

describe('the results panel', () => {
  // Each test starts with no editor and no panel, and opens what it looks at: the harness finds
  // a selector in the first webview that has it.
  beforeEach(closeAllEditors);
  after(closeAllEditors);

  it('CodeLens: Histogram and Distribution on a good rule, Top influencers and Results in a project; a broken rule says why it does not run', async () => {
    await extensionApi();
    const document = await vscode.workspace.openTextDocument(fixture('results.mmq'));
    await vscode.window.showTextDocument(document);
    const found = await lenses(document.uri);
    const titles = found.map((lens) => `${lens.range.start.line}: ${lens.command?.title ?? ''}`);
    assert.deepEqual(titles, [
      '2: Histogram · 10 credits',
      '2: Distribution…',
      '2: Top influencers',
      '2: Results',
      '2: Explain',
      '5: $(error) Not run: an error (line 7)',
    ]);
    assert.match(
      found[0]?.command?.tooltip ?? '',
      /project 7c1e-demo \(the file's \/\/ @project\)/,
    );
  });

  it('the Histogram lens opens the panel with a time series; changing the interval runs again', async () => {
    const api = await extensionApi();
    const before = await creditsUsed(api);
    await openHistogram();
    assert.match(await shown('h1', 'the panel’s title'), /acme-watch/);
    assert.equal(await creditsUsed(api), before + 10);
    await screenshot('30-results-time-series');

    await drawnAfter(api, 'a second histogram after the interval changed', () =>
      inWebview('[data-parameter="interval"] input', { fill: 'hour' }),
    );
    await shown('.time-chart canvas', 'the time chart again');
    assert.equal(await creditsUsed(api), before + 20);
    await screenshot('31-results-hourly');
  });

  it('a forecast shows as a band after the last real bucket (a project with forecasting)', async () => {
    const api = await extensionApi();
    await openForecast(api);
    await screenshot('32-results-forecast');
  });

  it('CSV export writes the table’s columns with the API’s numbers, under a name that says what it holds', async () => {
    const api = await extensionApi();
    await openForecast(api);
    const folder = mkdtempSync(join(tmpdir(), 'mm-export-'));
    try {
      const file = join(folder, 'acme-watch.csv');
      // VS Code shows no dialog while its test driver runs: where to save is queued instead.
      api.answerNextQuestions(file);
      await inWebview('button:has-text("Export")', { click: true });
      await inWebview('[role="menuitem"]:has-text("CSV")', { click: true });
      const csv = await eventually(
        () => {
          try {
            return readFileSync(file, 'utf8');
          } catch {
            return undefined;
          }
        },
        { what: 'the exported CSV' },
      );
      // The rule, what ran and its range: not acme-watch.csv for every export of the rule.
      assert.equal(
        api.questions().lastAsked,
        'Where to save acme-watch-histogram-published-last-7d.csv?',
      );
      const client = await api.connection.client();
      const answer = await client.histograms.project('7c1e-demo', 'published', {
        q: 'acme OR globex',
        time_range: '7d',
        interval: '1d',
        forecast_days: 14,
      } as never);
      const [header, ...rows] = csv.trim().split('\r\n');
      // The columns of "View as table", the forecast's band in two of its own.
      assert.equal(
        header,
        'Bucket start (UTC),Number Results,Number Results: forecast low (95%),Number Results: forecast high (95%)',
      );
      // Real buckets have no band.
      const real = rows.filter((row) => row.endsWith(',,'));
      // Live documents keep arriving in today's bucket (the sandbox's firehose): it may only have
      // grown since the export; the days before are final and must be equal.
      const exported = real.map((row) => Number(row.split(',')[1]));
      const now = answer.result_histogram.data.map((bucket) => bucket.v[0] ?? NaN);
      assert.equal(exported.length, now.length);
      assert.deepEqual(exported.slice(0, -1), now.slice(0, -1));
      assert.ok(
        (exported.at(-1) ?? NaN) <= (now.at(-1) ?? NaN),
        `${exported.at(-1)} ≤ ${now.at(-1)}`,
      );
      assert.equal(rows.length - real.length, 14, 'the forecast’s days');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a pinned panel stays: the next run opens another', async () => {
    await extensionApi();
    await openHistogram();
    assert.equal(resultsTabs().length, 1);
    await inWebview('button:has-text("Pin")', { click: true });
    await shown('button:has-text("Pinned")', 'the pinned state');
    await openHistogram();
    await eventually(() => resultsTabs().length === 2, { what: 'a second results panel' });
    await screenshot('33-results-pinned-and-new');
  });

  it('a document whose title and content hold markup shows it as text: nothing of it runs or renders', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    const attack =
      '<img src=x onerror="document.body.dataset.attacked=1"><script>document.body.dataset.attacked=2</script>';
    const upload = await client.documents.upload({ project: '7c1e-demo' }, 'create', {
      url: 'https://acme.example/zzmarkupprobe',
      title: `Title ${attack}`,
      content: `zzmarkupprobe <b onclick="x()">bold</b> ${attack}`,
      published: String(Date.now() - 3_600_000),
    });
    assert.equal(upload.result_searchdoc[0]?.status_code, '0', JSON.stringify(upload));
    const editor = await showUntitled('// @project 7c1e-demo\n\n### markup\nzzmarkupprobe\n');
    const results = await lensCommand(editor.document.uri, /^Results$/);
    await vscode.commands.executeCommand(results.command, ...(results.arguments ?? []));
    const title = await shown('.document-title', 'the uploaded document in the results');
    assert.ok(title.includes('<img src=x onerror='), title);
    assert.ok((await shown('.document-snippet', 'its snippet')).includes('<script>'));
    for (const selector of [
      'img[onerror]',
      '.documents script',
      'b[onclick]',
      'body[data-attacked]',
    ])
      assert.equal((await inWebview(selector)).count, 0, selector);
    await screenshot('37-results-markup-as-text');
  });

  it('drill down: a country of the distribution opens its results beside, or becomes a new rule in the file', async () => {
    const api = await extensionApi();
    const document = await vscode.workspace.openTextDocument(fixture('results.mmq'));
    await vscode.window.showTextDocument(document);
    const original = document.getText();
    try {
      const distribution = (await lenses(document.uri)).find(
        (lens) => lens.command?.title === 'Distribution…',
      );
      assert.ok(distribution?.command);
      void vscode.commands.executeCommand(
        distribution.command.command,
        ...(distribution.command.arguments ?? []),
      );
      await typeIntoQuickInput('Countries');
      await shown('caption:has-text("country")', 'the country distribution');
      const before = await creditsUsed(api);
      const country = (await inWebview('tbody tr th, tbody tr td')).text.trim();
      assert.match(country, /^[A-Za-z]{2}$/, `a country code in the first cell: ${country}`);

      await inWebview('tbody tr', { click: true });
      await inWebview('[role="menuitem"]:has-text("Show results")', { click: true });
      // The slice's results open beside; the distribution stays where it was.
      assert.match(await shown('.documents', 'the slice’s results'), /\S/);
      assert.match(
        await shown('.query:has-text("AND")', 'the narrowed query'),
        new RegExp(`^\\(acme OR globex\\) AND sourcecountry:${country}$`, 'i'),
      );
      assert.ok((await creditsUsed(api)) > before, 'the results were fetched');
      // Each panel is called by what it shows: a distribution, and the slice in words.
      const labels = resultsTabs().map((tab) => tab.label);
      assert.ok(labels.includes('acme-watch · Distribution: country'), labels.join(' | '));
      assert.ok(labels.includes(`acme-watch · country ${country} · Results`), labels.join(' | '));
      await screenshot('38-drill-results');

      // The results panel has no table: the row is the distribution's.
      await inWebview('tbody tr', { click: true });
      await inWebview('[role="menuitem"]:has-text("Add as a new rule")', { click: true });
      const added = await eventually(
        () =>
          document.getText().toLowerCase().includes(`sourcecountry:${country.toLowerCase()}`)
            ? document.getText()
            : undefined,
        { what: 'the new rule in results.mmq' },
      );
      // Right after the rule it came from, each rule left whole.
      assert.equal(
        added,
        original.replace(
          'acme OR globex\n\n',
          `acme OR globex\n\n### acme-watch-sourcecountry-${country.toLowerCase()}\n(acme OR globex) AND sourcecountry:${country.toLowerCase()}\n\n`,
        ),
      );
      await screenshot('39-drill-new-rule');
    } finally {
      const editor = await vscode.window.showTextDocument(document);
      await editor.edit((builder) =>
        builder.replace(new vscode.Range(0, 0, document.lineCount, 0), original),
      );
      await document.save();
    }
  });

  it('search results over global data: a typed query with no project, its documents, page 2 and the total', async () => {
    const api = await extensionApi();
    // A rule of a file without // @project (and no default project) offers Results too.
    const editor = await showUntitled('### anywhere\nacme\n');
    const found = await lenses(editor.document.uri);
    assert.deepEqual(
      found.map((lens) => lens.command?.title),
      ['Histogram · 10 credits', 'Distribution…', 'Results', 'Explain'],
    );
    assert.match(found[2]?.command?.tooltip ?? '', /in global data of the last 30 days/);
    await closeAllEditors();

    const client = await api.connection.client();
    // Live documents keep arriving (the sandbox's firehose): the total may only grow meanwhile.
    const total = async () => totalOf(await client.results.global({ q: 'acme', hpp: 0 })) ?? NaN;
    const before = await total();
    // No .mmq editor is active: the command asks for a query.
    void vscode.commands.executeCommand('mediaMonitoring.results.search');
    await typeIntoQuickInput('acme', 'Run a query');
    const range = /^Showing (\d+)–(\d+) of ([\d,]+)$/;
    const page = async (first: number) => {
      const text = await eventually(
        async () => {
          const shownNow = (await inWebview('.paging .page-range')).text;
          return range.exec(shownNow)?.[1] === String(first) ? shownNow : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 250, what: `results from ${first} on` },
      );
      const [, from, to, of] = range.exec(text) ?? [];
      return {
        from: Number(from),
        to: Number(to),
        of: Number(of?.replace(/,/g, '')),
        first: `${(await inWebview('.document-title')).text} | ${(await inWebview('.document-facts')).text}`,
        count: (await inWebview('.documents > .document')).count,
      };
    };
    const page1 = await page(1);
    const after1 = await total();
    assert.ok(before <= page1.of && page1.of <= after1, `${before} ≤ ${page1.of} ≤ ${after1}`);
    assert.ok(page1.of > 50, `enough documents for two pages: ${page1.of}`);
    assert.deepEqual([page1.to, page1.count], [25, 25]);
    assert.match(page1.first, /^1\. /);
    assert.equal((await inWebview('.facts .target')).text, 'global data · last 30 days');
    assert.equal((await inWebview('.facts .credits')).text, '35 credits');
    // Over global data the panel offers no project's topics.
    assert.equal((await inWebview('[data-parameter="topic"]')).count, 0);

    await inWebview('button:has-text("Next")', { click: true });
    const page2 = await page(26);
    const after2 = await total();
    assert.deepEqual([page2.to, page2.count], [50, 25]);
    assert.ok(page1.of <= page2.of && page2.of <= after2, `${page1.of} ≤ ${page2.of} ≤ ${after2}`);
    assert.match(page2.first, /^26\. /);
    assert.notEqual(page2.first.replace(/^26\. /, ''), page1.first.replace(/^1\. /, ''));
    await screenshot('3a-results-global-page2');
  });
});
