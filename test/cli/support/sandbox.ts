// A sandbox beside the mmq processes a suite runs: its calls made directly (to set up what mmq
// then reads), and a sandbox per suite with a client to look at what mmq did to it.
import assert from 'node:assert/strict';
import { MediaMonitoringClient } from '../../../core/api/client/client';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';

/** A call to the sandbox at `base()` with `token`, which must succeed. */
export function sandboxCalls(
  base: () => string,
  token: string,
): (method: string, path: string, body?: unknown) => Promise<void> {
  return async (method, path, body) => {
    const url = new URL(path, base());
    url.searchParams.set('access_token', token);
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    assert.ok(response.ok, `${method} ${path}: ${await response.text()}`);
  };
}

export interface DocumentSandbox {
  readonly sandbox: RunningSandbox;
  readonly client: MediaMonitoringClient;
  /** mmq's environment, pointed at the sandbox with the token. */
  readonly env: NodeJS.ProcessEnv;
  /** How many documents of `project` a search finds with this word. */
  readonly found: (word: string, project: string) => Promise<number | undefined>;
}

/**
 * An empty sandbox (no corpus, no firehose) for the suite's documents, started before its tests
 * and closed after them; `keep` is told it once it runs.
 */
export function useDocumentSandbox(token: string, keep: (started: DocumentSandbox) => void): void {
  let started: DocumentSandbox | undefined;
  before(async () => {
    const sandbox = await startSandbox({ token, docs: 0, rate: 0, documents: [] });
    const client = new MediaMonitoringClient({ baseUrl: sandbox.url, token, userAgent: 'tests' });
    const running: DocumentSandbox = {
      sandbox,
      client,
      env: { ...process.env, MEDIA_MONITORING_URL: sandbox.url, MEDIA_MONITORING_TOKEN: token },
      found: async (word, project) =>
        (await client.histograms.project(project, 'language', { q: word })).result_histogram
          .total_hits,
    };
    started = running;
    keep(running);
  });
  after(async () => {
    await started?.client.close();
    await started?.sandbox.close();
  });
}
