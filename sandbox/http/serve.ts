// How every request is served. In order:
//   onRequest      the token and the rate limit (before a byte of the body is read)
//   body parsing   the endpoint's size limit, MAX_JSON_DEPTH, code 17 (json.ts)
//   preValidation  path parameters' length, the body against its schema (code 3 / 5 / 16 / 18),
//                  the endpoint's own checks (queries over 4,096 characters among them)
//   preHandler     a persisted sandbox journals the request here (persistence/recorder.ts): only
//                  what passed everything above, and only endpoints marked `journaled`
//   handler        the endpoint, whose payload is of its answer's type
//   onSend         the tokens masked in headers (bodies are masked as they are built)
//   onResponse     one log line
// Whatever Fastify or Node refuse on their own (bad escapes, over-long headers, broken HTTP) is
// the API's envelope too, and logged.
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import * as mini from 'zod/mini';
import type { QueryParameters } from '../analytics/parameters';
import { admit, type SandboxContext } from '../context';
import { bodyFailure } from './bodyFailure';
import { clientErrorHandler, connectHandler } from './clientErrors';
import type { Call, ChunkEndpoint, JsonEndpoint, ParamsOf, Registrar } from './endpoint';
import { failureEnvelope, maskedRequestLine, sendFailure, sendResult } from './envelope';
import { asFailure } from './errors';
import { ApiFailure, badParameter } from './failure';
import { parseJsonBody } from './json';
import { BODY_LIMITS, MAX_HEADER_BYTES, MAX_PATH_PARAMETER } from './limits';
import type { Output } from './output';
import { quote } from './quote';

/** What a handler of an answer with fields beside its payload returns (handlers.ts `Returned`). */
interface Answered {
  readonly payload: unknown;
  readonly beside: Readonly<Record<string, unknown>>;
}

/** How long an early refusal waits for the rest of the body to be read and dropped. */
const DRAIN_MS = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A state-changing write: journaled by a persisted sandbox once its checks passed. */
    journaled?: boolean;
  }
}

/** A Fastify instance whose own refusals, at every level, are the API's envelope. */
export function createFastify(output: Output): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMITS.control,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    // Longer than any URL: ids are measured by the endpoint, which names the parameter.
    routerOptions: { maxParamLength: MAX_HEADER_BYTES },
    // A HEAD of a result stream would open one; HEAD is no method of the API.
    exposeHeadRoutes: false,
    // Fastify answers these before routing, without the hooks below: masked and logged here.
    frameworkErrors: (error, request, reply) => {
      const failure = asFailure(error, request, output);
      const line = maskedRequestLine(request);
      output.log(`${line} ${failure.httpStatus} - ms`);
      const body = output.json(failureEnvelope(failure, line));
      afterTheBody(request.raw, () => {
        reply.raw.writeHead(failure.httpStatus, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        reply.raw.end(body);
      });
    },
    clientErrorHandler: clientErrorHandler(output),
  });
  app.server.on('connect', connectHandler(output));
  return app;
}

/**
 * Runs `send` once the request's body has arrived. A refusal made before the body was read (no
 * token, a body too large by its Content-Length) would otherwise close a connection with bytes
 * still coming in, and the system resets such a connection: the client would get an error, not
 * the answer. So the rest is read and thrown away first (never kept), up to BODY_LIMITS.batch
 * or DRAIN_MS; past that the answer goes anyway.
 */
export function afterTheBody(request: IncomingMessage, send: () => void): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  const hasBody = declared > 0 || request.headers['transfer-encoding'] !== undefined;
  if (request.complete || request.readableEnded || !hasBody || declared > BODY_LIMITS.batch)
    return send();
  let drained = 0;
  let sent = false;
  const finish = () => {
    if (sent) return;
    sent = true;
    clearTimeout(timer);
    request.off('data', count);
    send();
  };
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > BODY_LIMITS.batch) finish();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  request.on('data', count);
  request.once('end', finish);
  request.once('close', finish);
  request.resume();
}

