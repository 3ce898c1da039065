// Runs the in-editor test suite inside a real VS Code: the VS Code server bundled in code-server
// (installed by scripts/setup-vscode-test.sh), opened by Debian's headless Chromium through
// playwright-core. The page's smoke-test driver loads the extension under development and the
// suite from the URL payload, runs the suite in the (Node) extension host, and reports its exit
// code through window.codeAutomationExit. Screenshots: a test asks through a folder of request
// files (see suite/support/screenshot.ts); a failing run saves one as well.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { format } from 'node:util';
import {
  freePort,
  freshProfile,
  ROOT,
  startVsCodeServer,
  VSCODE_TEST,
  workbenchUrl,
} from '../../../scripts/vscode-server.mjs';

const SUITE = join(ROOT, 'out/vscode-suite/index.js');
const WORKSPACE = join(ROOT, 'test/vscode/workspace');
const SHOTS = join(ROOT, 'test-results/screenshots');
const TIMEOUT_MS = Number(process.env.VSCODE_TEST_TIMEOUT_MS ?? 300_000);

const require = createRequire(join(VSCODE_TEST, 'driver/package.json'));
const { chromium } = require('playwright-core');

const started = Date.now();
const log = (message) =>
  console.log(`[harness ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** Answers screenshot requests until stopped: `<name>.req` in, `<name>.png` out, `<name>.done` back. */
function serveScreenshots(page, bridge) {
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const file of readdirSync(bridge).filter((name) => name.endsWith('.req'))) {
        const name = file.slice(0, -'.req'.length);
        await page.screenshot({ path: join(SHOTS, `${name}.png`) });
        renameSync(join(bridge, file), join(bridge, `${name}.done`));
        log(`screenshot test-results/screenshots/${name}.png`);
      }
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  const profile = freshProfile();
  const bridge = join(profile.base, 'screenshot-requests');
  mkdirSync(bridge);
  const server = startVsCodeServer(port, profile, { VSCODE_TEST_SCREENSHOT_DIR: bridge });
  process.on('exit', server.stop);
  let browser;
  let exitCode = 1;
  try {
    await server.ready();
    log(`VS Code server on 127.0.0.1:${port}`);
    browser = await chromium.launchPersistentContext(join(profile.base, 'chromium'), {
      executablePath: '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 850 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    let sawZeroTests = false;
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = format(...args);
      if (/^\[(AgentHost|ChatModelSelection)\]/.test(line)) return;
      if (/^\s*0 passing/.test(line)) sawZeroTests = true;
      (type === 'error' ? console.error : console.log)(line);
    });
    const finished = new Promise(
      (resolveExit) => void page.exposeFunction('codeAutomationExit', (code) => resolveExit(code)),
    );
    await page.goto(workbenchUrl(port, WORKSPACE, SUITE));
    log('workbench loading; the suite runs in the extension host');
    const stopScreenshots = serveScreenshots(page, bridge);
    const code = await Promise.race([
      finished,
      new Promise((resolveTimeout) => setTimeout(() => resolveTimeout('timeout'), TIMEOUT_MS)),
    ]);
    await stopScreenshots();
    exitCode = code === 0 && !sawZeroTests ? 0 : 1;
    if (code === 'timeout')
      console.error(`[harness] the suite did not finish within ${TIMEOUT_MS} ms`);
    if (sawZeroTests) console.error('[harness] the suite ran no test');
    if (exitCode !== 0) {
      await page.screenshot({ path: join(SHOTS, 'on-failure.png') }).catch(() => undefined);
      console.error('[harness] failed; screenshot: test-results/screenshots/on-failure.png');
      console.error(server.output().split('\n').slice(-40).join('\n'));
    }
    log(`suite finished with ${code}`);
  } catch (error) {
    console.error('[harness]', error);
  } finally {
    await browser?.close().catch(() => undefined);
    server.stop();
    rmSync(profile.base, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

await main();
