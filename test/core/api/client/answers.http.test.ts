// The answer observer (TransportOptions.onAnswer): every answer, of plain calls and of streamed
// reads, reaches it with its endpoint class, status and the credits it spent, as the sandbox
// charged them; the extension's status bar and token handling rest on it.
import assert from 'node:assert/strict';
import type { ApiAnswer } from '../../../../core/api/client/answers';
import { CREDIT_COSTS } from '../../../../core/api/costs';
import { arrive, collect, fixture, type Fixture } from '../../../support/sandboxClient';

describe('the answer observer', () => {
  let f: Fixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  async function creditsUsed(fx: Fixture): Promise<number> {
    return (await fx.client.credits.get()).result_creditinfo.used_credits_monthly!;
  }

  it('plain calls: endpoint class, status, status_code and the credits the sandbox charged', async () => {
    f = await fixture();
    const answers: ApiAnswer[] = [];
    const client = f.clientWith({ onAnswer: (answer) => answers.push(answer) });
    const before = await creditsUsed(f);
    await client.histograms.global('language', { q: 'acme' });
    await client.results.project('7c1e-demo', { q: 'acme', hpp: 5 });
    const spent = answers.reduce((sum, answer) => sum + answer.credits, 0);
    assert.equal(spent, (await creditsUsed(f)) - before, 'the observer counts what was charged');
    assert.deepEqual(
      answers.map(({ endpoint, method, httpStatus, statusCode }) => ({
        endpoint,
        method,
        httpStatus,
        statusCode,
      })),
      [
        { endpoint: 'globalHistogram', method: 'GET', httpStatus: 200, statusCode: '0' },
        { endpoint: 'projectResults', method: 'GET', httpStatus: 200, statusCode: '0' },
      ],
    );
    assert.equal(answers[0]?.credits, CREDIT_COSTS.histogramCall);
    assert.ok(!answers.some((answer) => answer.path.includes('access_token')));
  });

  it('a refused call: its code, and no credits', async () => {
    f = await fixture();
    const answers: ApiAnswer[] = [];
    const client = f.clientWith({ token: 'not-the-token', onAnswer: (a) => answers.push(a) });
    await assert.rejects(client.histograms.global('language', { q: 'acme' }));
    assert.deepEqual(
      answers.map(({ httpStatus, statusCode, credits }) => ({ httpStatus, statusCode, credits })),
      [{ httpStatus: 401, statusCode: '7', credits: 0 }],
    );
  });

  it('streamed reads: the opening, a credit per stream result, an in-band error with its code', async () => {
    f = await fixture();
    const answers: ApiAnswer[] = [];
    const client = f.clientWith({ onAnswer: (answer) => answers.push(answer) });
    await f.client.streams.define('s', [{ rule_id: 'r1', query: 'globex' }]);
    const reader = client.streams.read('s', { maxHits: 2 });
    assert.equal((await reader.next()).value?.kind, 'control');
    await arrive(f.sandbox.url, ['Globex one', 'Globex two']);
    await collect(reader);
    const streamAnswers = answers.filter((answer) => answer.path.endsWith('/s/s/results'));
    assert.deepEqual(
      streamAnswers.map(({ httpStatus, credits }) => ({ httpStatus, credits })),
      [
        { httpStatus: 200, credits: 0 },
        { httpStatus: 200, credits: 1 },
        { httpStatus: 200, credits: 1 },
      ],
    );

    const older = client.streams.read('s');
    assert.equal((await older.next()).value?.kind, 'control');
    const newer = f.client.streams.read('s');
    assert.equal((await newer.next()).value?.kind, 'control');
    await collect(older);
    assert.equal(answers.at(-1)?.statusCode, '24');
    await newer.return(undefined);
  });
});
