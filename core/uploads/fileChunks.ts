// A file's bytes as a stream of chunks (never the file whole): how uploads read their source
// file (twice: to check, then to send) and an earlier report, in VS Code and in `mmq upload`.
import { createReadStream } from 'node:fs';

const CHUNK_BYTES = 256 * 1024;

export async function* readChunks(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }))
    yield chunk as Buffer;
}
