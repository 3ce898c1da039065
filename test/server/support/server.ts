// The language server a suite talks to, started and stopped by mocha's hooks, with the check
// every suite makes of it: the server logged no error.
import assert from 'node:assert/strict';
import { TestClient, type ClientOptions } from './client';

export interface ServerHooks {
  /** A server for each test (default: one for all the suite's tests). */
  readonly each?: boolean;
  /** The client's options (its settings, capabilities, the server's heap). */
  readonly client?: ClientOptions;
  /** Whether an error the server logged fails the suite (default true). */
  readonly checkErrors?: boolean;
}

/**
 * Starts a server before the suite's tests (or before each), tells `keep` the client on it, and
 * stops it after them.
 */
export function useServer(keep: (client: TestClient) => void, hooks: ServerHooks = {}): void {
  let client: TestClient | undefined;
  const start = async () => {
    client = await TestClient.start(hooks.client);
    keep(client);
  };
  const stop = async () => {
    const started = client;
    client = undefined;
    if (started) await stopServer(started, hooks.checkErrors ?? true);
  };
  if (hooks.each) {
    beforeEach(start);
    afterEach(stop);
  } else {
    before(start);
    after(stop);
  }
}

/**
 * For tests that start their server themselves (with settings of their own, or to end it): the
 * servers the returned function starts are stopped after each test.
 */
export function serversPerTest(): (options?: ClientOptions) => Promise<TestClient> {
  const started: TestClient[] = [];
  afterEach(async () => {
    for (const client of started.splice(0)) await stopServer(client, true);
  });
  return async (options) => {
    const client = await TestClient.start(options);
    started.push(client);
    return client;
  };
}

async function stopServer(client: TestClient, checkErrors: boolean): Promise<void> {
  try {
    if (checkErrors) assert.deepEqual(client.errors, [], 'the server logged no error');
  } finally {
    await client.dispose();
  }
}
