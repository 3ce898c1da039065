// A file's bytes as a stream of chunks (never the file whole): how uploads read their source
// file (twice: to check, then to send) and an earlier report, in VS Code and in `mmq upload`.
// The second read of an upload stops where the first ended (`CheckedBytes`): a file that grows
// in between (another program still writing it) sends exactly the documents checked.
import { createReadStream } from 'node:fs';

const CHUNK_BYTES = 256 * 1024;

/** The file's chunks; with `bytes`, its first that many bytes only. */
export async function* readChunks(path: string, bytes?: number): AsyncGenerator<Uint8Array> {
  if (bytes === 0) return;
  const range = bytes === undefined ? {} : { end: bytes - 1 };
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES, ...range }))
    yield chunk as Buffer;
}

/** Counts the bytes of the first read of a file, for the second to read exactly those. */
export class CheckedBytes {
  private counted = 0;

  /** The first read's chunks, counted as they pass. */
  async *count(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    this.counted = 0;
    for await (const chunk of chunks) {
      this.counted += chunk.byteLength;
      yield chunk;
    }
  }

  get bytes(): number {
    return this.counted;
  }
}
