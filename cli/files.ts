// Which files a FILE... argument list names: `-` and files as given, and for a directory every
// .mmq file under it, in an order that does not depend on the file system or the locale (CI
// logs and --format json output are compared between runs and machines).
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describeIoError, errorCode, UsageError } from './errors';
import { toStderr } from './terminal';

export interface Expansion {
  /** `-`, the files given and those found, each once, in argument order. */
  readonly paths: readonly string[];
  /** Whether any argument was a directory. */
  readonly directories: boolean;
  /** Directories given in which no .mmq file was found. */
  readonly empty: readonly string[];
}

// node_modules holds other people's files; dot-directories are tools' (.git, .vscode-test).
function skipped(directory: Dirent): boolean {
  return directory.name.startsWith('.') || directory.name === 'node_modules';
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

/** The .mmq files under a directory, depth first, names in code-unit order. Symbolic links to
 * files count; links to directories are not followed (they can make cycles). */
async function queryFiles(directory: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error: unknown) {
    throw new UsageError(
      `cannot read ${directory}: ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
  const found: string[] = [];
  for (const entry of entries.sort(byName)) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!skipped(entry)) found.push(...(await queryFiles(path)));
    } else if (entry.name.endsWith('.mmq')) {
      if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path)))) found.push(path);
    }
  }
  return found;
}

async function isDirectory(path: string): Promise<boolean> {
  // What cannot be read is passed on as a file, for readInputs to say why.
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

export async function expandPaths(args: readonly string[]): Promise<Expansion> {
  const paths: string[] = [];
  const empty: string[] = [];
  let directories = false;
  const seen = new Set<string>();
  const add = (path: string) => {
    // A file named twice (`dir dir/a.mmq`) is read and reported once; a second `-` is left for
    // readInputs to refuse.
    if (path !== '-') {
      const key = resolve(path);
      if (seen.has(key)) return;
      seen.add(key);
    }
    paths.push(path);
  };
  for (const arg of args) {
    if (arg === '-' || !(await isDirectory(arg))) {
      add(arg);
      continue;
    }
    directories = true;
    const found = await queryFiles(arg);
    if (found.length === 0) empty.push(arg);
    found.forEach(add);
  }
  return { paths, directories, empty };
}

/** Says on stderr which directories held no .mmq file: not an error (see lint), but likely not
 * what was meant. */
export function noteEmpty(expansion: Expansion): void {
  for (const directory of expansion.empty) toStderr(`mmq: no .mmq file under ${directory}\n`);
}
