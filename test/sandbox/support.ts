// Starts a sandbox per test on port 0 and calls it over real HTTP on loopback.
import { startSandbox, type RunningSandbox } from '../../sandbox/server';

export const TOKEN = 'test-token';
export const READ_ONLY = 'read-only-token';

export async function sandbox(
  options: Parameters<typeof startSandbox>[0] = {},
): Promise<RunningSandbox> {
  return startSandbox({ token: TOKEN, readOnlyToken: READ_ONLY, docs: 0, ...options });
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
