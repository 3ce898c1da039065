// Readers that connect and do not read (issue 10). A stream pushes results live and keeps them
// nowhere else: a reader more than MAX_BUFFERED_BYTES behind is dropped with CT_ERROR code 30
// instead of the sandbox holding everything it does not read. A collector keeps its documents
// itself: its reader is fed no faster than it reads, and gets every document once it does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Chunk } from '../../../core/api/schemas/index';
import { MAX_BUFFERED_BYTES } from '../../../sandbox/http/limits';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { call } from '../support/sandbox';

const TOKEN = 'backpressure-token';
const MIB = 1024 * 1024;

/** Resident memory of a process, in bytes. */
function rss(pid: number): number {
  if (process.platform === 'linux') {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kib) * 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) * 1024;
}

/** A reader that sends its request, takes the first bytes, and then reads nothing. */
async function stalledReader(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const received: Buffer[] = [];
  socket.on('data', (data: Buffer) => received.push(data));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  await new Promise((resolve) => socket.once('data', resolve));
  socket.pause();
  return {
    /** Reads on: everything the sandbox sent, once it has ended the response. */
    readAll: async () => {
      socket.resume();
      await ended;
      return Buffer.concat(received).toString('utf8');
    },
  };
}

/** The chunks of a chunked HTTP response, parsed. */
function chunksOf(response: string) {
  const body = response.slice(response.indexOf('\r\n\r\n') + 4);
  return body
    .split('\r\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => Chunk.parse(JSON.parse(line)));
}

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  token: TOKEN,
});

/** Delivers `count` live documents of about `bytes` each, 1,000 a request. */
async function deliver(url: string, count: number, bytes: number) {
  for (let sent = 0; sent < count; sent += 1000) {
    const documents = Array.from({ length: Math.min(1000, count - sent) }, (_, index) => ({
      title: `Acme ${sent + index}`,
      content: `acme ${'x'.repeat(bytes)}`,
    }));
    assert.equal((await call(url, '/_sandbox/live', json('POST', { documents }))).status, 200);
  }
}

describe('readers that do not read (issue 10)', () => {
  let running: CliSandbox | undefined;
  beforeEach(async () => {
    running = await startCli(['--docs', '0', '--rate', '0', '--token', TOKEN, '--quiet']);
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('a stream reader that falls behind is dropped with code 30; the sandbox holds a bounded buffer', async function () {
    this.timeout(120_000);
    const { url } = running!;
    const define = json('PUT', { rules: [{ rule_id: 'r', query: 'acme' }] });
    assert.equal((await call(url, '/api/v3/stream/s/all', define)).status, 200);
    const reader = await stalledReader(url, `/api/v3/stream/s/all/results?access_token=${TOKEN}`);
    // 6,000 results of about 16 KB each (content and its snippet): 96 MB the reader never takes.
    await deliver(url, 6000, 8000);
    assert.equal(
      (await call(url, '/api/v1/status/credits', { token: TOKEN })).status,
      200,
      'the sandbox answers',
    );
    const response = await reader.readAll();
    const chunks = chunksOf(response);
    const last = chunks.at(-1);
    assert.equal(last?.chunk_type, 'CT_ERROR');
    assert.equal(last?.chunk_type === 'CT_ERROR' && last.chunk_error.status_code, '30');
    // What reached the reader is what the sandbox buffered, plus the sockets' own buffers.
    assert.ok(
      Buffer.byteLength(response) < MAX_BUFFERED_BYTES + 16 * MIB,
      `${(Buffer.byteLength(response) / MIB).toFixed(1)} MiB were held for a reader that did not read`,
    );
  });

  it('a collector reader is fed as fast as it reads: memory stays flat, and it gets every document', async function () {
    this.timeout(120_000);
    const { url, child } = running!;
    const definition = { collector_query: { queries: [{ id: 'q', query: 'acme' }] } };
    assert.equal((await call(url, '/api/v3/stream/c/all', json('PUT', definition))).status, 200);
    await deliver(url, 6000, 8000);
    const before = rss(child.pid!);
    const reader = await stalledReader(
      url,
      `/api/v3/stream/c/all/results?end_behaviour=stop&access_token=${TOKEN}`,
    );
    assert.equal(
      (await call(url, '/api/v1/status/credits', { token: TOKEN })).status,
      200,
      'the sandbox answers',
    );
    const grown = rss(child.pid!) - before;
    // The 6,000 results come to 96 MB: a sandbox that wrote them all at once would hold them.
    assert.ok(grown < 32 * MIB, `the sandbox grew by ${(grown / MIB).toFixed(0)} MiB`);
    const results = chunksOf(await reader.readAll()).filter(
      (chunk) => chunk.chunk_type === 'CT_RESULT',
    );
    assert.deepEqual(
      results.map(
        (chunk) => chunk.chunk_type === 'CT_RESULT' && chunk.chunk_result.data.data.title,
      ),
      Array.from({ length: 6000 }, (_, index) => `Acme ${index}`),
    );
  });
});
