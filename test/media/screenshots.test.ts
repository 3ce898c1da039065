// Screenshots of every representation in the light, dark and high-contrast themes, into
// test-results/screenshots/panel-*.png, to look at after a change to the panel's looks. Each
// also checks that the page drew in the theme's background (the panel follows VS Code's
// variables) and without a CSP violation.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startBrowser, type Browser } from './support/panel';
import { THEMES, type ThemeName } from './support/themes';

const SHOTS = join(ROOT, 'test-results/screenshots');

/** What each screenshot shows, and what to do before it is taken. */
const SCENES: readonly { name: string; fixture: string; before?: (page: any) => Promise<void> }[] =
  [
    { name: 'time', fixture: 'global-published-sentiment-engagement', before: hoverChart },
    { name: 'forecast', fixture: 'project-published-forecast', before: hoverChart },
    {
      name: 'numeric',
      fixture: 'project-engagement',
      before: async (page) => {
        // Engagement is heavy-tailed: the logarithmic scale shows the tail.
        await page.getByLabel('Logarithmic scale').check();
        await hoverChart(page);
      },
    },
    { name: 'distribution', fixture: 'global-language' },
    { name: 'region', fixture: 'project-source_city' },
    { name: 'sentiment', fixture: 'project-sentiment' },
    { name: 'theme-cloud', fixture: 'global-theme_cloud-two_gram' },
    { name: 'influencers', fixture: 'project-influencers' },
    { name: 'results', fixture: 'project-results' },
    {
      name: 'drill-menu',
      fixture: 'global-country',
      before: async (page) => {
        await page.locator('table.data tbody tr').nth(1).click();
        await page.getByRole('menu').waitFor();
      },
    },
    {
      name: 'time-table',
      fixture: 'project-published-forecast',
      before: async (page) => {
        await page.getByRole('button', { name: 'View as table' }).click();
        await page.locator('table.data').waitFor();
      },
    },
  ];

async function hoverChart(page: any): Promise<void> {
  const over = page.locator('.u-over');
  const box = await over.boundingBox();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.5);
  await page.locator('.tooltip.visible').waitFor();
}

describe('screenshots of the results panel', function () {
  this.timeout(120_000);
  let browser: Browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await startBrowser();
  });
  after(() => browser?.close());

  for (const theme of ['light', 'dark', 'high-contrast'] as ThemeName[]) {
    it(`every representation in the ${theme} theme`, async () => {
      for (const scene of SCENES) {
        const panel = await browser.open(theme);
        await panel.page.setViewportSize({ width: 1100, height: 820 });
        await panel.show(scene.fixture);
        await scene.before?.(panel.page);
        await panel.page.screenshot({
          path: join(SHOTS, `panel-${scene.name}-${theme}.png`),
          fullPage: false,
        });
        const background = await panel.page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        );
        assert.equal(
          background,
          hexToRgb(THEMES[theme]['--vscode-editor-background']!),
          `${scene.name} ${theme}`,
        );
        assert.deepEqual(await panel.violations(), []);
        await panel.close();
      }
    });
  }
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
