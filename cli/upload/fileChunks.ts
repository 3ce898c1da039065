// An upload file's bytes as a stream (never the file whole), read twice by `mmq upload`: once to
// check every document, once to send them. A file that cannot be read is an I/O problem (exit 2).
import { statSync } from 'node:fs';
import { readChunks } from '../../core/uploads/fileChunks';
import { describeIoError, errorCode, UsageError } from '../errors';

const ioProblem = (path: string, error: unknown) =>
  new UsageError(`cannot read ${path}: ${describeIoError(errorCode(error) ?? String(error))}`);

/** Refuses what is not a readable regular file, before anything is read or sent. */
export function checkReadable(path: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error: unknown) {
    throw ioProblem(path, error);
  }
  if (!isFile) throw new UsageError(`cannot read ${path}: not a regular file`);
}

/** The file's chunks; with `bytes`, its first that many bytes only. */
export async function* fileChunks(path: string, bytes?: number): AsyncGenerator<Uint8Array> {
  try {
    yield* readChunks(path, bytes);
  } catch (error: unknown) {
    throw ioProblem(path, error);
  }
}