function refuse(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The parser, error handler, 404, masking and log every endpoint shares. */
export function installPipeline(app: FastifyInstance, output: Output): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error: unknown) {
      done(refuse(error), undefined);
    }
  });
  app.setErrorHandler((error, request, reply) =>
    sendFailure(output, request, reply, asFailure(error, request, output)),
  );
  app.setNotFoundHandler((request, reply) =>
    sendFailure(
      output,
      request,
      reply,
      new ApiFailure(
        'unknownEndpoint',
        `Endpoint not found: ${request.method} ${quote(request.url.split('?')[0] ?? '')}`,
      ),
    ),
  );
  // Bodies are masked as they are built (Output.json); headers here.
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (typeof value === 'string' && output.redact(value) !== value)
        reply.header(name, output.redact(value));
    afterTheBody(request.raw, () => done(null, payload));
  });
  // Result streams are logged when they end.
  app.addHook('onResponse', (request, reply, done) => {
    output.log(
      `${maskedRequestLine(request)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`,
    );
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    output.log(`${maskedRequestLine(request)} - (the client went away)`);
    done();
  });
}

/** Registers endpoints on `app` (the app, or a plugin scope) with the pipeline above. */
export function registrar(
  app: FastifyInstance,
  context: SandboxContext,
  output: Output,
): Registrar {
  const route = <Path extends string, Body>(
    endpoint: JsonEndpoint<Path, Body, unknown> | ChunkEndpoint<Path, Body>,
    handler: (call: Call<Path, Body>, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) => {
    /** Each request's parameters and validated body, from preValidation to the handler. */
    const calls = new WeakMap<FastifyRequest, Call<Path, Body>>();
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      bodyLimit: BODY_LIMITS[endpoint.body?.size ?? 'control'],
      config: { journaled: endpoint.journaled === true },
      onRequest: (request, _reply, done) => {
        try {
          admit(context, request, endpoint.access, endpoint.limit);
          done();
        } catch (error: unknown) {
          done(refuse(error));
        }
      },
      preValidation: (request, _reply, done) => {
        try {
          // The router matched `endpoint.path`: its parameters are these, as strings.
          const params = request.params as ParamsOf<Path>;
          for (const [name, value] of Object.entries(params))
            if (value.length > MAX_PATH_PARAMETER)
              throw badParameter(
                name,
                `at most ${MAX_PATH_PARAMETER} characters, not ${value.length.toLocaleString('en')}`,
              );
          let body: unknown;
          if (endpoint.body) {
            const parsed = mini.safeParse(endpoint.body.schema, request.body);
            if (!parsed.success)
              throw bodyFailure(
                parsed.error,
                request.body,
                endpoint.body.invalid ?? 'badParameter',
              );
            body = parsed.data;
          }
          // Without a body contract, Body is undefined (a body sent anyway is ignored).
          const call: Call<Path, Body> = {
            params,
            query: request.query as QueryParameters,
            body: body as Body,
          };
          endpoint.check?.(call);
          calls.set(request, call);
          done();
        } catch (error: unknown) {
          done(refuse(error));
        }
      },
      handler: (request, reply) => {
        const call = calls.get(request);
        if (!call) throw new Error(`${endpoint.path}: the handler ran before its checks`);
        return handler(call, request, reply);
      },
    });
  };
  return {
    json(answer, endpoint) {
      route(endpoint, (call, request, reply) => {
        // Called at once, not after an await: a journaled write runs in the same turn of the event
        // loop as its journal record, at the instant the record names (VirtualClock.hold()).
        const payload = endpoint.handle(call, request);
        const respond = (settled: unknown) => {
          if (!answer.beside) return sendResult(output, request, reply, answer, settled);
          const { payload: inside, beside } = settled as Answered;
          return sendResult(output, request, reply, answer, inside, beside);
        };
        return payload instanceof Promise ? payload.then(respond) : respond(payload);
      });
    },
    chunks(endpoint) {
      route(endpoint, (call, _request, reply) => endpoint.open(call, reply));
    },
  };
}
