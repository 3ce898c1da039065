// Reading stream and collector results through the client: typed events, max_hits, code 24,
// cancellation, and resuming a collector after code 25 or a connection cut mid-chunk with every
// buffered document delivered exactly once.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { ResumePoint } from '../../../../core/api/client/resumePoint';
import type { ReadEvent } from '../../../../core/api/client/streamReader';
import { MediaMonitoringClient } from '../../../../core/api/client/client';
import {
  arrive,
  collect,
  fixture,
  post,
  TOKEN,
  type Fixture,
} from '../../../support/sandboxClient';

const titles = (events: readonly ReadEvent[]) =>
  events.flatMap((event) => (event.kind === 'result' ? [event.result.data.title ?? ''] : []));

/**
 * A TCP proxy in front of the sandbox that cuts its first connection after `cutAfter` bytes from
 * the server: a dropped connection in the middle of a chunk.
 */
async function cuttingProxy(
  target: string,
  cutAfter: number,
): Promise<{ url: string; cuts: () => number; close(): void }> {
  const { hostname, port } = new URL(target);
  const { connect } = await import('node:net');
  let connections = 0;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const cutting = ++connections === 1;
    let forwarded = 0;
    client.on('data', (bytes) => upstream.write(bytes));
    upstream.on('data', (bytes: Buffer) => {
      if (!cutting) return void client.write(bytes);
      const room = cutAfter - forwarded;
      forwarded += bytes.length;
      if (room > bytes.length) return void client.write(bytes);
      client.write(bytes.subarray(0, Math.max(0, room)));
      cuts += 1;
      client.destroy();
      upstream.destroy();
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cuts: () => cuts,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('client stream and collector reading', () => {
  let f: Fixture;
  afterEach(() => f.close());

  it('a collector read to the end delivers every buffered document once, in order, with offsets', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    await arrive(f.sandbox.url, ['Acme 1', 'Other', 'Acme 2', 'Acme 3']);
    const events = await collect(f.client.collectors.read('c1', { endBehaviour: 'stop' }));
    assert.deepEqual(titles(events), ['Acme 1', 'Acme 2', 'Acme 3']);
    const last = events.filter((event) => event.kind === 'control').at(-1);
    assert.ok(last?.kind === 'control' && last.control.resume_offset);
    const again = await collect(
      f.client.collectors.read('c1', {
        endBehaviour: 'stop',
        resumeOffset: last.control.resume_offset,
      }),
    );
    assert.deepEqual(titles(again), [], 'from the last offset nothing is repeated');
  });

  it('code 25 from the service: the read resumes from its last offset, each document exactly once', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    await arrive(f.sandbox.url, ['Acme 1', 'Acme 2']);
    const reader = f.client.collectors.read('c1');
    const seen: ReadEvent[] = [];
    for await (const event of reader) {
      seen.push(event);
      if (titles(seen).length === 2 && !seen.some((each) => each.kind === 'reconnect')) {
        await post(f.sandbox.url, '/_sandbox/disconnect', { collector_id: 'c1' });
        await arrive(f.sandbox.url, ['Acme 3', 'Acme 4']);
      }
      if (titles(seen).length === 4) break;
    }
    assert.deepEqual(titles(seen), ['Acme 1', 'Acme 2', 'Acme 3', 'Acme 4']);
    const reconnect = seen.find((event) => event.kind === 'reconnect');
    assert.ok(reconnect?.kind === 'reconnect');
    assert.match(reconnect.reason, /resum/);
  });

  it('the connection cut in the middle of a chunk: the read resumes and delivers every document exactly once', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    const expected = Array.from({ length: 12 }, (_, index) => `Acme number ${index + 1}`);
    await arrive(f.sandbox.url, expected);
    // Cut inside the results, after some were delivered and before the batch's offset came.
    for (const cutAfter of [900, 2500, 4100]) {
      const proxy = await cuttingProxy(f.sandbox.url, cutAfter);
      const client = new MediaMonitoringClient({
        baseUrl: proxy.url,
        token: TOKEN,
        userAgent: 'tests',
      });
      try {
        const events = await collect(client.collectors.read('c1', { endBehaviour: 'stop' }));
        assert.equal(proxy.cuts(), 1, 'the first connection was cut');
        assert.ok(events.some((event) => event.kind === 'reconnect'));
        assert.deepEqual(titles(events), expected, `cut after ${cutAfter} bytes`);
      } finally {
        await client.close();
        proxy.close();
      }
      // Five collector reads a minute: move the sandbox's clock past the window.
      await post(f.sandbox.url, '/_sandbox/clock', { advance_ms: 61_000 });
    }
  });

  it('a kept resume point continues a new read exactly after the result it was taken at', async () => {
    f = await fixture();
    await f.client.collectors.put('c1', { queries: [{ id: 'q', query: 'acme' }] });
    const expected = Array.from({ length: 7 }, (_, index) => `Acme number ${index + 1}`);
    await arrive(f.sandbox.url, expected);
    // Stop after each count of results, in the middle of a batch (the offset came before the
    // first result), keep the point as JSON, as a file or workspace state would, and read on.
    for (const stopAfter of [0, 1, 3, 6, 7]) {
      // A new client for each read, as a new process would be: its rate governor is its own.
      const client = new MediaMonitoringClient({
        baseUrl: f.sandbox.url,
        token: TOKEN,
        userAgent: 'tests',
      });
      let point: ResumePoint | undefined;
      const first: string[] = [];
      if (stopAfter > 0)
        for await (const event of client.collectors.read('c1', { endBehaviour: 'stop' })) {
          if (event.kind !== 'result') continue;
          first.push(event.result.data.title ?? '');
          point = ResumePoint.parse(JSON.parse(JSON.stringify(event.mark?.point())));
          if (first.length === stopAfter) break;
        }
      const later = new MediaMonitoringClient({
        baseUrl: f.sandbox.url,
        token: TOKEN,
        userAgent: 'tests',
      });
      const rest = titles(
        await collect(
          later.collectors.read('c1', {
            endBehaviour: 'stop',
            ...(point ? { resumeFrom: point } : {}),
          }),
        ),
      );
      await Promise.all([client.close(), later.close()]);
      assert.deepEqual([...first, ...rest], expected, `stopped after ${stopAfter}`);
      await post(f.sandbox.url, '/_sandbox/clock', { advance_ms: 61_000 });
    }
  });

  it('a stream read: typed control and result chunks with highlighting, ended by max_hits', async () => {
    f = await fixture();
    await f.client.streams.define('s', [{ rule_id: 'r1', query: 'globex' }]);
    const reader = f.client.streams.read('s', { maxHits: 2 });
    const first = await reader.next();
    assert.equal(first.value?.kind, 'control');
    await arrive(f.sandbox.url, ['Globex one', 'Globex two', 'Globex three']);
    const events = await collect(reader);
    assert.deepEqual(titles(events), ['Globex one', 'Globex two']);
    const result = events.find((event) => event.kind === 'result');
    assert.ok(result?.kind === 'result');
    assert.deepEqual(result.result.highlighted_data?.[0]?.matched, {
      rule_id: 'r1',
      stream_id: 's',
    });
  });

  it('a newer connection to the same stream ends the older read with code 24, fatal', async () => {
    f = await fixture();
    await f.client.streams.define('s', [{ rule_id: 'r1', query: 'globex' }]);
    const older = f.client.streams.read('s');
    assert.equal((await older.next()).value?.kind, 'control');
    const newer = f.client.streams.read('s');
    assert.equal((await newer.next()).value?.kind, 'control');
    const rest = await collect(older);
    const error = rest.find((event) => event.kind === 'error');
    assert.ok(error?.kind === 'error' && error.fatal);
    assert.equal(error.error.statusCode, '24');
    assert.match(error.error.message, /a newer connection opened on the same stream/);
    await newer.return(undefined);
  });

  it('cancelling a read ends it quietly and lets go of the connection', async () => {
    f = await fixture();
    await f.client.streams.define('s', [{ rule_id: 'r1', query: 'globex' }]);
    const controller = new AbortController();
    const reader = f.client.streams.read('s', { signal: controller.signal });
    assert.equal((await reader.next()).value?.kind, 'control');
    const pending = reader.next();
    controller.abort();
    assert.deepEqual(await pending, { value: undefined, done: true });
  });

  it('reads a stream written pretty-printed, back to back, in odd pieces', async () => {
    f = await fixture();
    const chunks = [
      {
        chunk_type: 'CT_CONTROL',
        chunk_control: { connection_id: 'c', stream: [{ id: 's', status: 'active' }] },
      },
      {
        chunk_type: 'CT_RESULT',
        chunk_result: {
          data: { data: { url: 'https://x/1', title: 'Ünïcode “one” {' }, highlighted_data: [] },
        },
      },
      {
        chunk_type: 'CT_RESULT',
        chunk_result: {
          data: { data: { url: 'https://x/2', title: 'two \\" }' }, highlighted_data: [] },
        },
      },
    ];
    const text = `${JSON.stringify(chunks[0], null, 2)}\n\n${JSON.stringify(chunks[1])}${JSON.stringify(chunks[2], null, '\t')}`;
    const bytes = Buffer.from(text, 'utf8');
    const server: HttpServer = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return void response.end();
        response.write(bytes.subarray(at, (at += 7)));
        setImmediate(next);
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new MediaMonitoringClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: TOKEN,
      userAgent: 'tests',
    });
    try {
      const events = await collect(client.streams.read('s'));
      assert.deepEqual(titles(events), ['Ünïcode “one” {', 'two \\" }']);
    } finally {
      await client.close();
      server.close();
    }
  });
});
