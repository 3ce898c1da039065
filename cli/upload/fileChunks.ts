// An upload file's bytes as a stream (never the file whole), read twice by `mmq upload`: once to
// check every document, once to send them. A file that cannot be read is an I/O problem (exit 2).
import { createReadStream, statSync } from 'node:fs';
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

export async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }))
      yield chunk as Buffer;
  } catch (error: unknown) {
    throw ioProblem(path, error);
  }
}
