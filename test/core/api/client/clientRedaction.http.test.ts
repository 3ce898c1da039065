// No log line, error message or thrown object holds the token, even when the service echoes it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { MediaMonitoringClient } from '../../../../core/api/client/client';
import { ApiError } from '../../../../core/api/client/errors';
import { redact } from '../../../../core/api/client/clientRedaction';

const TOKEN = 'SeCrEt-ToKeN-0123456789';

/** Everything a thrown error lets anyone see. */
function everythingIn(error: unknown): string {
  return [
    String(error),
    error instanceof Error ? (error.stack ?? '') : '',
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
  ].join('\n');
}

describe('redaction of the access token', () => {
  let server: Server;
  let url: string;
  let client: MediaMonitoringClient;
  const lines: string[] = [];

  before(async () => {
    // A careless service: it echoes the request, token and all, everywhere it can.
    server = createServer((request, response) => {
      const echoed = `${request.method ?? ''} ${request.url ?? ''}`;
      if (request.url?.startsWith('/text')) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`bad gateway for ${echoed}`);
        return;
      }
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status_code: '5',
          status_message: `Bad value in ${echoed}`,
          request: echoed,
          request_id: '#abc#',
          result_error: { data: [{ key: 'param', value: [`access_token=${TOKEN}`] }] },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new MediaMonitoringClient({
      baseUrl: url,
      token: TOKEN,
      userAgent: 'tests',
      retry: { attempts: 2, baseDelayMs: 1 },
      log: (line) => lines.push(line),
    });
  });
  after(async () => {
    await client.close();
    server.close();
  });

  it('an error envelope that echoes the token: message, details and the whole object are clean', async () => {
    const error = await client.credits.get().catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.match(error.message, /access_token=\*\*\*/);
    assert.ok(!everythingIn(error).includes(TOKEN));
    assert.deepEqual(error.detail('param'), ['access_token=***']);
  });

  it('an answer that is not JSON and echoes the token: clean too, and so are the log lines', async () => {
    const { transport } = client;
    const error = await transport
      .call({
        method: 'GET',
        path: '/text',
        schema: { safeParse: () => ({ success: true }) } as never,
      })
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.ok(!everythingIn(error).includes(TOKEN));
    assert.ok(lines.length > 0);
    assert.ok(
      lines.every((line) => !line.includes(TOKEN)),
      lines.join('\n'),
    );
  });

  it('a network error that would carry the URL is clean', async () => {
    const offline = new MediaMonitoringClient({
      baseUrl: 'http://127.0.0.1:1',
      token: TOKEN,
      userAgent: 'tests',
      retry: { attempts: 1 },
    });
    const error = await offline.credits.get().catch((caught: unknown) => caught);
    await offline.close();
    assert.ok(error instanceof ApiError);
    assert.equal(error.kind, 'network');
    assert.ok(!everythingIn(error).includes(TOKEN));
  });

  it('a base URL that is not one is refused without repeating a token in it', () => {
    assert.throws(
      () =>
        new MediaMonitoringClient({ baseUrl: `not a url ${TOKEN}`, token: TOKEN, userAgent: 't' }),
      (error: Error) => !error.message.includes(TOKEN) && /not a URL/.test(error.message),
    );
  });

  it('redact() masks every access_token value and the token itself', () => {
    assert.equal(
      redact(`GET /x?a=1&access_token=${TOKEN}&b=2 and ${TOKEN}`, TOKEN),
      'GET /x?a=1&access_token=***&b=2 and ***',
    );
    assert.equal(redact('ACCESS_TOKEN=other"'), 'ACCESS_TOKEN=***"');
  });
});
