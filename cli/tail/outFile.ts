// `mmq tail --out FILE`: results appended to FILE instead of stdout, as `>> FILE` would, so that
// successive runs (a collector's with --resume-file, or live reads started again) add to one
// file and never replace what an earlier run wrote. Opened before anything is sent: a file that
// cannot be written is a usage problem, not a read that costs credits for nothing.
import { closeSync, openSync } from 'node:fs';
import { describeIoError, errorCode, UsageError } from '../errors';

export interface Output {
  readonly fd: number;
  /** For messages: `standard output`, or the file's path. */
  readonly name: string;
  /** The file's path; none for stdout. */
  readonly path?: string;
  close(): void;
}

export function openOutput(path: string | undefined): Output {
  if (path === undefined) return { fd: 1, name: 'standard output', close: () => undefined };
  let fd: number;
  try {
    fd = openSync(path, 'a');
  } catch (error: unknown) {
    throw new UsageError(
      `cannot write --out ${path}: ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
  return { fd, name: path, path, close: () => closeSync(fd) };
}
