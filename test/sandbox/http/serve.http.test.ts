// Property (issue 10): whatever a client sends, `mmq sandbox` answers within a time bound with the
// API's envelope, 2xx or 4xx (a result stream's first chunk for a stream that opens), and is
// alive afterwards; with --data-dir, it starts again from the journal those requests left.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Chunk, EnvelopeBase, ErrorEnvelope } from '../../../core/api/schemas/index';
import { startCli, type CliSandbox } from '../../support/cliProcess';
import { malformedRequest, type Tokens } from '../support/malformedRequests';
import { rawRequest } from '../support/rawHttp';
import { call } from '../support/sandbox';

const TOKENS: Tokens = { readWrite: 'fuzz-read-write', readOnly: 'fuzz-read-only' };
const TIME_BOUND_MS = 10_000;
const RUNS = 1500;

/** The answer to one generated request, checked; a message saying what is wrong, or nothing. */
async function check(sandbox: CliSandbox, method: string, bytes: Buffer): Promise<void> {
  const answer = await rawRequest(sandbox.url, bytes, {
    timeoutMs: TIME_BOUND_MS,
    head: method === 'HEAD',
  });
  assert.ok(
    (answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500),
    `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`,
  );
  if (method === 'HEAD') return;
  if (answer.headers['content-type']?.startsWith('text/plain')) {
    assert.equal(answer.status, 200);
    Chunk.parse(JSON.parse(answer.body));
    return;
  }
  const envelope: unknown = JSON.parse(answer.body);
  if (answer.status >= 400) {
    const error = ErrorEnvelope.parse(envelope);
    assert.notEqual(error.status_code, '0');
    assert.notEqual(error.status_code, '1', `an internal error: ${error.status_message}`);
  } else assert.equal(EnvelopeBase.parse(envelope).status_code, '0');
}

async function fuzz(sandbox: CliSandbox): Promise<void> {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(malformedRequest(TOKENS), async ({ method, target, bytes }) => {
      // Rate limits would soon refuse everything: move the virtual clock past them now and then.
      if (++sent % 50 === 0)
        await call(sandbox.url, '/_sandbox/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advance_ms: 61_000 }),
          token: TOKENS.readWrite,
        });
      try {
        await check(sandbox, method, bytes);
      } catch (error: unknown) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${method} ${target.slice(0, 300)}: ${reason}`, { cause: error });
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  assert.equal(sandbox.child.exitCode, null, 'the sandbox is still running');
  const credits = await call(sandbox.url, '/api/v1/status/credits', { token: TOKENS.readWrite });
  assert.equal(credits.status, 200, 'and still answers');
  assert.ok(
    !sandbox.stderr.some((line) => line.startsWith('internal error')),
    sandbox.stderr.filter((line) => line.startsWith('internal error')).join('\n'),
  );
}

const args = (...more: string[]) => [
  '--docs',
  '300',
  '--rate',
  '0',
  '--token',
  TOKENS.readWrite,
  '--read-only-token',
  TOKENS.readOnly,
  ...more,
];

describe('the sandbox under generated malformed requests (issue 10)', () => {
  const running: CliSandbox[] = [];
  afterEach(async () => {
    for (const each of running.splice(0)) await each.stop();
  });

  it(`answers ${RUNS} of them with 2xx or 4xx envelopes in time, and lives on`, async function () {
    this.timeout(300_000);
    const sandbox = await startCli(args());
    running.push(sandbox);
    await fuzz(sandbox);
  });

  it('the same with --data-dir, and starts again from the journal they left', async function () {
    this.timeout(300_000);
    const dataDir = await mkdtemp(join(tmpdir(), 'mmq-fuzz-'));
    const sandbox = await startCli(args('--data-dir', dataDir));
    running.push(sandbox);
    await fuzz(sandbox);
    await sandbox.stop('SIGTERM');
    const again = await startCli(args('--data-dir', dataDir));
    running.push(again);
    assert.match(await again.line((line) => line.startsWith('mmq: restored')), /journal record/);
    assert.equal(
      (await call(again.url, '/api/v3/stream/info', { token: TOKENS.readOnly })).status,
      200,
    );
  });
});
