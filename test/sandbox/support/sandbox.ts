// Starts a sandbox per test on port 0 and calls it over real HTTP on loopback.
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';

export const TOKEN = 'test-token';
export const READ_ONLY = 'read-only-token';

export async function sandbox(
  options: Parameters<typeof startSandbox>[0] = {},
): Promise<RunningSandbox> {
  // No firehose unless a test asks: live documents arrive only when a test sends them.
  return startSandbox({ token: TOKEN, readOnlyToken: READ_ONLY, docs: 0, rate: 0, ...options });
}

export async function call(
  base: string,
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const url = new URL(path, base);
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) url.searchParams.set('access_token', token);
  const response = await fetch(url, init);
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
    text,
  };
}

/** Reads a chunked results response line by line, as parsed JSON objects. */
export async function openChunks(base: string, path: string, token: string = TOKEN) {
  const url = new URL(path, base);
  url.searchParams.set('access_token', token);
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<Record<string, any> | null> => {
    for (;;) {
      const end = buffer.indexOf('\r\n');
      if (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line.trim() !== '') return JSON.parse(line) as Record<string, any>;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  };
  return { response, next, close: () => controller.abort() };
}

export function live(base: string, documents: readonly Record<string, unknown>[]) {
  return call(base, '/_sandbox/live', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documents }),
  });
}
