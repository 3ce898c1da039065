// Requests Node's HTTP parser refuses before Fastify sees them (a request line and headers over
// MAX_HEADER_BYTES, a method no one knows, broken chunked encoding), and CONNECT, which Node
// hands to a listener of its own (without one it drops the connection): answered with the API's
// envelope like any other refusal, written to the socket directly, and logged.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { echoedRequestLine, failureEnvelope } from './envelope';
import { badParameter, type ApiFailure } from './failure';
import { MAX_HEADER_BYTES } from './limits';
import type { Output } from './output';

/** `METHOD target` from the bytes the parser had, if they begin with a request line. */
function requestLineOf(error: ConnectionError): string | undefined {
  const raw: unknown = error.rawPacket;
  if (!Buffer.isBuffer(raw)) return undefined;
  // Latin-1, as Node reads request lines; only the start, the rest may be megabytes.
  const start = raw.subarray(0, MAX_HEADER_BYTES).toString('latin1');
  const match = /^([A-Za-z-]{1,20}) (\S+)/.exec(start);
  return match ? echoedRequestLine(match[1] ?? '', match[2] ?? '') : undefined;
}

function failureOf(error: ConnectionError): ApiFailure {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return badParameter(
        'url',
        `the request line and headers are longer than ${MAX_HEADER_BYTES / 1024} KiB: shorten the URL`,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return badParameter('request', 'not received completely in time');
    case 'HPE_INVALID_METHOD':
      return badParameter('method', 'not an HTTP method the API has');
    default:
      return badParameter('request', `not a well-formed HTTP request (${error.code})`);
  }
}

/** How long a refused connection is read (and dropped) for, so that its answer is not reset. */
const DRAIN_MS = 10_000;

/** Writes `failure` on the socket as the envelope, logs it, and closes the connection. */
function answerOnSocket(
  socket: Socket,
  failure: ApiFailure,
  line: string | undefined,
  output: Output,
  why: string,
): void {
  const body = output.json(failureEnvelope(failure, line));
  output.log(`${line ?? '(unreadable request)'} ${failure.httpStatus} - ms (${why})`);
  // What the client still sends is read and dropped, not left to reset the connection (and the
  // answer with it) when it closes; the parser that failed reads none of it.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.setTimeout(DRAIN_MS, () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${failure.httpStatus} ${STATUS_CODES[failure.httpStatus] ?? ''}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

export function clientErrorHandler(output: Output) {
  /** Node may report one broken connection more than once: it is answered once. */
  const answered = new WeakSet<Socket>();
  return (error: ConnectionError, socket: Socket): void => {
    if (answered.has(socket)) return;
    answered.add(socket);
    // A reset connection, or one already answering (an error after its response began), takes
    // nothing more.
    const current = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    answerOnSocket(socket, failureOf(error), requestLineOf(error), output, error.code);
  };
}

/** For the server's `connect` event: CONNECT is no method of the API, code 5 as any other. */
export function connectHandler(output: Output) {
  return (request: IncomingMessage, socket: Socket): void => {
    const line = echoedRequestLine(request.method ?? 'CONNECT', request.url ?? '');
    answerOnSocket(
      socket,
      badParameter('method', 'not an HTTP method the API has'),
      line,
      output,
      'CONNECT',
    );
  };
}
