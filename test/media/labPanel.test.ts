// The query lab panel's bundle (dist/media/lab.js) in headless Chromium under the extension's
// CSP: Explain Rule's table, a row per part in order with its numbers and bars scaled to the
// rule's total, the lab's flags, a click on a part that asks for it in the editor; the rule's
// words made of markup stay text; a message that is not of the protocol is dropped.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Comparison, PartsTable, ToLabPanel } from '../../media/lab/protocol';
import { pagePerTest, ROOT, type Panel } from './support/panel';

const SHOTS = join(ROOT, 'test-results/screenshots');

const TABLE: PartsTable = {
  id: 'parts-1',
  ruleId: 'acme-watch',
  target: 'project 7c1e-demo',
  days: 7,
  total: 1_204,
  sandbox: true,
  rows: [
    {
      kind: 'operand',
      text: 'acme',
      count: 1_100,
      share: 640,
      flags: ['dominant-operand'],
      start: 20,
      end: 24,
    },
    {
      kind: 'operand',
      text: '"acme corp"',
      count: 312,
      share: 0,
      flags: ['redundant-operand'],
      start: 28,
      end: 39,
    },
    { kind: 'operand', text: 'globex', count: 564, share: 104, flags: [], start: 43, end: 49 },
    { kind: 'required', text: 'lang:en', flags: [], start: 55, end: 62 },
    { kind: 'exclusion', text: 'NOT recall', share: 85, flags: [], start: 67, end: 77 },
    {
      kind: 'exclusion',
      text: 'NOT zzqxv',
      share: 0,
      flags: ['dead-exclusion'],
      start: 82,
      end: 91,
    },
  ],
};

async function showTable(panel: Panel, table: PartsTable): Promise<void> {
  const before = (await panel.posted()).length;
  await panel.send({ type: 'show', table } satisfies ToLabPanel);
  await panel.waitForPosted('drawn' as never, before);
}

