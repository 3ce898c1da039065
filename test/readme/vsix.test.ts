// The extension as a user gets it: `npm run package` makes a .vsix with @vscode/vsce, the VS
// Code server installs it with --install-extension, and opened on a copy of examples/ (no
// extension under development) it activates, connects to the embedded sandbox and lints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  freePort,
  freshProfile,
  installExtension,
  ROOT,
  startVsCodeServer,
  workbenchUrl,
  type Profile,
  type VsCodeServer,
} from '../../scripts/vscode-server.mjs';
import { startCli, type CliSandbox } from '../support/cliProcess';
import {
  openFile,
  openWorkbench,
  rowShown,
  runCommand,
  showMediaMonitoring,
  SHOWN_WITHIN_MS,
  statusBarEntry,
  type Workbench,
} from './support/workbench';

/**
 * Waits for a webview (two iframes deep) that shows `shown`; the text of its `read` element.
 * playwright's types are not at hand here (it lives in .vscode-test).
 */
async function inWebviewFrames(page: any, shown: string, read: string): Promise<string> {
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        (await frame
          .locator(shown)
          .count()
          .catch(() => 0)) > 0
      )
        return (await frame.locator(read).first().innerText()) as string;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no webview showed ${shown} within ${SHOWN_WITHIN_MS} ms`);
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  version: string;
};
const EXTENSION_DIR = `${manifest.publisher}.${manifest.name}-${manifest.version}`;

/** Every file under `directory`, relative to it, sorted. */
/** The screenshots a README shows from this repository, sorted: `docs/images/…`. */
function readmeImages(readme: string): string[] {
  const images = [...readme.matchAll(/!\[[^\]]*\]\((docs\/images\/[^)]+)\)/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(images)].sort();
}

function filesUnder(directory: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(directory, path));
    }
  };
  walk(directory);
  return found.sort();
}

describe('the packaged extension (.vsix), installed as a user installs it', function () {
  this.timeout(5 * 60_000);
  const scratch = mkdtempSync(join(tmpdir(), 'mm-vsix-'));
  const vsix = join(scratch, 'media-monitoring.vsix');
  let packaging = '';
  let profile: Profile;
  let server: VsCodeServer | undefined;
  let workbench: Workbench | undefined;

  before(() => {
    packaging = execFileSync('npm', ['run', 'package', '--', '--out', vsix], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    profile = freshProfile();
  });

  after(async () => {
    await workbench?.close();
    server?.stop();
    if (profile) rmSync(profile.base, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('npm run package makes a .vsix with no warning', () => {
    assert.match(packaging, /DONE\s+Packaged: .*media-monitoring\.vsix/);
    assert.doesNotMatch(packaging, /WARNING/i);
    // About 1.3 MB of bundles and 1.1 MB of the README's screenshots.
    const megabytes = statSync(vsix).size / 1024 / 1024;
    assert.ok(megabytes < 3, `${megabytes.toFixed(2)} MB`);
  });

  it('installs with --install-extension, holding only what runs', async () => {
    await installExtension(profile, vsix);
    const installed = join(profile.base, 'extensions', EXTENSION_DIR);
    const files = filesUnder(installed).filter((file) => file !== '.vsixmanifest');
    // vsce names them LICENSE.txt, changelog.md and readme.md inside the package.
    assert.deepEqual(
      files,
      [
        'LICENSE.txt',
        'changelog.md',
        'dist/api.js',
        'dist/collectors.js',
        'dist/customMetrics.js',
        'dist/detection.js',
        'dist/exports.js',
        'dist/extension.js',
        'dist/lab.js',
        'dist/language.js',
        'dist/media/detect.css',
        'dist/media/detect.js',
        'dist/media/lab.css',
        'dist/media/lab.js',
        'dist/media/report.css',
        'dist/media/report.js',
        'dist/media/results.css',
        'dist/media/results.js',
        'dist/package.json',
        'dist/projects.js',
        'dist/results.js',
        'dist/sandbox.js',
        'dist/server.js',
        'dist/serverFeatures.js',
        'dist/streams.js',
        'dist/tails.js',
        'dist/uploads.js',
        'media/activity-bar.svg',
        'media/icon.png',
        'media/walkthrough/project.md',
        'media/walkthrough/query.md',
        'media/walkthrough/service.md',
        'media/walkthrough/sidebar.md',
        'package.json',
        'readme.md',
        'syntaxes/language-configuration.json',
        'syntaxes/mmq.tmLanguage.json',
        ...readmeImages(readFileSync(join(ROOT, 'README.md'), 'utf8')),
      ].sort(),
    );
  });

  it("holds the user's README: no developer section, every screenshot inside the package, no link to a file it lacks", () => {
    const installed = join(profile.base, 'extensions', EXTENSION_DIR);
    const readme = readFileSync(join(installed, 'readme.md'), 'utf8');
    assert.doesNotMatch(readme, /## From source|npm start|npm ci/);
    const images = readmeImages(readme);
    assert.ok(images.length >= 5, `${images.length} screenshots`);
    for (const image of images) assert.ok(existsSync(join(installed, image)), image);
    const links = [...readme.matchAll(/(?<!!)\[[^\]]+\]\(([^)]+)\)/g)].map((match) => match[1]!);
    const local = links.filter((target) => !/^(https?:|#)/.test(target));
    assert.deepEqual(
      local.filter(
        (target) => !existsSync(join(installed, target === 'LICENSE' ? 'LICENSE.txt' : target)),
      ),
      [],
      'links to files the package does not hold',
    );
  });

  it('activates on the examples: the embedded sandbox with its credits, and the language server’s problems', async () => {
    const workspace = join(scratch, 'examples');
    cpSync(join(ROOT, 'examples'), workspace, { recursive: true });
    const port = await freePort();
    server = startVsCodeServer(port, profile, { EXTENSIONS_GALLERY: '{}' });
    await server.ready();
    workbench = await openWorkbench(workbenchUrl(port, workspace, { development: false }));
    assert.match(await statusBarEntry(workbench, /credits/), /^Sandbox · [\d,]+ credits$/);
    await openFile(workbench, 'mistakes.mmq');
    // The problems entry reads "N errors, M warnings" to a screen reader; its text is "N M".
    const problems = workbench.page.locator('.statusbar-item[id="status.problems"]');
    await problems.filter({ hasText: /[1-9]/ }).waitFor({ timeout: 60_000 });
    await workbench.screenshot('22-installed-vsix');
  });
  it('a results panel comes back after the window reloads, as it was: not run again', async () => {
    assert.ok(workbench, 'the workbench of the test before');
    const { page } = workbench;
    await openFile(workbench, 'brand-watch.mmq');
    const lens = page.locator('.codelens-decoration a', { hasText: /^Histogram/ }).first();
    await lens.waitFor({ timeout: SHOWN_WITHIN_MS });
    await lens.click();
    const answeredAt = await inWebviewFrames(page, '.time-chart canvas', '.when');
    await workbench.screenshot('35-results-before-reload');
    // As a user does: VS Code then keeps its open editors, the panel among them, before it reloads.
    const reloaded = page.waitForEvent('load', { timeout: SHOWN_WITHIN_MS });
    await runCommand(workbench, 'Developer: Reload Window');
    await reloaded;
    try {
      // The serializer brings the panel back from its saved state; a new run would have a new time.
      assert.equal(await inWebviewFrames(page, '.time-chart canvas', '.when'), answeredAt);
    } finally {
      await workbench.screenshot('36-results-after-reload');
    }
  });

  it('a collector tail to NDJSON holds every result exactly once across a cut connection and a window reload', async () => {
    // The extension against a standalone sandbox (a "service"), so that this test can add
    // documents and cut the connection; the token from the environment, as in CI.
    await workbench?.close();
    workbench = undefined;
    server?.stop();
    const token = 'tail-test-token';
    const service: CliSandbox = await startCli([
      '--token',
      token,
      '--docs',
      '2000',
      '--rate',
      '0',
      '--quiet',
    ]);
    const call = async (method: string, path: string, body?: unknown) => {
      const url = new URL(path, service.url);
      url.searchParams.set('access_token', token);
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.text()}`);
    };
    let posted = 0;
    const titles: string[] = [];
    const arrive = async (count: number) => {
      const batch = Array.from({ length: count }, () => `Zyxtail number ${++posted}`);
      titles.push(...batch);
      await call('POST', '/_sandbox/live', {
        documents: batch.map((title) => ({ title, content: title })),
      });
    };
    const workspace = join(scratch, 'tails-workspace');
    const records = join(workspace, 'tails');
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    // A workspace with a .mmq file activates the extension.
    writeFileSync(join(workspace, 'zyx.mmq'), '// @stream zyx\n\n### zyx\nzyxtail\n');
    writeFileSync(
      join(workspace, '.vscode', 'settings.json'),
      JSON.stringify({ 'mediaMonitoring.tail.recordFolder': 'tails' }),
    );
    const userSettings = join(profile.userDir, 'User', 'settings.json');
    writeFileSync(
      userSettings,
      JSON.stringify({
        ...(JSON.parse(readFileSync(userSettings, 'utf8')) as object),
        'mediaMonitoring.baseUrl': service.url,
      }),
    );
    /** The titles in the record's parts, in order (the folder also holds the tail's lock). */
    const recorded = () =>
      (existsSync(records) ? readdirSync(records).sort() : [])
        .filter((name) => /-\d{4}\.ndjson$/.test(name))
        .flatMap((name) =>
          readFileSync(join(records, name), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => (JSON.parse(line) as { data: { title: string } }).data.title),
        );
    const recordHolds = async (count: number) => {
      const deadline = Date.now() + SHOWN_WITHIN_MS;
      while (recorded().length < count) {
        if (Date.now() > deadline)
          throw new Error(`the record holds ${recorded().length} of ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      await call('PUT', '/api/v3/stream/s/zyx', { rules: [{ rule_id: 'zyx', query: 'zyxtail' }] });
      await call('PUT', '/api/v3/stream/c/zyx-collector', {
        collector_query: { streams: ['zyx'] },
      });
      await arrive(15);
      const port = await freePort();
      server = startVsCodeServer(port, profile, {
        EXTENSIONS_GALLERY: '{}',
        MEDIA_MONITORING_TOKEN: token,
      });
      await server.ready();
      workbench = await openWorkbench(workbenchUrl(port, workspace, { development: false }));
      const { page } = workbench;
      await statusBarEntry(workbench, /credits/);
      await runCommand(workbench, 'Media Monitoring: Tail…');
      const pick = async (text: string) => {
        const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
        await row.waitFor({ timeout: SHOWN_WITHIN_MS });
        await row.click();
      };
      await pick('zyx-collector');
      await pick('From the start of its buffer');
      await recordHolds(15);
      await arrive(10);
      await recordHolds(25);
      // The service cuts the connection (code 25): the tail resumes from its last offset.
      await call('POST', '/_sandbox/disconnect', { collector_id: 'zyx-collector' });
      await arrive(10);
      await recordHolds(35);
      await showMediaMonitoring(workbench);
      await rowShown(workbench, 'zyx-collector');
      await workbench.screenshot('60-collector-tail');
      // Documents arrive while the window reloads: the tail restored from its checkpoint gets them.
      await arrive(5);
      const reloaded = page.waitForEvent('load', { timeout: SHOWN_WITHIN_MS });
      await runCommand(workbench, 'Developer: Reload Window');
      await arrive(5);
      await reloaded;
      await arrive(10);
      await recordHolds(titles.length);
      await rowShown(workbench, 'received');
      await workbench.screenshot('62-collector-tail-after-reload');
      assert.deepEqual(recorded(), titles, 'every result once, in order');
    } catch (error: unknown) {
      await workbench?.screenshot('61-collector-tail-failed');
      throw error;
    } finally {
      await service.stop('SIGTERM');
    }
  });
});
