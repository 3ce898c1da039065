// HTTP/1.1 over a bare socket, for requests no HTTP client would send: malformed escapes, odd
// methods, raw bytes in the request line, bodies that lie about their type. Answers the status,
// headers and body as sent, or rejects if nothing complete arrives within the time given.
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The status line and headers, as sent. */
  readonly head: string;
  /** The body, de-chunked; for a result stream, its first line only. */
  readonly body: string;
  /** Everything received, as sent. */
  readonly raw: Buffer;
}

function dechunk(data: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    if (data.length < lineEnd + 2 + size + 2)
      return { body: Buffer.concat(parts), complete: false };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends `request` (the whole request, as bytes) and reads the answer. */
export function rawRequest(
  url: string,
  request: Buffer | string,
  options: { readonly timeoutMs: number; readonly head?: boolean },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error?: Error, answer?: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error ?? new Error('no answer'));
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    /** The answer, once complete in what has arrived (`ended`: the sandbox closed). */
    const parse = (ended: boolean): RawAnswer | undefined => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return undefined;
      const head = received.subarray(0, headEnd).toString('latin1');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(statusLine.split(' ')[1]);
      const rest = received.subarray(headEnd + 4);
      const answer = (body: Buffer) => ({
        status,
        headers,
        head,
        body: body.toString('utf8'),
        raw: received,
      });
      if (options.head) return answer(Buffer.alloc(0));
      if (headers['transfer-encoding'] === 'chunked') {
        const { body, complete } = dechunk(rest);
        // A result stream never ends by itself: its first line is enough.
        if (headers['content-type']?.startsWith('text/plain') && body.includes('\r\n'))
          return answer(body.subarray(0, body.indexOf('\r\n')));
        return complete || ended ? answer(body) : undefined;
      }
      const length = headers['content-length'];
      if (length !== undefined)
        return rest.length >= Number(length) ? answer(rest.subarray(0, Number(length))) : undefined;
      return ended ? answer(rest) : undefined;
    };
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const answer = parse(false);
      if (answer) finish(undefined, answer);
    });
    socket.on('end', () => {
      const answer = parse(true);
      finish(
        answer
          ? undefined
          : new Error(`closed without an answer: ${received.toString('latin1').slice(0, 200)}`),
        answer,
      );
    });
    socket.on('error', (error) => {
      const answer = parse(true);
      finish(answer ? undefined : error, answer);
    });
    socket.write(request);
  });
}

/** A request as bytes: `target` is sent exactly as given. */
export function requestBytes(
  method: string,
  target: string,
  headers: Readonly<Record<string, string>>,
  body?: Buffer | string,
): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: sandbox.test',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body === undefined ? [] : [`Content-Length: ${payload.length}`]),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), payload]);
}
