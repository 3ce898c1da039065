// An HTTP proxy in front of the sandbox that tells a test about each upload call (POST
// /api/v2/docs…) at two moments: when it arrives (nothing forwarded yet), and when the sandbox has
// applied it (its answer not yet passed on). A test kills `mmq` at either moment; the proxy then
// drops the call (the process that made it is gone).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UploadMoment = 'arrived' | 'applied';

export interface WatchedProxy {
  readonly url: string;
  /** Upload calls seen since the start. */
  uploads(): number;
  close(): void;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `watch(n, moment)` is told of the nth upload call (from 1) at each moment; when it answers
 * true, the call goes no further (the connection is dropped).
 */
export async function watchedProxy(
  target: string,
  watch: (upload: number, moment: UploadMoment) => boolean,
): Promise<WatchedProxy> {
  let uploads = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const isUpload = request.method === 'POST' && (request.url ?? '').startsWith('/api/v2/docs');
      const number = isUpload ? ++uploads : 0;
      if (isUpload && watch(number, 'arrived')) return void request.socket.destroy();
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { body }),
      });
      const text = await answer.text();
      if (isUpload && watch(number, 'applied')) return void request.socket.destroy();
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(text);
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    uploads: () => uploads,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
