// Which actions a results panel offers after a failed run: what helps with that failure, and
// nothing that cannot (no token and no switch to the sandbox for the sandbox's own failures).
import assert from 'node:assert/strict';
import { runFailureActions } from '../../../../src/shell/commands/failureActions';

describe('the actions of a failed run', () => {
  it('against a service: a token or connection failure offers Retry, Set Access Token and Use the Sandbox', () => {
    for (const cause of ['tokenRejected', 'unreachable', 'timeout'] as const)
      assert.deepEqual(runFailureActions(cause, true), ['retry', 'setToken', 'useSandbox'], cause);
    const unreachable = {
      kind: 'failed',
      target: '127.0.0.1:9',
      message: 'Could not reach 127.0.0.1:9',
      reason: 'unreachable',
    } as const;
    assert.deepEqual(runFailureActions(unreachable, true), ['retry', 'setToken', 'useSandbox']);
  });

  it('a request the service refused is not sent elsewhere: Retry and the log', () => {
    assert.deepEqual(runFailureActions('badRequest', true), ['retry', 'showLog']);
    assert.deepEqual(runFailureActions('notFound', true), ['retry', 'showLog']);
  });

  it('against the sandbox: no token to set and no sandbox to switch to', () => {
    for (const cause of ['unreachable', 'badRequest', 'serviceFailed', undefined] as const) {
      const actions = runFailureActions(cause, false);
      assert.equal(actions[0], 'retry');
      assert.ok(!actions.includes('setToken') && !actions.includes('useSandbox'), String(cause));
    }
    assert.deepEqual(runFailureActions({ kind: 'stopped' }, false), ['startSandbox']);
    assert.deepEqual(runFailureActions('noCredits', false), ['retry', 'refreshCredits']);
  });
});
