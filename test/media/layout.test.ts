// The results panel and the upload report panel from a narrow editor group (320 px) to half a
// window (700 px) and a whole one (1,400 px): a screenshot of each in test-results/screenshots/
// (layout-*.png), and what a reader would notice measured. Rows of a table stay one line high;
// nothing widens the page (a wide table scrolls sideways in its own box); a cut text has its
// whole self in a tooltip; a chart's tick labels do not run into each other and read short
// (1.25M); a count axis ticks on whole numbers. Each panel also gets generated long texts (names,
// topics, titles, URLs and messages without a space) and tiny counts, the inputs that broke it.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Bucket } from '../../media/results/protocol';
import type { ReportRow, ToReportPanel, UploadReport } from '../../media/report/protocol';
import { fixture, ROOT, startBrowser, type Browser, type Panel, type Show } from './support/panel';

const SHOTS = join(ROOT, 'test-results/screenshots');
const WIDTHS = [320, 700, 1400] as const;
/** One line of text with its padding and border (13 px at a line height of 1.4), not two. */
const ONE_LINE_ROW = 40;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const long = (seed: string, length: number) =>
  seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

/** A fixture shown under its own run id, so that each show is waited for. */
function scene(name: string, id: string, change?: (shown: Show) => Show): Show {
  const shown = fixture(name);
  const changed = change ? change(shown) : shown;
  return { ...changed, run: { ...changed.run, id } };
}

function histogramOf(shown: Show, data: Bucket[], parameters = {}): Show {
  if (shown.view.kind !== 'histogram') throw new Error('not a histogram');
  return {
    ...shown,
    view: { ...shown.view, parameters, result: { ...shown.view.result, data } },
  };
}

/** What the results panel shows at each width: the representations and their hostile forms. */
const RESULTS_SCENES: readonly { name: string; show: (id: string) => Show }[] = [
  { name: 'time-series', show: (id) => scene('project-published', id) },
  {
    // Tiny counts: a count axis would tick at 0.5 without whole steps.
    name: 'time-small-counts',
    show: (id) =>
      scene('project-published', id, (shown) => {
        const start = Date.UTC(2026, 10, 19);
        return {
          ...histogramOf(
            shown,
            Array.from({ length: 24 }, (_, hour) => ({
              t: start + hour * HOUR,
              v: [[0, 1, 3, 2][hour % 4]!],
            })),
            { min: start, max: start + DAY, interval: 'hour' },
          ),
          run: { ...shown.run, at: start + 2 * DAY },
        };
      }),
  },
  { name: 'distribution', show: (id) => scene('global-country', id) },
  {
    name: 'distribution-long-keys',
    show: (id) =>
      scene('global-hashtag', id, (shown) =>
        histogramOf(
          shown,
          Array.from({ length: 12 }, (_, index) => ({
            ks: `#${long(`averyveryverylonghashtag${index}`, 40 + index * 30)}`,
            v: [100 - index],
          })),
        ),
      ),
  },
  { name: 'numeric', show: (id) => scene('global-reach', id) },
  {
    // Millions on the x axis ("1,000,0001,250,000" ran together), a few documents on the y axis.
    name: 'numeric-millions',
    show: (id) =>
      scene('global-reach', id, (shown) =>
        histogramOf(
          shown,
          Array.from({ length: 20 }, (_, index) => ({ k: index * 250_000, v: [(index % 3) + 1] })),
          { interval: '250000' },
        ),
      ),
  },
  { name: 'influencers', show: (id) => scene('project-influencers', id) },
  {
    name: 'influencers-long-texts',
    show: (id) =>
      scene('project-influencers', id, (shown) => {
        if (shown.view.kind !== 'influencers') throw new Error('not influencers');
        const influencers = shown.view.influencers.map((influencer, index) => ({
          ...influencer,
          details: {
            ...influencer.details,
            name: long(`Acme Corporation Official News Network ${index} `, 60 + index * 25),
          },
          matched_topics: Array.from({ length: 12 }, (_, topic) => ({
            topic_id: `t-${long('topic', 30)}-${topic}`,
            posts_amount: topic,
          })),
        }));
        return { ...shown, view: { ...shown.view, influencers } };
      }),
  },
  { name: 'results', show: (id) => scene('project-results', id) },
  {
    name: 'results-long-texts',
    show: (id) =>
      scene('project-results', id, (shown) => {
        if (shown.view.kind !== 'results') throw new Error('not results');
        const documents = shown.view.documents.map((document, index) => ({
          ...document,
          url: `https://news.example/${long('a-very-long-path-segment/', 200 + index * 40)}`,
          title: long('Unbrokenwordwithoutanyspaceatall', 120 + index * 20),
          titleSnippet: undefined,
          source: long('@averylonghandle', 60),
          contentSnippet: `${long('x', 300)} <b>acme</b> ${long('y', 200)}`,
        }));
        return { ...shown, view: { ...shown.view, documents } };
      }),
  },
];

