// The transport against a scripted local server: what it sends, when it retries (idempotent GETs
// on network errors, 5xx and code 8, with backoff and jitter) and when not, timeouts,
// cancellation, and answers that are not the API's.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaMonitoringClient } from '../../../../core/api/client/client';
import { ApiError } from '../../../../core/api/client/errors';
import type { GovernorClock } from '../../../../core/api/client/governor';
import { eventually } from '../../../support/eventually';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const TOKEN = 'transport-test-token';
const CREDITS = {
  status_code: '0',
  status_message: 'OK',
  result_creditinfo: {
    used_credits_monthly: 1,
    used_credits_onetime: 0,
    remaining_credits_monthly: 9,
    remaining_credits_onetime: 0,
    estimate_credits_used_until_end_of_billing_period: 2,
    monthly_total: 10,
    next_billing_period: 1,
  },
};
const envelope = (code: string, message: string) => ({
  status_code: code,
  status_message: message,
});

/** A server that answers each request with the next handler (the last one repeats). */
async function scripted(
  handlers: Handler[],
): Promise<{ url: string; server: Server; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)]!;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

const json =
  (status: number, body: unknown): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
const never: Handler = () => undefined;
const reset: Handler = (request) => request.socket.destroy();

/** Records the waits instead of waiting. */
function recordingClock(): GovernorClock & { slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    now: () => Date.now(),
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof ApiError, String(error));
    return error;
  }
  assert.fail('the call succeeded');
}

describe('client transport', () => {
  const servers: Server[] = [];
  const clients: MediaMonitoringClient[] = [];
  const client = (
    url: string,
    extra: Partial<ConstructorParameters<typeof MediaMonitoringClient>[0]> = {},
  ) => {
    const made = new MediaMonitoringClient({
      baseUrl: url,
      token: TOKEN,
      userAgent: 'mm-tests/1.2.3',
      ...extra,
    });
    clients.push(made);
    return made;
  };
  const serve = async (handlers: Handler[]) => {
    const made = await scripted(handlers);
    servers.push(made.server);
    return made;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((each) => each.close()));
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('sends the token only as the access_token parameter, with a User-Agent naming the client', async () => {
    const { url, requests } = await serve([json(200, CREDITS)]);
    await client(url).credits.get();
    const [request] = requests;
    assert.equal(new URL(request!.url!, url).searchParams.get('access_token'), TOKEN);
    assert.equal(request!.headers['user-agent'], 'mm-tests/1.2.3');
    assert.equal(request!.headers.authorization, undefined);
  });

  it('retries an idempotent GET on 5xx with growing, jittered waits, then succeeds', async () => {
    const { url, requests } = await serve([
      json(500, envelope('1', 'Internal error')),
      json(503, envelope('2', 'Search failed')),
      json(200, CREDITS),
    ]);
    const clock = recordingClock();
    const credits = await client(url, { clock, random: () => 0.5 }).credits.get();
    assert.equal(credits.result_creditinfo.remaining_credits_monthly, 9);
    assert.equal(requests.length, 3);
    // Base 500 ms doubling, each wait between half and all of its ceiling: 375, then 750.
    assert.deepEqual(clock.slept, [375, 750]);
  });

  it('retries a GET after the connection was reset', async () => {
    const { url, requests } = await serve([reset, json(200, CREDITS)]);
    await client(url, { clock: recordingClock() }).credits.get();
    assert.equal(requests.length, 2);
  });

  it('never retries a write: an upload that met a 5xx is reported, not sent twice', async () => {
    const { url, requests } = await serve([json(500, envelope('1', 'Internal error'))]);
    const error = await failure(
      client(url, { clock: recordingClock() }).documents.upload({ project: 'p' }, 'create', {
        url: 'https://x.example/1',
      }),
    );
    assert.equal(requests.length, 1);
    assert.equal(error.httpStatus, 500);
    assert.match(
      error.message,
      /^POST \/api\/v2\/docs\/p\/p\/create: the service failed to answer/,
    );
  });

  it('gives up after its attempts with the last error', async () => {
    const { url, requests } = await serve([json(500, envelope('1', 'Internal error'))]);
    const error = await failure(
      client(url, { clock: recordingClock(), retry: { attempts: 3 } }).credits.get(),
    );
    assert.equal(requests.length, 3);
    assert.equal(error.statusCode, '1');
  });

  it('no headers in time is a timeout, retried like a network error', async () => {
    const { url, requests } = await serve([never]);
    const error = await failure(
      client(url, { headersTimeoutMs: 100, retry: { attempts: 2, baseDelayMs: 1 } }).credits.get(),
    );
    assert.equal(error.kind, 'timeout');
    assert.equal(requests.length, 2);
  });

  it('cancelling ends a call at once, as cancelled', async () => {
    const { url, requests } = await serve([never]);
    const controller = new AbortController();
    const call = client(url).credits.get({ signal: controller.signal });
    await eventually(() => requests.length > 0, {
      what: 'the call to reach the server',
      intervalMs: 0,
    });
    controller.abort();
    const error = await failure(call);
    assert.equal(error.kind, 'cancelled');
  });

  it('an answer that is not JSON, or not the shape of the API, is a contract error naming the field', async () => {
    const html = await serve([
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>proxy login</html>');
      },
    ]);
    const notJson = await failure(client(html.url).credits.get());
    assert.equal(notJson.kind, 'contract');
    assert.match(notJson.message, /not JSON \(HTTP 200\): <html>proxy login/);
    const shape = await serve([
      json(200, {
        ...CREDITS,
        result_creditinfo: { ...CREDITS.result_creditinfo, monthly_total: 'lots' },
      }),
    ]);
    const wrong = await failure(client(shape.url).credits.get());
    assert.match(
      wrong.message,
      /does not have the shape of the API: result_creditinfo\.monthly_total/,
    );
  });

  it('a refused connection is a network error naming the host, retried, never the token', async () => {
    const { url, server } = await serve([json(200, CREDITS)]);
    server.close();
    await new Promise((resolve) => server.once('close', resolve));
    const clock = recordingClock();
    const error = await failure(client(url, { clock, retry: { attempts: 2 } }).credits.get());
    assert.equal(error.kind, 'network');
    assert.match(error.message, /could not reach 127\.0\.0\.1:\d+: ECONNREFUSED/);
    assert.equal(clock.slept.length, 1);
    assert.ok(!error.message.includes(TOKEN));
  });
});
