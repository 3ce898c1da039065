// Driving VS Code's web client from outside, as a user does: clicks and keys in Chromium, and
// what the page shows. For the tests of what a user gets from `npm start` and from the .vsix;
// the in-editor suite (test/vscode/) instead runs inside the extension host.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../vscode/harness/browser.mjs';
import { ROOT } from '../../../scripts/vscode-server.mjs';

const SCREENSHOTS = join(ROOT, 'test-results/screenshots');

/** Timeouts, generous: the machine may be busy, and each wait ends as soon as its condition holds. */
export const SHOWN_WITHIN_MS = 120_000;

export interface Workbench {
  /** playwright's Page (its types are not at hand: playwright-core lives in .vscode-test). */
  readonly page: any;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openWorkbench(url: string): Promise<Workbench> {
  const profile = mkdtempSync(join(tmpdir(), 'mm-chromium-'));
  const { context, page } = await launchBrowser(profile);
  await page.goto(url);
  return {
    page,
    async screenshot(name) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const path = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The status bar entry whose text matches, once shown; its text. */
export async function statusBarEntry(workbench: Workbench, text: RegExp): Promise<string> {
  const entry = workbench.page.locator('.statusbar-item', { hasText: text }).first();
  await entry.waitFor({ timeout: SHOWN_WITHIN_MS });
  return ((await entry.innerText()) as string).trim();
}

/** Opens the Media Monitoring view container from the activity bar. */
export async function showMediaMonitoring(workbench: Workbench): Promise<void> {
  const icon = workbench.page.locator(
    '.activitybar .action-item a[aria-label^="Media Monitoring"]',
  );
  await icon.waitFor({ timeout: SHOWN_WITHIN_MS });
  await icon.click();
}

/** Waits for a tree or list row holding `text`. */
export async function rowShown(workbench: Workbench, text: string): Promise<void> {
  await workbench.page
    .locator('.monaco-list-row', { hasText: text })
    .first()
    .waitFor({ timeout: SHOWN_WITHIN_MS });
}

/** Runs a command from the palette by its title, as typed there. */
export async function runCommand(workbench: Workbench, title: string): Promise<void> {
  const { page } = workbench;
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: SHOWN_WITHIN_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Opens a workspace file with Quick Open and waits for its editor tab. */
export async function openFile(workbench: Workbench, name: string): Promise<void> {
  const { page } = workbench;
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: SHOWN_WITHIN_MS });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: SHOWN_WITHIN_MS });
}
