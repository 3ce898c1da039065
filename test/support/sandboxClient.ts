// A sandbox per test and a client on it, over loopback HTTP, as the extension will use them.
import { MediaMonitoringClient } from '../../core/api/client/client';
import type { TransportOptions } from '../../core/api/client/transport';
import type { AnalyticsDocument } from '../../sandbox/analytics/documentFields';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../sandbox/server';

export const TOKEN = 'client-test-token';
export const READ_ONLY = 'client-read-only-token';
export const NOW = Date.now();

/** Documents of the last day that the tests' queries find: Acme and Globex stories. */
export const DOCUMENTS: AnalyticsDocument[] = Array.from({ length: 30 }, (_, index) => ({
  url: `https://news.acme.example/story-${index}`,
  title: index % 2 === 0 ? `Acme story ${index}` : `Globex story ${index}`,
  content: 'A story about rocket skates.',
  published: NOW - (index + 1) * 3_600_000,
  lang: index % 3 === 0 ? 'de' : 'en',
  extra_source_attributes: { id: `source-${index % 4}`, name: `Source ${index % 4}` },
  engagement: index * 100,
}));

export interface Fixture {
  readonly sandbox: RunningSandbox;
  readonly client: MediaMonitoringClient;
  /** Another client on the same sandbox, with other options. */
  clientWith(options: Partial<TransportOptions>): MediaMonitoringClient;
  close(): Promise<void>;
}

export async function fixture(options: StartOptions = {}): Promise<Fixture> {
  const sandbox = await startSandbox({
    token: TOKEN,
    readOnlyToken: READ_ONLY,
    docs: 0,
    rate: 0,
    documents: DOCUMENTS,
    ...options,
  });
  const clients: MediaMonitoringClient[] = [];
  const clientWith = (extra: Partial<TransportOptions>) => {
    const client = new MediaMonitoringClient({
      baseUrl: sandbox.url,
      token: TOKEN,
      userAgent: 'media-monitoring-tests/0.0.0',
      ...extra,
    });
    clients.push(client);
    return client;
  };
  return {
    sandbox,
    client: clientWith({}),
    clientWith,
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await sandbox.close();
    },
  };
}

/** Everything an async iterable yields, in order. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export async function post(base: string, path: string, body: unknown): Promise<void> {
  const url = new URL(path, base);
  url.searchParams.set('access_token', TOKEN);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}: ${await response.text()}`);
}

/** Documents arriving live now (streams and collectors see them). */
export function arrive(base: string, titles: readonly string[]): Promise<void> {
  return post(base, '/_sandbox/live', {
    documents: titles.map((title) => ({ title, content: title })),
  });
}
