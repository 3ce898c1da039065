// Reads a long collector stream from a local server and prints the heap in use (after a full
// GC) at a quarter and at the end of the read, as JSON. Run with --expose-gc (memory.test.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaMonitoringClient } from '../../../../../core/api/client/client';

const RESULTS = Number(process.argv[2] ?? 200_000);
const BATCH = 100;

const result = (index: number) =>
  JSON.stringify({
    chunk_type: 'CT_RESULT',
    chunk_result: {
      data: {
        data: {
          url: `https://x.example/${index}`,
          title: `Document ${index}`,
          content: 'x'.repeat(200),
        },
        highlighted_data: [],
      },
    },
  });
const control = (offset: number) =>
  JSON.stringify({
    chunk_type: 'CT_CONTROL',
    chunk_control: { collector_id: 'c', resume_offset: `o.${offset}` },
  });

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  let index = 0;
  const write = () => {
    while (index < RESULTS) {
      let batch = '';
      for (let end = Math.min(RESULTS, index + BATCH); index < end; index++)
        batch += `${result(index)}\r\n`;
      batch += `${control(index)}\r\n`;
      if (!response.write(batch)) return void response.once('drain', write);
    }
    response.end();
  };
  write();
});

const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

void (async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new MediaMonitoringClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 't',
    userAgent: 'memory-test',
  });
  let results = 0;
  let atQuarter = 0;
  let atEnd = 0;
  for await (const event of client.collectors.read('c', { endBehaviour: 'stop' })) {
    if (event.kind !== 'result') continue;
    results += 1;
    // Measured while the read is still under way: what the reader holds is alive then.
    if (results === RESULTS / 4) atQuarter = heap();
    if (results === RESULTS - 1) atEnd = heap();
  }
  await client.close();
  server.close();
  process.stdout.write(JSON.stringify({ results, atQuarter, atEnd }));
})();
