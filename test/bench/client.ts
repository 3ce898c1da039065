// Client benchmarks: stream ingest (split, parse, validate into typed chunks) in documents per
// second, beside plain JSON.parse of the same bytes in the same run (the goal: at least 50,000
// documents/s of about 3 KB, and within 2× of JSON.parse).
import { decodeChunks } from '../../core/api/client/streamReader';
import { Transport } from '../../core/api/client/transport';
import { CorpusGenerator } from '../../sandbox/corpus/generate';
import { measureAsync, measure, type Measurement } from './measure';

const CHUNK_BYTES = 64 * 1024;

/** `count` result chunks of about 3 KB each, one per line, as the sandbox writes them. */
function streamBytes(count: number): { bytes: Buffer; averageBytes: number } {
  const documents = new CorpusGenerator(42, Date.now()).corpus(count);
  const lines = documents.map((document) => {
    const padded = { ...document, content: (document.content ?? '').padEnd(1000, ' lorem') };
    return JSON.stringify({
      chunk_type: 'CT_RESULT',
      chunk_result: {
        data: {
          data: { ...padded, url: padded.url ?? 'https://x.example/' },
          highlighted_data: [
            { title_snippet: padded.title ?? '', matched: { rule_id: 'r', stream_id: 's' } },
          ],
        },
      },
    });
  });
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  return { bytes, averageBytes: bytes.length / count };
}

/** The bytes as a response body delivers them: 64 KB at a time. */
function pieces(bytes: Buffer): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        // A body hands out what the socket received; a pause per piece, as there.
        await Promise.resolve();
        yield bytes.subarray(at, at + CHUNK_BYTES);
      }
    },
  };
}

export interface IngestBench {
  readonly name: string;
  readonly subject: Measurement;
  readonly floor: Measurement;
  readonly documents: number;
}

export async function streamIngest(quick: boolean): Promise<IngestBench> {
  const documents = quick ? 5_000 : 20_000;
  const { bytes, averageBytes } = streamBytes(documents);
  const transport = new Transport({
    baseUrl: 'http://127.0.0.1:1',
    token: 't',
    userAgent: 'bench',
  });
  const iterations = quick ? 2 : 6;
  const subject = await measureAsync(async () => {
    let results = 0;
    for await (const chunk of decodeChunks(pieces(bytes), transport, 'bench'))
      if (chunk.chunk_type === 'CT_RESULT') results += 1;
    if (results !== documents) throw new Error(`decoded ${results} of ${documents}`);
  }, iterations);
  const text = bytes.toString('utf8');
  const floor = measure(
    () => {
      let parsed = 0;
      for (const line of text.split('\r\n')) if (line !== '') parsed += JSON.parse(line) ? 1 : 0;
      return parsed;
    },
    { warmup: 1, minIterations: iterations, maxIterations: iterations, budgetMs: 60_000 },
  );
  await transport.close();
  return {
    name: `stream ingest with validation, ${documents.toLocaleString('en')} documents of ${(averageBytes / 1024).toFixed(1)} KB, vs JSON.parse of the same lines`,
    subject,
    floor,
    documents,
  };
}