interface PageFacts {
  /** How much wider than the window the page is (0: not at all). */
  pageOverflow: number;
  /** Elements beyond the window's right edge that no scrolling box holds. */
  outside: string[];
  /** Height of each table row. */
  rowHeights: number[];
  /** Cut texts whose tooltip is not the whole text. */
  cutWithoutTooltip: string[];
  /** Message cells of the upload report whose text does not fit in them. */
  clippedMessages: number;
}

/** Measured in the page (DOM library): see PageFacts. */
async function measured(panel: Panel): Promise<PageFacts> {
  // tsx keeps the names of functions inside `measure` with a helper the page does not have.
  await panel.page.evaluate('globalThis.__name ??= (target) => target');
  const facts: PageFacts = await panel.page.evaluate(measure);
  return facts;
}

function measure(): PageFacts {
  const width = document.documentElement.clientWidth;
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} “${(element.textContent ?? '').slice(0, 40)}”`;
  const heldByScrollBox = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body) return false;
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow !== 'visible' && parent.getBoundingClientRect().right <= width + 1) return true;
    }
    return false;
  };
  const outside: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1) continue;
    if (!heldByScrollBox(element)) outside.push(name(element));
  }
  const cutWithoutTooltip = [...document.querySelectorAll<HTMLElement>('.clip')]
    .filter((clip) => clip.scrollWidth > clip.clientWidth + 1)
    .filter((clip) => {
      // The cell's tooltip, or its link's when the text is one.
      const tooltip = clip.querySelector('a')?.title ?? clip.title;
      return !tooltip.includes(clip.textContent ?? '');
    })
    .map(name);
  return {
    pageOverflow: document.documentElement.scrollWidth - width,
    outside,
    rowHeights: [...document.querySelectorAll('tbody tr')].map(
      (row) => row.getBoundingClientRect().height,
    ),
    cutWithoutTooltip,
    clippedMessages: [...document.querySelectorAll<HTMLElement>('.report-table td.message')].filter(
      (cell) => cell.scrollWidth > cell.clientWidth + 1,
    ).length,
  };
}

interface Tick {
  readonly text: string;
  readonly from: number;
  readonly to: number;
}

/** The tick labels a chart drew, per axis, and its canvas's right edge. */
async function chartTicks(panel: Panel): Promise<{ x: Tick[]; y: Tick[] } | undefined> {
  if ((await panel.page.locator('.chart').count()) === 0) return undefined;
  await panel.page.locator('.chart[data-x-ticks]').waitFor({ state: 'attached' });
  const ticks: { x: Tick[]; y: Tick[] } = await panel.page.evaluate(() => {
    const chart = document.querySelector<HTMLElement>('.chart')!;
    return {
      x: JSON.parse(chart.dataset.xTicks ?? '[]') as Tick[],
      y: JSON.parse(chart.dataset.yTicks ?? '[]') as Tick[],
    };
  });
  return ticks;
}

/** A short axis number (950, 12k, 1.25M) as the number it stands for. */
function axisValue(text: string): number {
  const match = /^(-?[\d.]+)([kMBT]?)$/.exec(text.replace(/,/g, ''));
  assert.ok(match, `an axis number: ${text}`);
  const unit = { '': 1, k: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as '' | 'k' | 'M' | 'B' | 'T'];
  return Math.round(Number(match[1]) * unit * 1e6) / 1e6;
}

function assertApart(ticks: readonly Tick[], where: string): void {
  const sorted = [...ticks].sort((a, b) => a.from - b.from);
  for (let index = 1; index < sorted.length; index++) {
    const [before, after] = [sorted[index - 1]!, sorted[index]!];
    assert.ok(
      after.from >= before.to + 2,
      `${where}: tick labels “${before.text}” and “${after.text}” touch (${before.to.toFixed(1)} ≥ ${after.from.toFixed(1)})`,
    );
  }
}

function assertLayout(facts: PageFacts, where: string, rowBound = ONE_LINE_ROW): void {
  assert.ok(facts.pageOverflow <= 1, `${where}: the page is ${facts.pageOverflow} px too wide`);
  assert.deepEqual(facts.outside, [], `${where}: beyond the window, outside a scrolling box`);
  const tallest = Math.max(0, ...facts.rowHeights);
  assert.ok(tallest <= rowBound, `${where}: a table row ${tallest.toFixed(0)} px high`);
  assert.deepEqual(facts.cutWithoutTooltip, [], `${where}: cut without the whole text`);
}

describe('the panels from 320 px to a whole window', function () {
  this.timeout(180_000);
  before(() => mkdirSync(SHOTS, { recursive: true }));

  describe('the results panel', () => {
    let browser: Browser;
    before(async () => {
      browser = await startBrowser();
    });
    after(() => browser?.close());

    for (const width of WIDTHS) {
      it(`at ${width} px: every representation, one line a row, nothing past the window, ticks apart and whole`, async () => {
        const panel = await browser.open('dark');
        try {
          await panel.page.setViewportSize({ width, height: 900 });
          for (const { name, show } of RESULTS_SCENES) {
            const where = `${name} at ${width} px`;
            await panel.show(show(`${name}-${width}`));
            await panel.page.screenshot({ path: join(SHOTS, `layout-${name}-${width}.png`) });
            assertLayout(await measured(panel), where);
            const ticks = await chartTicks(panel);
            if (name.startsWith('time') || name.startsWith('numeric')) {
              assert.ok(ticks && ticks.x.length >= 2 && ticks.y.length >= 2, `${where}: ticks`);
              const canvas = await panel.page.locator('.chart canvas').boundingBox();
              assert.ok(canvas.x + canvas.width <= width, `${where}: the chart fits`);
            }
            if (!ticks) continue;
            assertApart(ticks.x, `${where}, x axis`);
            assertApart(ticks.y, `${where}, y axis`);
            // Documents counted: whole numbers only, written short.
            for (const tick of ticks.y)
              assert.ok(Number.isInteger(axisValue(tick.text)), `${where}: y tick ${tick.text}`);
            if (name.startsWith('numeric'))
              for (const tick of ticks.x) {
                assert.ok(Number.isInteger(axisValue(tick.text)), `${where}: x tick ${tick.text}`);
                assert.ok(tick.text.length <= 6, `${where}: x tick ${tick.text} is short`);
              }
          }
          if (width >= 700) {
            // Half a window shows an influencer's reach without scrolling sideways.
            await panel.show(
              RESULTS_SCENES.find((each) => each.name === 'influencers')!.show(`i-${width}`),
            );
            const reach = await panel.page
              .locator('table.data thead th', { hasText: /^Reach$/ })
              .boundingBox();
            assert.ok(reach.x + reach.width <= width - 16, `Reach visible at ${width} px`);
          }
        } finally {
          await panel.close();
        }
      });
    }

    it('numbers up to millions tick short on the x axis: 0, 1M, 1.25M … (not 1,250,000)', async () => {
      const panel = await browser.open('dark');
      try {
        await panel.page.setViewportSize({ width: 700, height: 900 });
        await panel.show(
          RESULTS_SCENES.find((each) => each.name === 'numeric-millions')!.show('m'),
        );
        const ticks = await chartTicks(panel);
        const texts = ticks!.x.map((tick) => tick.text);
        assert.ok(texts.includes('1M') || texts.includes('2M'), texts.join(' '));
        assert.ok(
          texts.every((text) => /^(0|\d+(\.\d+)?[kM])$/.test(text)),
          texts.join(' '),
        );
      } finally {
        await panel.close();
      }
    });
  });

  describe('the upload report panel', () => {
    let browser: Browser;
    before(async () => {
      browser = await startBrowser('report');
    });
    after(() => browser?.close());

    const rows: ReportRow[] = Array.from({ length: 40 }, (_, index): ReportRow => {
      const outcome = (['applied', 'refused', 'unknown', 'not-sent'] as const)[index % 4]!;
      return {
        line: index + 1,
        outcome,
        ...(outcome === 'not-sent'
          ? {}
          : {
              url: `https://reviews.acme.example/${long('segment-without-end/', 20 + index * 7)}`,
            }),
        ...(outcome === 'applied' ? { status_code: '0' } : {}),
        ...(outcome === 'refused' ? { status_code: '16' } : {}),
        message:
          outcome === 'refused'
            ? `The url https://elsewhere.example/${long('x', index * 4)} matches no channel of project p-insights; ${long('reason ', index * 6)}`
            : outcome === 'applied'
              ? 'Created'
              : outcome === 'unknown'
                ? 'the connection closed'
                : `not sent: title: required on create ${long('Z', index * 5)}`,
      };
    });
    const report: UploadReport = {
      id: 'upload-layout',
      source: `data/${long('reviews-of-the-new-anvil-', 120)}.ndjson`,
      reportFile: 'data/reviews.ndjson.report.ndjson',
      target: 'dataset ds-survey of project p-insights',
      mode: 'create',
      sandbox: true,
      annotated: true,
      counts: { applied: 10, refused: 10, unknown: 10, 'not-sent': 10 },
      rows: rows.map((row) => ({ ...row, sentiment: (row.line % 11) - 5 })),
      retryable: 30,
    };

    for (const width of WIDTHS) {
      it(`at ${width} px: messages whole, addresses on one line, nothing past the window`, async () => {
        const panel = await browser.open('dark');
        try {
          await panel.page.setViewportSize({ width, height: 900 });
          const before = (await panel.posted()).length;
          await panel.send({ type: 'show', report } satisfies ToReportPanel);
          await panel.waitForPosted('drawn' as never, before);
          await panel.page.screenshot({ path: join(SHOTS, `layout-upload-report-${width}.png`) });
          const facts = await measured(panel);
          // A message wraps (it is what a reader came for); a row with a short one stays one line.
          assertLayout(facts, `upload report at ${width} px`, Infinity);
          assert.equal(facts.clippedMessages, 0, `messages cut at ${width} px`);
          const shortRows = await panel.page
            .locator('.report-table tbody tr', { hasText: 'Created' })
            .evaluateAll((found: Element[]) =>
              found.map((row) => row.getBoundingClientRect().height),
            );
          assert.ok(
            Math.max(...shortRows) <= ONE_LINE_ROW,
            `applied rows one line at ${width} px: ${shortRows.join(', ')}`,
          );
          const message = await panel.page.locator('.report-table th.message').boundingBox();
          assert.ok(message.width >= 150, `the Message column ${message.width} px wide`);
          // From half a window on, the whole message column is in view without scrolling.
          if (width >= 700)
            assert.ok(
              message.x + message.width <= width - 16,
              `the Message column ends at ${message.x + message.width} of ${width} px`,
            );
        } finally {
          await panel.close();
        }
      });
    }
  });
});
