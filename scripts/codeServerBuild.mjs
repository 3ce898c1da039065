// What the VS Code server inside code-server builds on install, and what it is building now.
//
// code-server's own install script runs `npm install` in its copy of VS Code, and npm compiles
// every native module that the copy's `allowScripts` lets it. Most of a first `npm start` (about
// 5 of 8 minutes on 2 cores) went to one of them, @vscode/sqlite3, which only the Copilot agent
// host opens: neither `npm start` nor the tests start that host. The Windows-only modules compile
// to empty stubs on Linux. Those are left unbuilt; the rest (logging, the terminal, the file
// watcher, Kerberos proxy auth, fs copy) are built as before.
import { readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Native modules the server may leave unbuilt here, and why. */
export const UNBUILT_NATIVE_MODULES = new Map([
  ['@vscode/sqlite3', 'only the Copilot agent host opens a database'],
  ['@vscode/windows-registry', 'Windows only'],
  ['@vscode/windows-ca-certs', 'Windows only'],
  ['@vscode/windows-process-tree', 'Windows only'],
]);

/** `name@version` or `name` (an allowScripts key) to the package name. */
function packageName(key) {
  const at = key.lastIndexOf('@');
  return at > 0 ? key.slice(0, at) : key;
}

/**
 * Turns off the install scripts of UNBUILT_NATIVE_MODULES in the package.json of code-server's
 * VS Code (`vscodeDirectory`); the names it turned off.
 */
export function leaveUnbuilt(vscodeDirectory) {
  const file = join(vscodeDirectory, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const allowed = manifest.allowScripts ?? {};
  const turnedOff = [];
  for (const key of Object.keys(allowed))
    if (allowed[key] === true && UNBUILT_NATIVE_MODULES.has(packageName(key))) {
      allowed[key] = false;
      turnedOff.push(packageName(key));
    }
  manifest.allowScripts = allowed;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return turnedOff;
}

/** The package a directory under some node_modules belongs to (`@scope/name` or `name`). */
function packageOf(directory) {
  const parts = directory.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const first = parts[at + 1];
  return first.startsWith('@') && parts[at + 2] ? `${first}/${parts[at + 2]}` : first;
}

/**
 * The native modules being compiled under `directory` right now, read from the processes'
 * working directories (Linux /proc; elsewhere nothing, and the progress line says less).
 */
export function compilingNow(directory) {
  const names = new Set();
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/node-gyp|\bmake\b|cc1|c\+\+|g\+\+/.test(command)) continue;
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (!cwd.startsWith(directory)) continue;
      const name = packageOf(cwd);
      if (name) names.add(name);
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return [...names].sort();
}
