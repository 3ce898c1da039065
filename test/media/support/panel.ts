// The results panel in headless Chromium as VS Code shows it: the page of src/shell/webviews/html.ts
// (same CSP, a fresh nonce) served with dist/media/ from a local HTTP server on port 0, a fake
// acquireVsCodeApi that records what the panel posts and keeps its state across reloads, and
// ToPanel messages sent with window.postMessage. Dialogs, CSP violations and the panel's
// warnings are recorded for the tests to check.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { FromPanel, ToPanel } from '../../../media/results/protocol';
import { panelHtml } from '../../../src/shell/webviews/html';
import { launchBrowser } from '../../vscode/harness/browser.mjs';
import { BODY_CLASS, THEMES, type ThemeName } from './themes';

export const ROOT = join(import.meta.dirname, '../../..');
export const DIST = join(ROOT, 'dist/media');
export const FIXTURES = join(ROOT, 'test/fixtures/panel');

export type Show = Extract<ToPanel, { type: 'show' }>;

declare global {
  interface Window {
    __posted: FromPanel[];
    __warnings: string[];
    __violations: string[];
  }
}

export function fixture(name: string): Show {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Show;
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -5))
    .sort();
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** Serves the page of the panel `bundle` (results.js, detect.js, …) at / and dist/media/ under /media/. */
export async function startServer(
  bundle = 'results',
): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path === '/panel.html') {
      const html = panelHtml({
        cspSource: origin,
        nonce: randomBytes(16).toString('base64'),
        scriptUri: `${origin}/media/${bundle}.js`,
        styleUri: `${origin}/media/${bundle}.css`,
        title: `Media Monitoring ${bundle}`,
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
      return;
    }
    const file = /^\/media\/([\w.-]+)$/.exec(path)?.[1];
    if (file) {
      try {
        const body = readFileSync(join(DIST, file));
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
        return;
      } catch {
        // Falls through to 404.
      }
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs in the page before its script: VS Code's API as a fake, and the recorders. */
const INIT_SCRIPT = `(() => {
  const key = '__panelState';
  window.__posted = [];
  window.__warnings = [];
  window.__violations = [];
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
    acquired = true;
    return {
      postMessage: (message) => window.__posted.push(JSON.parse(JSON.stringify(message))),
      getState: () => {
        const kept = sessionStorage.getItem(key);
        return kept === null ? undefined : JSON.parse(kept);
      },
      setState: (state) => sessionStorage.setItem(key, JSON.stringify(state)),
    };
  };
  document.addEventListener('securitypolicyviolation', (event) =>
    window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
  const warn = console.warn.bind(console);
  console.warn = (...parts) => {
    window.__warnings.push(parts.map(String).join(' '));
    warn(...parts);
  };
})();`;

/** The part of playwright's Page (untyped here: playwright-core is not a dependency) used below. */
interface PageCalls {
  evaluate<R, A = undefined>(code: (argument: A) => R, argument?: A): Promise<R>;
  waitForSelector(selector: string, options?: object): Promise<unknown>;
  waitForFunction<A>(code: (argument: A) => boolean, argument: A): Promise<unknown>;
  close(): Promise<void>;
}

export interface Panel {
  readonly page: any;
  /** Dialogs (alert, confirm, …) the page opened: none is ever expected. */
  readonly dialogs: string[];
  /** Errors thrown in the page. */
  readonly errors: string[];
  send(message: unknown): Promise<void>;
  show(name: string | Show): Promise<Show>;
  posted(): Promise<FromPanel[]>;
  /** Waits until the panel posted a message of `type` beyond the first `after`, and returns it. */
  waitForPosted<T extends FromPanel['type']>(
    type: T,
    after?: number,
  ): Promise<Extract<FromPanel, { type: T }>>;
  theme(name: ThemeName): Promise<void>;
  violations(): Promise<string[]>;
  warnings(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Browser {
  readonly origin: string;
  open(theme?: ThemeName): Promise<Panel>;
  close(): Promise<void>;
}

export async function startBrowser(bundle = 'results'): Promise<Browser> {
  const server = await startServer(bundle);
  const profile = mkdtempSync(join(tmpdir(), 'mm-panel-chromium-'));
  const { context, page: first } = await launchBrowser(profile);
  // A page is made a step ahead: a new page is a new renderer process, about 0.3 s here, made
  // while the test before runs rather than at the start of the next (each test still gets a page
  // nothing has used).
  let spare: Promise<any> = context.newPage();
  await first.close();
  return {
    origin: server.origin,
    async open(theme = 'dark') {
      const page = await spare;
      await page.bringToFront();
      // A new page takes the front: the page in use is given it back, or Chromium slows its
      // animation frames and timers as a background tab's.
      spare = context.newPage().then(async (next: unknown) => {
        await page.bringToFront().catch(() => undefined);
        return next;
      });
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog: any) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error: Error) => errors.push(error.message));
      await page.addInitScript(INIT_SCRIPT);
      await page.goto(`${server.origin}/`);
      const calls = page as PageCalls;
      const panel: Panel = {
        page,
        dialogs,
        errors,
        send: (message) =>
          calls.evaluate((data: unknown) => window.postMessage(data, '*'), message),
        async show(name) {
          const message = typeof name === 'string' ? fixture(name) : name;
          await panel.send(message);
          await calls.waitForSelector(`.content[data-run="${message.run.id}"]`, {
            state: 'attached',
          });
          return message;
        },
        posted: () => calls.evaluate(() => window.__posted),
        async waitForPosted(type, after = 0) {
          await calls.waitForFunction(
            ([wanted, skip]: [string, number]) =>
              window.__posted.slice(skip).some((message) => message.type === wanted),
            [type, after],
          );
          const all: FromPanel[] = await panel.posted();
          return all.slice(after).find((message) => message.type === type) as never;
        },
        theme: (name) =>
          calls.evaluate(
            ([bodyClass, variables]: [string, Record<string, string>]) => {
              const root = document.documentElement;
              root.removeAttribute('style');
              for (const [variable, value] of Object.entries(variables))
                root.style.setProperty(variable, value);
              document.body.className = bodyClass;
            },
            [BODY_CLASS[name], THEMES[name]],
          ),
        violations: () => calls.evaluate(() => window.__violations),
        warnings: () => calls.evaluate(() => window.__warnings),
        close: () => calls.close(),
      };
      await panel.theme(theme);
      await panel.waitForPosted('ready');
      return panel;
    },
    async close() {
      await spare.then(
        async (page: any) => {
          await page.close();
        },
        () => undefined,
      );
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** After a test: no CSP violation and no error in the page. */
export async function pageKeptClean(page: Panel): Promise<void> {
  assert.deepEqual(await page.violations(), [], 'CSP violations');
  assert.deepEqual(page.errors, [], 'page errors');
}

/**
 * A suite's hooks for one panel bundle: a browser for the suite, a fresh page for each test,
 * and after each test `checks` of the page (by default pageKeptClean). Returns the current page.
 */
export function pagePerTest(
  bundle: string,
  checks: (page: Panel) => Promise<void> = pageKeptClean,
): () => Panel {
  let browser: Browser | undefined;
  let panel: Panel | undefined;
  before(async () => {
    browser = await startBrowser(bundle);
  });
  after(() => browser?.close());
  beforeEach(async () => {
    if (!browser) throw new Error('no browser: the suite did not start');
    panel = await browser.open();
  });
  afterEach(async () => {
    if (!panel) return;
    const page = panel;
    panel = undefined;
    try {
      await checks(page);
    } finally {
      await page.close();
    }
  });
  return () => {
    if (!panel) throw new Error('no page: pagePerTest serves tests, not hooks that run before');
    return panel;
  };
}
