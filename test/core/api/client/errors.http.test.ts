// Every error path of gaps.md provoked for real against the sandbox: each is an ApiError with the
// HTTP status, status_code, details and request_id, a message a user understands, and no retry
// where a retry cannot help.
import assert from 'node:assert/strict';
import { ApiError } from '../../../../core/api/client/errors';
import { RateGovernor, type GovernorClock } from '../../../../core/api/client/governor';
import { LIMITS_PER_MINUTE } from '../../../../core/api/limits';
import { fixture, NOW, post, READ_ONLY, type Fixture } from '../../../support/sandboxClient';

/**
 * A clock for the client that moves the sandbox's virtual clock when the client waits, so that
 * waiting out a rate-limit minute takes no wall time.
 */
function sandboxClock(base: string): GovernorClock & { advanced(): number } {
  let advanced = 0;
  return {
    now: () => Date.now() + advanced,
    sleep: async (ms) => {
      advanced += ms;
      await post(base, '/_sandbox/clock', { advance_ms: Math.ceil(ms) });
    },
    advanced: () => advanced,
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof ApiError, `an ApiError, not ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}

/** Counts the attempts a client makes, from its log. */
function attempts(lines: string[], call: string): number {
  return lines.filter((line) => line.startsWith(call) && /^\S+ \S+ \d{3}$/.test(line)).length;
}

describe('client errors against the sandbox', () => {
  let f: Fixture;
  afterEach(() => f.close());

  it('a rejected token is code 7, "the access token was rejected", never retried', async () => {
    f = await fixture();
    const lines: string[] = [];
    const client = f.clientWith({ token: 'wrong-token-123', log: (line) => lines.push(line) });
    const error = await failure(client.credits.get());
    assert.equal(error.httpStatus, 401);
    assert.equal(error.statusCode, '7');
    assert.ok(error.isTokenRejected);
    assert.match(error.message, /the access token was rejected/);
    assert.match(error.requestId ?? '', /^#\w+#$/);
    assert.equal(attempts(lines, 'GET /api/v1/status/credits'), 1);
  });

  it('the read-only token on a write is code 13, naming the rights needed and held', async () => {
    f = await fixture();
    const client = f.clientWith({ token: READ_ONLY });
    const error = await failure(client.streams.define('s', [{ rule_id: 'r', query: 'acme' }]));
    assert.equal(error.httpStatus, 403);
    assert.equal(error.statusCode, '13');
    assert.deepEqual(error.detail('rights_req'), ['write']);
    assert.match(error.message, /needs write rights and has read/);
  });

  it('no credits left is code 9, "no credits left", never retried', async () => {
    f = await fixture({ credits: 10 });
    const lines: string[] = [];
    const client = f.clientWith({ log: (line) => lines.push(line) });
    await client.histograms.global('language', { q: 'acme' });
    const error = await failure(client.histograms.global('language', { q: 'acme' }));
    assert.ok(error.isOutOfCredits);
    assert.match(error.message, /no credits left/);
    assert.equal(attempts(lines, 'GET /api/v1/search/histogram/language'), 2);
  });

  it('over the rate limit (another client shares the token) is code 8, and the retry waits out the minute', async () => {
    f = await fixture();
    const clock = sandboxClock(f.sandbox.url);
    // A governor that believes in ten times the limit, as if other clients shared the token.
    const loose = new RateGovernor(clock, { ...LIMITS_PER_MINUTE, credits: 100 });
    const lines: string[] = [];
    const client = f.clientWith({ governor: loose, clock, log: (line) => lines.push(line) });
    for (let call = 0; call < 10; call++) await client.credits.get();
    await client.credits.get();
    assert.ok(
      lines.some((line) => /^GET \/api\/v1\/status\/credits 401$/.test(line)),
      'the service refused the eleventh call',
    );
    assert.ok(
      lines.some((line) =>
        /rate limit of this endpoint was reached.*; retry 1 in \d+ ms$/.test(line),
      ),
    );
    assert.ok(clock.advanced() >= 60_000, 'the retry waited for the window, not hammered');
  });

  it('the governor keeps within the limit: the eleventh credits call in a minute waits instead of being refused', async () => {
    f = await fixture();
    const clock = sandboxClock(f.sandbox.url);
    const lines: string[] = [];
    const client = f.clientWith({ clock, log: (line) => lines.push(line) });
    const queued: number[] = [];
    client.governor.onChange((state) => {
      if (state.endpoint === 'credits') queued.push(state.queued);
    });
    const started = clock.now();
    for (let call = 0; call < 11; call++) await client.credits.get();
    assert.ok(!lines.some((line) => / 401$/.test(line)), lines.join('\n'));
    // In the governor's time (the real seconds the calls took, and the minute it skipped): the
    // wait is the rest of the minute, shorter by the real time the ten calls took on a slow
    // machine.
    assert.ok(clock.advanced() > 0, 'the eleventh call waited');
    assert.ok(clock.now() - started >= 60_000, 'the eleventh call went a minute after the first');
    assert.ok(queued.includes(1));
  });

  it('the governor tells how long a call will wait', async () => {
    f = await fixture();
    const clock = sandboxClock(f.sandbox.url);
    const client = f.clientWith({ clock });
    for (let call = 0; call < 10; call++) await client.credits.get();
    const state = client.governor.state('credits');
    assert.equal(state.used, 10);
    assert.ok(state.nextFreeAt > clock.now() + 55_000, 'the next slot is about a minute away');
  });

  it('a histogram over 400 bins says how many and what to do', async () => {
    f = await fixture();
    const error = await failure(
      f.client.histograms.global('published', {
        q: 'acme',
        min: NOW - 30 * 86_400_000,
        max: NOW,
        interval: 'hour',
      }),
    );
    assert.equal(error.httpStatus, 400);
    assert.match(
      error.message,
      /the histogram would have 7\d\d bins; the limit is 400: enlarge the interval/,
    );
  });

  it('a missing parameter, a bad value and a query that does not parse name what is wrong', async () => {
    f = await fixture();
    const missing = await failure(
      f.client.exports.create({ project: '7c1e-demo' }, { target: 'x' } as never),
    );
    assert.equal(missing.statusCode, '3');
    assert.match(missing.message, /missing: start/);
    const bad = await failure(f.client.histograms.global('language', { q: 'acme', top_n: 500 }));
    assert.equal(bad.statusCode, '5');
    assert.match(bad.message, /bad value for top_n/);
    const parse = await failure(f.client.histograms.global('language', { q: 'acme AND (' }));
    assert.equal(parse.statusCode, '4');
    assert.match(parse.message, /the query does not parse/);
  });

  it('an unknown collector is code 15, not found, naming it', async () => {
    f = await fixture();
    const error = await failure(f.client.collectors.get('nobody'));
    assert.equal(error.httpStatus, 404);
    assert.equal(error.statusCode, '15');
    assert.match(error.message, /not found: .*nobody/);
  });

  it('image detection errors 50 and 45 as api.md gives them', async () => {
    f = await fixture();
    const domain = await failure(
      f.client.images.detectAt('logo', 'https://elsewhere.example/x.png'),
    );
    assert.equal(domain.statusCode, '50');
    assert.match(domain.message, /not approved for processing: https:\/\/elsewhere\.example/);
    const model = await failure(
      f.client.images.detectAt('logo', 'https://images.acme.example/x.png', {
        detect: ['logo-nobody'],
      }),
    );
    assert.equal(model.statusCode, '45');
    assert.match(model.message, /unknown image detection model: logo-nobody/);
  });
});
