// Screenshots of the whole VS Code window, taken by the harness (test/vscode/harness/run.mjs),
// which drives the browser the workbench runs in; the extension host cannot take them itself.
//
// The bridge is a folder named by VSCODE_TEST_SCREENSHOT_DIR. A request is a file `<name>.req`,
// empty for a screenshot or holding a JSON action (see typeIntoQuickInput()); for a screenshot the harness
// saves test-results/screenshots/<name>.png and answers with `<name>.done` (holding the PNG's
// path), for an action with `<name>.done` once done; or with `<name>.error` (holding the reason).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../../support/eventually';

/** The environment variable through which the harness names the bridge folder. */
export const SCREENSHOT_DIR_ENV = 'VSCODE_TEST_SCREENSHOT_DIR';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Sends a request through the bridge and resolves with the harness's answer. */
async function request(
  name: string,
  body: string,
  what: string,
  timeoutMs: number,
): Promise<string | undefined> {
  if (!NAME.test(name)) throw new Error(`invalid request name: ${JSON.stringify(name)}`);
  const bridge = process.env[SCREENSHOT_DIR_ENV];
  if (!bridge) {
    console.log(`${what} skipped: ${SCREENSHOT_DIR_ENV} is not set`);
    return undefined;
  }
  const done = join(bridge, `${name}.done`);
  const error = join(bridge, `${name}.error`);
  // An answer left from an earlier request of the same name must not answer this one.
  rmSync(done, { force: true });
  rmSync(error, { force: true });
  // Written under another name and renamed, so the harness never sees a half-written request.
  const pending = join(bridge, `${name}.req.tmp`);
  writeFileSync(pending, body);
  renameSync(pending, join(bridge, `${name}.req`));
  const answer = await eventually(
    () => (existsSync(done) ? 'done' : existsSync(error) ? 'error' : undefined),
    { what: `the harness: ${what}`, timeoutMs },
  );
  if (answer === 'error') throw new Error(`${what} failed: ${readFileSync(error, 'utf8')}`);
  return readFileSync(done, 'utf8');
}

/**
 * Asks the harness for a screenshot named `name` (letters, digits, `.`, `_`, `-`; saved as
 * test-results/screenshots/<name>.png) and resolves with the PNG's path once it is written.
 * Rejects when the harness reports an error or does not answer within `timeoutMs` (10 s).
 * Outside the harness (no bridge folder, e.g. under @vscode/test-electron) it only logs that it
 * skipped the screenshot and resolves with undefined.
 */
export function screenshot(
  name: string,
  options: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  return request(name, '', `screenshot ${name}`, options.timeoutMs ?? 10_000);
}

let typings = 0;

/**
 * Types `text` into the open quick input (an input box, a quick pick) and presses Enter. With
 * `title`, waits first for a quick input whose title holds it: a wizard's next step, rather than
 * the step before it still closing.
 */
export async function typeIntoQuickInput(text: string, title?: string): Promise<void> {
  if (!process.env[SCREENSHOT_DIR_ENV]) throw new Error('typing: no harness to type');
  typings += 1;
  await request(
    `type-${typings}`,
    JSON.stringify({ action: 'type', selector: '.quick-input-widget input', text, title }),
    'typing into the quick input',
    25_000,
  );
}

let clicks = 0;

/**
 * Clicks the workbench's first element matching `selector` whose text holds `text`, once it
 * shows (within `timeoutMs`, 20 s unless given): a button the extension host cannot press, such
 * as a progress notification's Cancel in the Notifications center.
 */
export async function clickInWorkbench(
  selector: string,
  text: string,
  timeoutMs = 20_000,
): Promise<void> {
  if (!process.env[SCREENSHOT_DIR_ENV]) throw new Error('clicking: no harness to click');
  clicks += 1;
  await request(
    `click-${clicks}`,
    JSON.stringify({ action: 'click', selector, text, timeoutMs }),
    `clicking ${selector} "${text}"`,
    timeoutMs + 15_000,
  );
}

let waits = 0;

/**
 * Resolves once the workbench shows `selector` holding `text` (within `timeoutMs`, 20 s unless
 * given): a quick pick drawn, before its screenshot.
 */
export async function shownInWorkbench(
  selector: string,
  text: string,
  timeoutMs = 20_000,
): Promise<void> {
  if (!process.env[SCREENSHOT_DIR_ENV]) throw new Error('looking: no harness to look');
  waits += 1;
  await request(
    `shown-${waits}`,
    JSON.stringify({ action: 'shown', selector, text, timeoutMs }),
    `waiting for ${selector} "${text}"`,
    timeoutMs + 15_000,
  );
}

let webviewRequests = 0;

export interface WebviewAnswer {
  /** Elements matching the selector in the first webview frame that has any. */
  readonly count: number;
  /** The first one's text. */
  readonly text: string;
}

/**
 * What the open webviews show: the harness looks for `selector` in every frame of the page. With
 * `click`, `select` (an option of a <select>) or `fill` (text, then Enter), it acts on the first
 * match. The extension host cannot see into a webview; the browser that runs it can.
 */
export async function inWebview(
  selector: string,
  act: { click?: boolean; select?: string; fill?: string } = {},
): Promise<WebviewAnswer> {
  if (!process.env[SCREENSHOT_DIR_ENV]) throw new Error('webview: no harness to look');
  webviewRequests += 1;
  const answer = await request(
    `webview-${webviewRequests}`,
    JSON.stringify({ action: 'webview', selector, ...act }),
    `looking for ${selector} in a webview`,
    25_000,
  );
  return JSON.parse(answer ?? '{"count":0,"text":""}') as WebviewAnswer;
}

export interface Watch {
  /** Elements of the workbench to look at (`.view-line span`). */
  readonly selector: string;
  /** What their text must match (white space made single spaces). */
  readonly pattern: RegExp;
  /** How many must match. */
  readonly count: number;
  /** Texts shown before the change, which do not count (sorted or not). */
  readonly baseline?: readonly string[];
}

let watches = 0;

/**
 * Starts watching the workbench (in the browser, as it renders) for `watch` to show; resolves
 * once the watch is set. The returned function resolves with the moment it showed (`Date.now()`
 * of this machine), for the in-editor benchmarks.
 */
export async function watchWorkbench(
  watch: Watch,
  timeoutMs = 60_000,
): Promise<() => Promise<number>> {
  if (!process.env[SCREENSHOT_DIR_ENV]) throw new Error('watching: no harness to watch');
  watches += 1;
  const id = `watch-${watches}`;
  await request(
    id,
    JSON.stringify({
      action: 'watch',
      id,
      selector: watch.selector,
      pattern: watch.pattern.source,
      count: watch.count,
      baseline: watch.baseline ?? [],
    }),
    `watching for ${watch.selector}`,
    25_000,
  );
  return async () =>
    Number(
      await request(
        `${id}-at`,
        JSON.stringify({ action: 'watched', id, timeoutMs }),
        `the moment ${watch.selector} showed`,
        timeoutMs + 15_000,
      ),
    );
}
