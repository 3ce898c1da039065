// The checks on messages between the extension and its sandbox worker: anything else is refused.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  isSandboxCommand,
  isSandboxMessage,
  isSandboxWorkerOptions,
} from '../../../../src/shell/connection/sandboxMessages';

describe('sandbox worker messages', () => {
  it('accepts the messages the worker sends', () => {
    const kept = { kept: true, directory: path.resolve('storage', 'sandbox-state') };
    assert.ok(isSandboxMessage({ kind: 'listening', url: 'http://127.0.0.1:4321', state: kept }));
    assert.ok(
      isSandboxMessage({
        kind: 'listening',
        url: 'http://127.0.0.1:4321',
        state: { kept: false, note: 'another window keeps it' },
      }),
    );
    assert.ok(isSandboxMessage({ kind: 'log', line: 'GET / 200 1.0 ms' }));
    assert.ok(isSandboxMessage({ kind: 'failed', message: 'EADDRINUSE' }));
    assert.ok(isSandboxMessage({ kind: 'closed' }));
  });

  it('refuses anything else: unknown kinds, wrong types, an address that is not the sandbox’s', () => {
    for (const message of [
      null,
      'listening',
      { kind: 'listening' },
      { kind: 'listening', url: 'http://127.0.0.1:4321/path' },
      { kind: 'listening', url: 'http://127.0.0.1:4321' },
      { kind: 'listening', url: 'http://127.0.0.1:4321', state: { kept: 'yes' } },
      { kind: 'listening', url: 'http://127.0.0.1:4321', state: { kept: true, directory: 'rel' } },
      { kind: 'listening', url: 'javascript:alert(1)' },
      { kind: 'log', line: 42 },
      { kind: 'exec', command: 'rm -rf /' },
    ])
      assert.equal(isSandboxMessage(message), false, JSON.stringify(message));
  });

  it('checks the commands and the options the worker starts with', () => {
    assert.ok(isSandboxCommand({ kind: 'close' }));
    assert.equal(isSandboxCommand({ kind: 'reset' }), false);
    assert.ok(isSandboxWorkerOptions({ token: 't', seed: 42, docs: 100, rate: 2 }));
    assert.equal(isSandboxWorkerOptions({ token: 't', seed: -1, docs: 100, rate: 2 }), false);
    assert.equal(isSandboxWorkerOptions({ seed: 42, docs: 100, rate: 2 }), false);
  });

  it('takes a snapshot and a data directory only as absolute paths', () => {
    const options = { token: 't', seed: 42, docs: 100, rate: 2 };
    for (const name of ['snapshotDir', 'dataDir']) {
      const absolute = path.resolve('storage', 'sandbox-state');
      assert.ok(isSandboxWorkerOptions({ ...options, [name]: absolute }));
      for (const directory of ['storage/sandbox-state', '', 42, null, `${absolute}\u0000x`])
        assert.equal(
          isSandboxWorkerOptions({ ...options, [name]: directory }),
          false,
          `${name}: ${JSON.stringify(directory)}`,
        );
    }
  });
});
