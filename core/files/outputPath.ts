// Whether a file a command is about to write may be written, asked before anything is opened or
// spent: never one of the files the command reads (an upload's report named as its input would
// truncate the documents before they are read), whatever the spelling (relative or absolute,
// `./`, `..`, a symbolic link, a hard link: an existing file is compared by device and inode),
// and only where it can be written (its folder exists and takes files, not a link to nothing),
// so that an export does not run and spend its credits for a file it then cannot write.
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface NamedPath {
  /** As the user gave it. */
  readonly path: string;
  /** How the user named it, for messages: `--report`, `FILE`, `--resume-file`. */
  readonly name: string;
}

export interface OutputCheck extends NamedPath {
  /** The files the command reads (they need not exist yet: a resume file of a first run). */
  readonly inputs: readonly NamedPath[];
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Where a path leads: the real path of what exists, else of its folder, links followed. */
function resolvedPath(path: string, depth = 0): string {
  try {
    return realpathSync(path);
  } catch {
    // Missing: a link to nothing leads where it points; anything else to its real folder.
  }
  try {
    if (depth < 32 && lstatSync(path).isSymbolicLink())
      return resolvedPath(resolve(dirname(path), readlinkSync(path)), depth + 1);
  } catch {
    // Not there at all.
  }
  return join(resolvedFolder(path), basename(path));
}

function resolvedFolder(path: string): string {
  try {
    return realpathSync(dirname(resolve(path)));
  } catch {
    return dirname(resolve(path));
  }
}

/** Whether two paths name one file: the same inode when both exist, else the same place. */
export function sameFile(a: string, b: string): boolean {
  const first = statOf(a);
  const second = statOf(b);
  if (first && second) return first.dev === second.dev && first.ino === second.ino;
  return resolvedPath(a) === resolvedPath(b);
}

const ioWords = (code: string | undefined) =>
  code === 'EACCES' || code === 'EPERM'
    ? 'permission denied'
    : code === 'ENOTDIR'
      ? 'a part of the path is not a folder'
      : (code ?? 'cannot be written');

/** Why `output` must not be written, or undefined when it may. */
export function outputPathProblem(output: OutputCheck): string | undefined {
  const { path, name } = output;
  const named = `${name} ${path}`;
  for (const input of output.inputs)
    if (sameFile(path, input.path))
      return `${named} is the file ${input.name} ${input.path} (the same file): writing it would destroy what is read; give another ${name}`;
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch (error: unknown) {
    if (errorCode(error) !== 'ENOENT') return `${named}: ${ioWords(errorCode(error))}`;
  }
  const stats = statOf(path);
  if (stats === undefined && link)
    return `${named} is a link to ${resolvedPath(path)}, which does not exist: give another ${name}`;
  if (stats?.isDirectory()) return `${named} is a folder: give a file`;
  const folder = stats ? dirname(realpathSync(path)) : dirname(resolve(path));
  const folderStats = statOf(folder);
  if (!folderStats) return `${named}: the folder ${dirname(path)} does not exist`;
  if (!folderStats.isDirectory()) return `${named}: ${dirname(path)} is not a folder`;
  try {
    accessSync(stats ? path : folder, constants.W_OK);
  } catch (error: unknown) {
    return `${named}: ${stats ? '' : `the folder ${dirname(path)}: `}${ioWords(errorCode(error))}`;
  }
  return undefined;
}
