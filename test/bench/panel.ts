// The results panel in headless Chromium, under the extension's CSP: the first render
// of a 400-bucket × 3-series time chart with a 14-day forecast band, timed in the page with
// performance.now() from the `show` message (dispatched synchronously) to the chart drawn, each
// sample in a fresh page; beside the floor of a plain 400-row, 4-column table built and laid out
// in the same kind of page. And the bundle's size gzipped, beside uPlot's own minified build.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { panelHtml } from '../../src/shell/webviews/html';
import { summarise, type Measurement } from './measure';

const DAY = 86_400_000;

/** A `show` of a daily sentiment histogram: `buckets` days, 3 series, and a forecast. */
export function forecastShow(buckets = 400, forecastDays = 14): unknown {
  const start = Date.UTC(2025, 0, 1);
  const wave = (index: number, series: number) =>
    Math.round(40 + 25 * Math.sin(index / (7 + series)) + ((index * 7919 + series * 104729) % 13));
  const data = Array.from({ length: buckets }, (_, index) => ({
    t: start + index * DAY,
    v: [0, 1, 2].map((series) => wave(index, series)),
  }));
  const forecast = Array.from({ length: forecastDays }, (_, index) => {
    const v = [0, 1, 2].map((series) => wave(buckets + index, series));
    return {
      t: start + (buckets + index) * DAY,
      v,
      min_confidence: v.map((value) => value - 12),
      max_confidence: v.map((value) => value + 12),
    };
  });
  const header = { v: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] };
  return {
    type: 'show',
    run: {
      id: 'bench',
      title: 'bench',
      query: 'acme',
      target: { kind: 'project', id: '7c1e-demo', name: 'Acme brand monitoring' },
      credits: 10,
      sandbox: true,
      at: start,
    },
    view: {
      kind: 'histogram',
      histogramType: 'published',
      parameters: { interval: '1d', breakdown: 'sentiment', forecast_days: forecastDays },
      result: { header, data, forecast: { header, data: forecast } },
    },
  };
}

const FAKE_API = `window.acquireVsCodeApi = () => ({
  postMessage: (message) => { if (message.type === 'ready') window.__ready = true; },
  getState: () => undefined,
  setState: () => {},
});`;

/** Runs in the page: the show dispatched as VS Code would deliver it, until the chart is drawn. */
const RENDER = `async (message) => {
  const render = async (id) => {
    const started = performance.now();
    window.dispatchEvent(new MessageEvent('message', { data: { ...message, run: { ...message.run, id } } }));
    // uPlot draws in a microtask after it is built.
    const drawn = '.content[data-run="' + id + '"] .chart[data-drawn][data-bands="3"]';
    for (let turn = 0; turn < 3 && !document.querySelector(drawn); turn++) await Promise.resolve();
    document.body.offsetHeight;
    const elapsed = performance.now() - started;
    if (!document.querySelector(drawn)) throw new Error('the chart was not drawn');
    return elapsed;
  };
  const first = await render('first');
  // The same answer again in the same page: the code is warm, the page laid out.
  const again = await render('again');
  return [first, again];
}`;

/** Runs in the page: the floor, a plain table of as many rows, built and laid out. */
const TABLE = `async (rows) => {
  const started = performance.now();
  const table = document.createElement('table');
  const body = table.createTBody();
  for (let index = 0; index < rows; index++) {
    const row = body.insertRow();
    for (let cell = 0; cell < 4; cell++) row.insertCell().textContent = String(index * 4 + cell);
  }
  document.getElementById('app').appendChild(table);
  document.body.offsetHeight;
  return performance.now() - started;
}`;

export interface PanelBench {
  readonly chart: Measurement;
  readonly again: Measurement;
  readonly table: Measurement;
  readonly bundleGzip: number;
  readonly scriptGzip: number;
  readonly styleGzip: number;
  readonly uplotGzip: number;
}

const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export async function panelBench(quick: boolean): Promise<PanelBench> {
  const root = process.cwd();
  const dist = join(root, 'dist/media');
  let origin = '';
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        panelHtml({
          cspSource: origin,
          nonce: 'bench-nonce',
          scriptUri: `${origin}/media/results.js`,
          styleUri: `${origin}/media/results.css`,
          title: 'bench',
        }),
      );
    } else if (path === '/media/results.js' || path === '/media/results.css') {
      response.writeHead(200, {
        'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/css',
      });
      response.end(readFileSync(join(dist, path.slice('/media/'.length))));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Not bundled: it finds playwright-core in .vscode-test (or VSCODE_TEST_DIR) from the repository.
  const { launchBrowser } = (await import(
    pathToFileURL(resolve(root, 'test/vscode/harness/browser.mjs')).href
  )) as { launchBrowser: (profile: string) => Promise<{ context: any; page: any }> };
  const profile = mkdtempSync(join(tmpdir(), 'mm-bench-panel-'));
  const { context } = await launchBrowser(profile);
  const message = forecastShow();
  const sample = async <T>(code: string, argument: unknown): Promise<T> => {
    const page = await context.newPage();
    await page.addInitScript(FAKE_API);
    await page.goto(`${origin}/`);
    await page.waitForFunction('window.__ready === true');
    const elapsed = (await page.evaluate(`(${code})(${JSON.stringify(argument)})`)) as T;
    await page.close();
    return elapsed;
  };
  try {
    const iterations = quick ? 3 : 15;
    const chart: number[] = [];
    const again: number[] = [];
    const table: number[] = [];
    await sample(RENDER, message);
    // Interleaved, so that the machine's load falls on both alike.
    for (let index = 0; index < iterations; index++) {
      const [first, second] = await sample<[number, number]>(RENDER, message);
      chart.push(first);
      again.push(second);
      table.push(await sample<number>(TABLE, 400));
    }
    const scriptGzip = gzipped(join(dist, 'results.js'));
    const styleGzip = gzipped(join(dist, 'results.css'));
    return {
      chart: summarise(chart),
      again: summarise(again),
      table: summarise(table),
      scriptGzip,
      styleGzip,
      bundleGzip: scriptGzip + styleGzip,
      uplotGzip: gzipped(join(root, 'node_modules/uplot/dist/uPlot.iife.min.js')),
    };
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
