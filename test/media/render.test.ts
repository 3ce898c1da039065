// Every representation of api.md renders from the sandbox's recorded answers: series and
// legends of time charts, the forecast band, bars of numeric histograms, rows of distributions,
// influencers and results; without a CSP violation, a warning or an error in the page.
import assert from 'node:assert/strict';
import { representationOf } from '../../core/api/histogramRules';
import { fixture, fixtureNames, pageKeptClean, pagePerTest, type Panel } from './support/panel';

describe('the results panel renders every representation', function () {
  this.timeout(60_000);
  let panel: Panel;
  const current = pagePerTest('results', async (page) => {
    await pageKeptClean(page);
    assert.deepEqual(await page.warnings(), [], 'warnings');
  });
  beforeEach(() => (panel = current()));

  it('recorded a fixture of every histogram type, globally and in a project', () => {
    const names = fixtureNames();
    assert.equal(
      names.filter((name) => name.startsWith('global-') && representationOf(name.slice(7))).length,
      31,
    );
    assert.equal(
      names.filter((name) => name.startsWith('project-') && representationOf(name.slice(8))).length,
      31,
    );
  });

  it('draws each time histogram with one series per header value and its legend', async () => {
    for (const name of [
      'global-published',
      'project-search_indexed',
      'global-published-sentiment-engagement',
      'project-published-topic',
    ]) {
      const shown = await panel.show(name);
      assert.equal(shown.view.kind, 'histogram');
      if (shown.view.kind !== 'histogram') return;
      const header = shown.view.result.header?.v ?? [];
      const chart = panel.page.locator('.chart');
      // With buckets only partly in the range, each series has a dotted line for them too.
      const partial = Number(await chart.getAttribute('data-partial'));
      assert.equal(
        await chart.getAttribute('data-series'),
        String(header.length * (partial > 0 ? 2 : 1)),
        name,
      );
      assert.equal(
        await chart.getAttribute('data-points'),
        String(shown.view.result.data.length),
        name,
      );
      assert.deepEqual(await panel.page.locator('.legend-item').allTextContents(), header, name);
      assert.equal(await panel.page.locator('.chart canvas').count(), 1);
    }
  });

  it('draws the forecast as a band after the last real bucket', async () => {
    const shown = await panel.show('project-published-forecast');
    if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
    const forecast = shown.view.result.forecast?.data ?? [];
    assert.equal(forecast.length, 14);
    const chart = panel.page.locator('.chart');
    // Three breakdown values, each with a forecast line and its two bounds, and a dotted line
    // for the two buckets only partly in the 28 days; a band each.
    assert.equal(await chart.getAttribute('data-partial'), '2');
    assert.equal(await chart.getAttribute('data-series'), '15');
    assert.equal(await chart.getAttribute('data-bands'), '3');
    assert.equal(
      await chart.getAttribute('data-points'),
      String(shown.view.result.data.length + 14),
    );
    assert.match(await panel.page.locator('.forecast-note').textContent(), /forecast of 14 days/);
    await panel.page.getByRole('button', { name: 'View as table' }).click();
    assert.equal(
      await panel.page.locator('table.data tbody tr', { hasText: '(forecast)' }).count(),
      14,
    );
  });

  it('draws numeric histograms as bars, one per bucket', async () => {
    for (const name of [
      'global-reach',
      'project-engagement',
      'global-netB_followers',
      'project-cluster_size',
    ]) {
      const shown = await panel.show(name);
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      assert.equal(
        await panel.page.locator('.chart').getAttribute('data-points'),
        String(shown.view.result.data.length),
        name,
      );
    }
  });

  it('shows distributions as tables with counts and shares of total_hits', async () => {
    const shown = await panel.show('global-language');
    if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
    const rows = panel.page.locator('table.data tbody tr');
    assert.equal(await rows.count(), shown.view.result.data.length);
    const first = shown.view.result.data[0]!;
    const cells = await rows.nth(0).locator('td').allTextContents();
    assert.equal(cells[0], first.ks);
    assert.equal(cells[1], first.v[0]!.toLocaleString('en'));
    const share = (first.v[0]! / shown.view.result.total_hits!) * 100;
    assert.equal(cells[2], `${share.toFixed(1).replace(/\.0$/, '')}%`);
    assert.match(await panel.page.locator('caption').textContent(), /of [\d,]+ matching documents/);
  });

  it('shows regions and cities with their keys, theme_cloud as shares of the sample with its mode', async () => {
    await panel.show('project-source_city');
    assert.deepEqual(await panel.page.locator('table.data thead th').allTextContents(), [
      'Country',
      'Region',
      'City',
      'Key (short_id)',
      'Documents',
      'Share of all',
      'Share',
    ]);
    await panel.show('global-theme_cloud-two_gram');
    assert.match(
      await panel.page.locator('caption').textContent(),
      /15 terms, tokenizing mode two_gram; each a share of a sample/,
    );
    assert.equal(await panel.page.locator('table.data tbody tr').count(), 15);
  });

  it('shows every fixed and top-N distribution with a row per bucket', async () => {
    for (const name of fixtureNames()) {
      const type = name.replace(/^(global|project)-/, '');
      const representation = representationOf(type);
      if (representation !== 'topN' && representation !== 'distribution') continue;
      const shown = await panel.show(name);
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      assert.equal(
        await panel.page.locator('table.data tbody tr').count(),
        shown.view.result.data.length,
        name,
      );
    }
    await panel.show('global-unique_author');
    assert.match(
      await panel.page.locator('.summary').textContent(),
      /^[\d,]+ unique authors among [\d,]+ documents$/,
    );
  });

  it('shows top influencers with links, sentiment bars and matched topics by name', async () => {
    const shown = await panel.show('project-influencers');
    if (shown.view.kind !== 'influencers') throw new Error('not influencers');
    const rows = panel.page.locator('table.data tbody tr');
    assert.equal(await rows.count(), shown.view.influencers.length);
    assert.equal(
      await rows.nth(0).locator('a.external').textContent(),
      shown.view.influencers[0]!.details.name,
    );
    assert.equal(await panel.page.locator('.sentiment-bar').count(), shown.view.influencers.length);
    const topics = await rows.nth(0).locator('td').last().textContent();
    assert.match(topics, /Acme \(\d+\)/);
  });

  it('shows results with highlighted snippets and says which of how many', async () => {
    const shown = await panel.show('project-results');
    if (shown.view.kind !== 'results') throw new Error('not results');
    assert.equal(await panel.page.locator('.document').count(), 10);
    assert.equal(
      await panel.page.locator('.paging .page-range').textContent(),
      `Showing 1–10 of ${shown.view.total.toLocaleString('en')}`,
    );
    assert.ok((await panel.page.locator('.document mark').count()) > 0);
    assert.equal(
      await panel.page.locator('.document').first().locator('mark').first().textContent(),
      'Acme',
    );
  });

  it('announces only what changes: the page itself is no live region', async () => {
    await panel.show('project-results');
    assert.equal(await panel.page.locator('#app').getAttribute('aria-live'), null);
    assert.equal(
      (await panel.page.locator('[aria-live], [role="status"], [role="alert"]').count()) > 0,
      true,
    );
  });

  it('says what ran, where, for how much, and against the sandbox', async () => {
    await panel.show('project-published-forecast');
    const facts = await panel.page.locator('.facts').textContent();
    assert.match(facts, /sandbox/);
    assert.match(facts, /project Acme brand monitoring/);
    assert.match(facts, /10 credits/);
    await panel.show(fixture('global-language'));
    assert.match(await panel.page.locator('.facts').textContent(), /global data/);
    assert.equal(
      await panel.page.locator('.query code').textContent(),
      'acme OR rocket OR anvil OR globex OR initech',
    );
  });

  it('marks the buckets the range covers only in part, in the chart and the table', async () => {
    // Last 28 days by day, answered at noon: the first day from noon on, today until noon.
    await panel.show('project-published-forecast');
    assert.equal(await panel.page.locator('.chart').getAttribute('data-partial'), '2');
    assert.equal(
      await panel.page.locator('.partial-note').textContent(),
      'Dotted line, hollow point: 2026-10-23 and 2026-11-20 are only partly in the range: fewer documents, not a dip',
    );
    await panel.page.getByRole('button', { name: 'View as table' }).click();
    assert.deepEqual(
      await panel.page
        .locator('table.data tbody tr', { hasText: '(partial)' })
        .locator('td:first-child')
        .allTextContents(),
      ['2026-10-23 (partial)', '2026-11-20 (partial)'],
    );
    // Whole days from midnight to midnight, asked for in the past: nothing is partial.
    await panel.page.getByRole('button', { name: 'View as table' }).click();
    const whole = fixture('project-published');
    if (whole.view.kind !== 'histogram') throw new Error('not a histogram');
    const first = whole.view.result.data[0]!.t!;
    await panel.show({
      ...whole,
      run: { ...whole.run, id: 'whole-days', at: first + 30 * 86_400_000 },
      view: { ...whole.view, parameters: { min: first, max: first + 8 * 86_400_000 } },
    });
    assert.equal(await panel.page.locator('.chart').getAttribute('data-partial'), '0');
    assert.equal(await panel.page.locator('.partial-note').count(), 0);
  });

  it('counts one document in the singular', async () => {
    const shown = fixture('project-published');
    if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
    const data = shown.view.result.data.map((bucket) => ({ ...bucket, v: [1] }));
    await panel.show({
      ...shown,
      view: { ...shown.view, result: { ...shown.view.result, data } },
    });
    const chart = panel.page.locator('.chart');
    await chart.focus();
    await chart.press('ArrowRight');
    assert.match(await panel.page.locator('.tooltip.visible').textContent(), /\b1 document$/);
  });
  it('says under each result which operands of the rule match it, or plainly that none does here', async () => {
    const shown = fixture('project-results');
    if (shown.view.kind !== 'results') throw new Error('not results');
    const [first, second, third] = shown.view.documents;
    if (!first || !second || !third) throw new Error('the fixture has three documents');
    const documents = [
      {
        ...first,
        title: 'Acme rockets and anvils',
        titleSnippet: undefined,
        contentSnippet: undefined,
        reading: {
          operands: ['acme', '"acme corp"', '<img src=x onerror=alert(1)>'],
          titleMarks: [[0, 4] as [number, number], [99, 120] as [number, number]],
          excerpt: { text: '…the Acme rocket…', marks: [[5, 9] as [number, number]] },
        },
      },
      {
        ...second,
        reading: {
          operands: [],
          titleMarks: [],
          unexplained: "none of the rule's operands matches it here",
        },
      },
      { ...third, reading: undefined },
    ];
    await panel.show({ ...shown, view: { ...shown.view, documents } });
    const items = panel.page.locator('.document');
    const matched = items.nth(0).locator('.document-matched');
    assert.equal(
      await matched.textContent(),
      'Matched by acme · "acme corp" · <img src=x onerror=alert(1)>',
    );
    assert.equal(await matched.locator('code').count(), 3, 'each operand as text, not markup');
    assert.equal(await items.nth(0).locator('img').count(), 0);
    assert.equal(await items.nth(0).locator('.document-title mark').textContent(), 'Acme');
    assert.equal(
      await items.nth(0).locator('.document-title mark').count(),
      1,
      'a mark past the title is skipped',
    );
    assert.equal(await items.nth(0).locator('.document-snippet mark').textContent(), 'Acme');
    assert.match(
      await items.nth(1).locator('.document-unexplained').textContent(),
      /^Not explained here: none of the rule's operands matches it here\.$/,
    );
    assert.equal(await items.nth(2).locator('.document-matched, .document-unexplained').count(), 0);
    await panel.page.screenshot({ path: 'test-results/screenshots/results-why-matched.png' });
  });
});
