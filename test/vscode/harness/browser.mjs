// Debian's Chromium driven by playwright-core (both installed by scripts/setup-vscode-test.mjs):
// shared by the in-editor harness (run.mjs) and the tests that use VS Code as a user does
// (test/readme/: `npm start`, the installed .vsix).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { VSCODE_TEST } from '../../../scripts/vscode-server.mjs';

export const CHROMIUM = process.env.VSCODE_TEST_CHROMIUM ?? '/usr/bin/chromium';
/** Without the networking flags Chromium keeps trying hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 1400, height: 850 };
export const PLAYWRIGHT_PACKAGE = join(
  VSCODE_TEST,
  'driver/node_modules/playwright-core/package.json',
);

/** playwright-core's `chromium`, from .vscode-test/driver (not a project dependency). */
export function playwrightChromium() {
  return createRequire(join(VSCODE_TEST, 'driver/package.json'))('playwright-core').chromium;
}

/**
 * A headless Chromium with one page, its profile in `userDataDir`. The caller handles signals
 * (so Ctrl+C can close the browser and the VS Code server together) and closes the context.
 */
export async function launchBrowser(userDataDir) {
  const context = await playwrightChromium().launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORT,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}
