// What the upload benchmarks send: documents that pass `mmq upload`'s checks and that the sandbox
// creates (their URLs are on a channel of the project, else it refuses them with code 16), and
// NDJSON files of them written as a stream, so that a 200 MB file never exists in this process.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { UploadDocument } from '../../core/api/schemas/uploads';

/** The sandbox's demo project; news.acme.example is one of its channels' domains. */
export const PROJECT = '7c1e-demo';
export const TOKEN = 'bench-upload-token';

/** An hour ago: published times must be epoch milliseconds, and not in the future to be found. */
const PUBLISHED = String(Date.now() - 3_600_000);
const SENTENCE = 'Acme announces a quarterly update to its rocket skates and anvil line. ';

/**
 * Document `index` of a set named `prefix` (URLs are unique within a set), with `contentChars`
 * characters of content. Fields as the wire wants them, so that the file the pipeline reads and
 * the entries the floor sends are the same documents.
 */
export function benchDocument(prefix: string, index: number, contentChars: number) {
  return {
    url: `https://news.acme.example/${prefix}/${index}`,
    title: `Upload bench ${prefix} ${index}`,
    content: SENTENCE.repeat(Math.ceil(contentChars / SENTENCE.length)).slice(0, contentChars),
    published: PUBLISHED,
  } satisfies UploadDocument;
}

/** Content characters that make a document's NDJSON line about `lineBytes` long. */
export function contentFor(lineBytes: number): number {
  const overhead = JSON.stringify(benchDocument('file', 99_999, 0)).length + 1;
  return Math.max(1, lineBytes - overhead);
}

/**
 * Writes documents 0…count-1 of `prefix` to `path`, one a line, waiting for the stream to drain
 * rather than buffering: only a thousand lines are ever held. Answers the file's size in bytes.
 */
export async function writeNdjson(
  path: string,
  prefix: string,
  count: number,
  contentChars: number,
): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (let at = 0; at < count; at += 1_000) {
    let text = '';
    for (let index = at; index < Math.min(count, at + 1_000); index++)
      text += `${JSON.stringify(benchDocument(prefix, index, contentChars))}\n`;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return bytes;
}

/** Posts to one of the sandbox's control endpoints (e.g. /_sandbox/reset: its rate limits). */
export async function control(base: string, path: string): Promise<void> {
  const url = new URL(path, base);
  url.searchParams.set('access_token', TOKEN);
  const response = await fetch(url, { method: 'POST' });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}
