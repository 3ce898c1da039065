// The extension as a user gets it: `npm run package` makes a .vsix with @vscode/vsce, the VS
// Code server installs it with --install-extension, and opened on a copy of examples/ (no
// extension under development) it activates, connects to the embedded sandbox and lints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
import {
  openFile,
  openWorkbench,
  runCommand,
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
    const megabytes = statSync(vsix).size / 1024 / 1024;
    assert.ok(megabytes < 2, `${megabytes.toFixed(2)} MB`);
  });

  it('installs with --install-extension, holding only what runs', async () => {
    await installExtension(profile, vsix);
    const installed = join(profile.base, 'extensions', EXTENSION_DIR);
    const files = filesUnder(installed).filter((file) => file !== '.vsixmanifest');
    // vsce names them LICENSE.txt, changelog.md and readme.md inside the package.
    assert.deepEqual(files, [
      'LICENSE.txt',
      'changelog.md',
      'dist/api.js',
      'dist/extension.js',
      'dist/live.js',
      'dist/media/results.css',
      'dist/media/results.js',
      'dist/package.json',
      'dist/results.js',
      'dist/sandbox.js',
      'dist/server.js',
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
    ]);
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
});
