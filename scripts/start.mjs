// `npm start`: builds the extension, installs a local VS Code server if missing, and serves VS
// Code with the extension under development on a scratch copy of examples/. Open the printed
// address in a browser (on a remote machine, forward the port first). Ctrl+C stops it.
//
// The repository is never the workspace: the web VS Code saves as you type, and Set Default
// Project writes .vscode/settings.json, so trying the extension on examples/ itself rewrote
// tracked files. The scratch copy (.vscode-test/scratch/, ignored by git) is made on the first
// start and kept, with your changes, until `npm start -- --fresh`.
//
// Environment: PORT (default: a free port), START_WORKSPACE (the scratch copy's directory), MEDIA_MONITORING_URL (a service instead of the
// embedded sandbox) and MEDIA_MONITORING_TOKEN (its token; the web VS Code keeps a token set in
// the editor only until the page reloads, since its secret storage lives in the page).
import { execSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import {
  freePort,
  freshProfile,
  ROOT,
  startVsCodeServer,
  VSCODE_TEST,
  workbenchUrl,
} from './vscode-server.mjs';

const SCRATCH = process.env.START_WORKSPACE || join(VSCODE_TEST, 'scratch');
const fresh = process.argv.includes('--fresh');

const run = (command) => execSync(command, { cwd: ROOT, stdio: 'inherit' });

/** The scratch workspace: a copy of examples/, made once (or anew with --fresh). */
function scratchWorkspace() {
  if (fresh) rmSync(SCRATCH, { recursive: true, force: true });
  if (!existsSync(SCRATCH)) cpSync(join(ROOT, 'examples'), SCRATCH, { recursive: true });
  return SCRATCH;
}

/** MEDIA_MONITORING_URL, if set, becomes the profile's mediaMonitoring.baseUrl. */
function serviceSettings(profile) {
  const baseUrl = process.env.MEDIA_MONITORING_URL?.trim();
  if (!baseUrl) return;
  const file = join(profile.userDir, 'User', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...settings, 'mediaMonitoring.baseUrl': baseUrl }, null, 2));
}

/**
 * The extension as an installed one (a link to this repository in the profile's extensions
 * folder), not one under development: VS Code reads a development path from the page's address
 * only in its smoke-test mode, and that mode hides every notification toast.
 */
function linkExtension(profile) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const extensions = join(profile.base, 'extensions');
  mkdirSync(extensions, { recursive: true });
  symlinkSync(
    ROOT,
    join(extensions, `${manifest.publisher}.${manifest.name}-${manifest.version}`),
    'dir',
  );
}

run('node esbuild.mjs --production');
run('node scripts/setup-vscode-test.mjs');

const workspace = scratchWorkspace();
const port = Number(process.env.PORT) || (await freePort());
const profile = freshProfile();
serviceSettings(profile);
linkExtension(profile);
// The server's environment (with MEDIA_MONITORING_TOKEN, if set) reaches the extension host.
const server = startVsCodeServer(port, profile, {}, { smokeTestDriver: false });
const stop = () => {
  server.stop();
  rmSync(profile.base, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.on('exit', (code) => {
  console.error(
    `the VS Code server stopped (exit ${code}):\n${server.output().split('\n').slice(-20).join('\n')}`,
  );
  process.exit(1);
});
await server.ready();
const target = process.env.MEDIA_MONITORING_URL?.trim()
  ? `the service at ${process.env.MEDIA_MONITORING_URL.trim()} (token from MEDIA_MONITORING_TOKEN${process.env.MEDIA_MONITORING_TOKEN ? '' : ': not set'})`
  : 'the embedded sandbox (no account needed)';
console.log(`
Media Monitoring for VS Code is running. Open this address in a browser:

  ${workbenchUrl(port, workspace, { development: false })}

Workspace: ${relative(ROOT, workspace).startsWith('..') ? workspace : relative(ROOT, workspace)}/, a copy of examples/ (your changes stay there;
           \`npm start -- --fresh\` starts again from examples/).
Data:      ${target}.
Ctrl+C stops it.`);
