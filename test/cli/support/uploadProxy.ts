// HTTP proxies in front of the sandbox for `mmq upload` tests. Each forwards every call and tells
// the test about each upload call (POST /api/v2/docs…) at two moments: when it arrives (nothing
// forwarded yet), and once the sandbox has applied it (its answer not yet passed on). At either
// moment the test may hold the call, or drop it: the process that made it is gone, or the
// connection is cut so that the client cannot know whether the batch landed.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { listen } from './loopback';
import type { RunningMmq } from './mmq';

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
 * `watch(n, moment)` is told of the nth upload call (from 1) at each moment, and the call waits
 * for its answer; when that is true, the call goes no further (the connection is dropped).
 */
export async function watchedProxy(
  target: string,
  watch: (upload: number, moment: UploadMoment) => boolean | Promise<boolean>,
): Promise<WatchedProxy> {
  let uploads = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const isUpload = request.method === 'POST' && (request.url ?? '').startsWith('/api/v2/docs');
      const number = isUpload ? ++uploads : 0;
      if (isUpload && (await watch(number, 'arrived'))) return void request.socket.destroy();
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { body }),
      });
      const text = await answer.text();
      if (isUpload && (await watch(number, 'applied'))) return void request.socket.destroy();
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(text);
    })().catch(() => request.socket.destroy());
  });
  const listening = await listen(server);
  return { url: listening.url, uploads: () => uploads, close: listening.close };
}

export interface UploadProxy extends WatchedProxy {
  /** Resolves when the nth upload call reached the proxy (and, when held, is being held). */
  readonly reached: Promise<void>;
  release(): void;
}

/**
 * Does something to the nth upload call: holds it until released (to interrupt mmq while a
 * batch is in flight), or passes it to the sandbox, which applies it, and then cuts the
 * connection instead of answering.
 */
export async function uploadProxy(
  target: string,
  nth: number,
  action: 'hold' | 'cut',
): Promise<UploadProxy> {
  let reach = () => undefined as void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const proxy = await watchedProxy(target, async (upload, moment) => {
    if (upload !== nth) return false;
    if (moment === 'applied') return action === 'cut';
    reach();
    if (action === 'hold') await released;
    return false;
  });
  return {
    ...proxy,
    reached,
    release,
    close: () => {
      release();
      proxy.close();
    },
  };
}

/**
 * Ctrl-C while `proxy` holds its upload call: mmq says it sends nothing more, lets the call finish
 * once released, and ends with 130.
 */
export async function interruptWhileHeld(proxy: UploadProxy, running: RunningMmq): Promise<void> {
  await proxy.reached;
  running.child.kill('SIGINT');
  await running.stderrMatches(/interrupted: nothing more is sent/);
  proxy.release();
  assert.equal(await running.exited, 130, running.stderr());
}