const cells = (panel: Panel) =>
  panel.page.evaluate(() =>
    [...document.querySelectorAll('.parts tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()),
    ),
  ) as Promise<string[][]>;

describe('the query lab panel', function () {
  this.timeout(60_000);
  const page = pagePerTest('lab');
  let panel: Panel;
  before(() => mkdirSync(SHOTS, { recursive: true }));
  beforeEach(() => (panel = page()));

  it('a row per part in order, with its numbers, and the flags in words', async () => {
    await showTable(panel, TABLE);
    assert.deepEqual(await cells(panel), [
      ['operand', 'acme', '1,100', '640', 'most of the volume'],
      ['operand', '"acme corp"', '312', '0', 'adds nothing'],
      ['operand', 'globex', '564', '104', ''],
      ['required', 'lang:en', '', '', ''],
      ['exclusion', 'NOT recall', '', '85', ''],
      ['exclusion', 'NOT zzqxv', '', '0', 'removes nothing'],
    ]);
    assert.match(await panel.page.locator('.header').innerText(), /Parts of acme-watch/);
    assert.match(await panel.page.locator('.header').innerText(), /1,204 documents/);
    await panel.page.screenshot({ path: join(SHOTS, 'lab-parts-panel.png') });
  });

  it('says what it counts while the counts are under way, then the table replaces it', async () => {
    await panel.send({
      type: 'counting',
      counting: {
        ruleId: '<b>wide</b>',
        target: 'in project 7c1e-demo',
        days: 7,
        counts: 29,
        known: 0,
      },
    } satisfies ToLabPanel);
    const status = panel.page.locator('.counting[role="status"]');
    await status.waitFor();
    assert.equal(await status.innerText(), 'Counting 29 queries in project 7c1e-demo over 7 days…');
    // The rule's name is text, never markup.
    assert.match(await panel.page.locator('h1').innerText(), /^Parts of <b>wide<\/b>$/);
    assert.equal(await panel.page.locator('h1 b').count(), 0);
    // Counts known already are not asked again, and the panel says how many are asked.
    await panel.send({
      type: 'counting',
      counting: { ruleId: 'wide', target: 'in project 7c1e-demo', days: 7, counts: 29, known: 12 },
    } satisfies ToLabPanel);
    await panel.page.waitForFunction(() =>
      document.querySelector('.counting')?.textContent?.startsWith('Counting 17 queries'),
    );
    assert.equal(
      await status.innerText(),
      'Counting 17 queries in project 7c1e-demo over 7 days (12 of the 29 already known)…',
    );
    await panel.page.screenshot({ path: join(SHOTS, 'lab-parts-counting.png') });
    await showTable(panel, TABLE);
    assert.equal(await panel.page.locator('.counting').count(), 0);
    assert.equal((await cells(panel)).length, TABLE.rows.length);
  });

  it('beside the editor (520 px): the kind column goes, and a short word stays on one line', async () => {
    await panel.page.setViewportSize({ width: 520, height: 600 });
    await showTable(panel, TABLE);
    assert.equal(await panel.page.locator('td.kind').first().isVisible(), false);
    const lines = async (text: string) => {
      const box = await panel.page.locator('.part-text', { hasText: text }).boundingBox();
      const fontSize = await panel.page
        .locator('.part-text', { hasText: text })
        .evaluate((element: HTMLElement) => parseFloat(getComputedStyle(element).fontSize));
      // A line is about 1.4 font sizes high; two lines would be 2.8.
      return (box?.height ?? 0) < 2 * fontSize ? 1 : 2;
    };
    assert.equal(await lines('globex'), 1);
    assert.equal(await lines('"acme corp"'), 1);
    await panel.page.screenshot({ path: join(SHOTS, 'lab-parts-panel-narrow.png') });
  });

  it("bars are each number's share of the rule's total, never more than all of it", async () => {
    await showTable(panel, {
      ...TABLE,
      rows: [{ ...TABLE.rows[0]!, count: 5_000 }, TABLE.rows[2]!],
    });
    const widths = (await panel.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.bar-fill')].map((fill) => fill.style.width),
    )) as string[];
    assert.deepEqual(widths, ['100%', '53.2%', '46.8%', '8.6%']);
  });

  it('a click on a part asks for it in the editor', async () => {
    await showTable(panel, TABLE);
    await panel.page.locator('.part-text', { hasText: 'NOT recall' }).click();
    assert.deepEqual(await panel.waitForPosted('reveal' as never), {
      type: 'reveal',
      id: 'parts-1',
      row: 4,
    });
  });

  it('the rule’s words made of markup stay text; a message not of the protocol is dropped', async () => {
    await panel.send({ type: 'show', table: { ...TABLE, rows: 'no' } });
    assert.equal(await panel.page.locator('.parts').count(), 0);
    await showTable(panel, {
      ...TABLE,
      ruleId: '<img src=x onerror=alert(1)>',
      rows: [{ ...TABLE.rows[0]!, text: '<script>alert(1)</script>' }],
    });
    assert.equal(await panel.page.locator('img, .parts script').count(), 0);
    assert.equal(await panel.page.locator('.part-text').innerText(), '<script>alert(1)</script>');
  });
  it('a comparison: both versions as two lines on one chart, the documents gained and lost', async () => {
    const days = (counts: number[]) =>
      counts.map((count, index) => ({ start: Date.UTC(2026, 10, 21 + index), count }));
    const comparison: Comparison = {
      id: 'compare-1',
      ruleId: 'acme-watch',
      target: 'project 7c1e-demo',
      sandbox: true,
      before: { label: 'HEAD', query: 'acme', days: days([10, 12, 9, 14, 11, 13, 4]) },
      after: { label: 'now', query: 'acme OR globex', days: days([15, 18, 13, 20, 16, 19, 6]) },
      gained: {
        total: 37,
        documents: [
          { title: 'Globex opens a plant', url: 'https://news.example/globex' },
          { title: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)' },
        ],
      },
      lost: { total: 0, documents: [] },
    };
    const before = (await panel.posted()).length;
    await panel.send({ type: 'compare', comparison } satisfies ToLabPanel);
    await panel.waitForPosted('drawn' as never, before);
    assert.equal(await panel.page.locator('.compare-chart polyline').count(), 2);
    assert.equal(await panel.page.locator('.compare-chart polyline.before').count(), 1);
    assert.match(await panel.page.locator('h1').innerText(), /acme-watch: HEAD → now/);
    assert.match(await panel.page.locator('.header').innerText(), /73 → 107 documents/);
    const sections = await panel.page.locator('.difference h2').allInnerTexts();
    assert.deepEqual(sections, ['Gained: 37 documents (the first 2)', 'Lost: 0 documents']);
    // Only an http or https address is a link; the markup is a title's text.
    assert.equal(await panel.page.locator('.difference a').count(), 1);
    assert.equal(await panel.page.locator('img').count(), 0);
    await panel.page.locator('.difference a').click();
    assert.deepEqual(await panel.waitForPosted('openUrl' as never), {
      type: 'openUrl',
      url: 'https://news.example/globex',
    });
    await panel.page.screenshot({ path: join(SHOTS, 'lab-compare-panel.png') });
  });
});
