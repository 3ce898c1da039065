// An HTTP proxy in front of the sandbox for `mmq upload` tests: it forwards every call, and does
// something to the nth upload call (POST /api/v2/docs…): holds it until released (to interrupt
// mmq while a batch is in flight), or passes it to the sandbox, which applies it, and then cuts
// the connection instead of answering (the client cannot know the batch landed).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadProxy {
  readonly url: string;
  /** Resolves when the nth upload call reached the proxy (and, when held, is being held). */
  readonly reached: Promise<void>;
  release(): void;
  /** Upload calls seen. */
  uploads(): number;
  close(): void;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function uploadProxy(
  target: string,
  nth: number,
  action: 'hold' | 'cut',
): Promise<UploadProxy> {
  let uploads = 0;
  let reach = () => undefined as void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const isUpload = request.method === 'POST' && (request.url ?? '').startsWith('/api/v2/docs');
      const number = isUpload ? ++uploads : 0;
      if (number === nth) {
        reach();
        if (action === 'hold') await released;
      }
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { body }),
      });
      const text = await answer.text();
      if (number === nth && action === 'cut') return void request.socket.destroy();
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    release,
    uploads: () => uploads,
    close: () => {
      release();
      server.closeAllConnections();
      server.close();
    },
  };
}
