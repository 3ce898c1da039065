// `npm start`, run exactly as the README says (after `npm ci`), then used as a newcomer uses it:
// the printed address opens VS Code with the extension on a scratch copy of examples/, the
// sidebar shows the embedded sandbox's data, and nothing a user does there touches the
// repository. Ctrl+C stops it all. (The README's other command, `npm test`, is this run.)
import assert from 'node:assert/strict';
import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/vscode-server.mjs';
import { eventually } from '../support/eventually';
import {
  openFile,
  openWorkbench,
  rowShown,
  runCommand,
  showMediaMonitoring,
  statusBarEntry,
  type Workbench,
} from './support/workbench';

/** On a fresh machine `npm start` first installs the VS Code server: minutes. */
const STARTED_WITHIN_MS = 15 * 60_000;

/** What git says differs from the last commit, untracked files included. */
function gitStatus(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start, as the README says', function () {
  this.timeout(STARTED_WITHIN_MS + 60_000);
  const scratch = join(mkdtempSync(join(tmpdir(), 'mm-start-')), 'examples');
  const repositoryBefore = gitStatus();
  const exampleBefore = readFileSync(join(ROOT, 'examples/brand-watch.mmq'), 'utf8');
  let npmStart: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let url: string;
  let workbench: Workbench;

  before(async () => {
    // Its own process group, as in a terminal: Ctrl+C signals the whole group.
    npmStart = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // START_WORKSPACE keeps the test away from a developer's own scratch copy.
      env: { ...process.env, START_WORKSPACE: scratch, PORT: '' },
    });
    npmStart.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npmStart.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => npmStart.on('exit', (code) => resolve(code)));
    await eventually(() => /Ctrl\+C stops it/.test(output) || npmStart.exitCode !== null, {
      what: '`npm start` to print its address',
      timeoutMs: STARTED_WITHIN_MS,
    });
    const address = /Open this address in a browser:\s+(http:\S+)/.exec(output);
    assert.ok(address, `npm start printed no address:\n${output}`);
    url = address[1]!;
    workbench = await openWorkbench(url);
  });

  after(async () => {
    await workbench?.close();
    // A failed test may leave it running: end the whole group.
    if (npmStart.exitCode === null && npmStart.signalCode === null)
      process.kill(-npmStart.pid!, 'SIGKILL');
    rmSync(join(scratch, '..'), { recursive: true, force: true });
  });

  it('says where the workspace is and what data it shows', () => {
    assert.match(output, new RegExp(`Workspace: ${scratch}/, a copy of examples/`));
    assert.match(output, /Data: +the embedded sandbox/);
    assert.ok(existsSync(join(scratch, 'brand-watch.mmq')), 'the scratch copy of examples/');
  });

  it('opens VS Code with the extension connected to the embedded sandbox and its projects', async () => {
    assert.match(await statusBarEntry(workbench, /Sandbox/), /Sandbox/);
    await showMediaMonitoring(workbench);
    await rowShown(workbench, 'Acme brand monitoring');
    assert.match(await statusBarEntry(workbench, /credits/), /^Sandbox · [\d,]+ credits$/);
    await workbench.screenshot('20-npm-start-sidebar');
  });

  it('a failure pops up as a notification toast where the user works, as on the desktop', async () => {
    // VS Code hides every toast in its smoke-test mode: npm start must not run in it.
    await openFile(workbench, 'mistakes.mmq');
    await runCommand(workbench, 'Media Monitoring: Push File as Stream');
    const toast = workbench.page.locator('.notification-toast', { hasText: 'was not pushed' });
    await toast.first().waitFor({ timeout: 60_000 });
    assert.match(await toast.first().innerText(), /mistakes\.mmq was not pushed/);
    await workbench.screenshot('22-npm-start-toast');
    await workbench.page.keyboard.press('Escape');
  });

  it('edits and settings land in the scratch copy; the repository stays as it was', async () => {
    await openFile(workbench, 'brand-watch.mmq');
    const { page } = workbench;
    // The keys go to the editor only once it has the focus (a toast or the closing quick open
    // may hold it a moment longer on a loaded machine): click into it and wait for the focus.
    // (A line of text, not the middle of the editor: a CodeLens there would run a histogram.)
    await page.locator('.editor-instance .monaco-editor .view-lines .view-line').last().click();
    await page
      .locator('.editor-instance .monaco-editor.focused')
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n### tried-in-npm-start\nacme AND lang:en\n');
    // Typed: the editor shows it (the scratch settings may save it by themselves); then save.
    await page
      .locator('.editor-instance .monaco-editor .view-lines', { hasText: 'tried-in-npm-start' })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        await workbench.screenshot('failure-npm-start-edit');
        throw error;
      });
    await page.keyboard.press('Control+S');
    await eventually(
      () => readFileSync(join(scratch, 'brand-watch.mmq'), 'utf8').includes('tried-in-npm-start'),
      { what: 'the edit saved into the scratch copy', timeoutMs: 30_000 },
    );
    await runCommand(workbench, 'Media Monitoring: Set Default Project');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'p-competitors' }).click();
    const settings = join(scratch, '.vscode/settings.json');
    // VS Code writes the file in steps ({} first): wait for the setting itself.
    await eventually(
      () =>
        existsSync(settings) &&
        /"mediaMonitoring.defaultProject": "p-competitors"/.test(readFileSync(settings, 'utf8')),
      {
        what: 'the default project in the scratch copy’s .vscode/settings.json',
        timeoutMs: 30_000,
      },
    );
    await workbench.screenshot('21-npm-start-edited');
    assert.equal(readFileSync(join(ROOT, 'examples/brand-watch.mmq'), 'utf8'), exampleBefore);
    assert.equal(existsSync(join(ROOT, 'examples/.vscode')), false);
    assert.equal(gitStatus(), repositoryBefore);
  });

  it('Ctrl+C stops it and the VS Code server with it', async () => {
    const port = Number(new URL(url).port);
    assert.equal(await portOpen(port), true);
    await workbench.close();
    process.kill(-npmStart.pid!, 'SIGINT');
    const code = await exited;
    assert.ok(code === 0 || npmStart.signalCode === 'SIGINT', `npm start exited with ${code}`);
    await eventually(async () => !(await portOpen(port)), {
      what: 'the VS Code server to stop',
      timeoutMs: 30_000,
    });
  });
});
