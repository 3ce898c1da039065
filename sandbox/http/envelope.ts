// Builds the response envelope (api.md "Common response envelope"): status, the echoed request
// line with the token masked, a request id, and the payload; `pretty=true` indents it. Every
// string in it is masked on the way out (Output.json), whatever it quotes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS } from '../../core/api/schemas/envelope';
import type { Answer } from './endpoint';
import type { ApiFailure } from './failure';
import { MAX_ECHOED_REQUEST } from './limits';
import type { Output } from './output';
import { clip } from './quote';
import { maskSecrets } from './secrets';

let sequence = 0;

/** `#<id>#`, unique within the process. */
export function nextRequestId(): string {
  sequence = (sequence + 1) % 1_000_000_000;
  return `#${Date.now().toString(36)}${sequence.toString(36).padStart(4, '0')}#`;
}

/**
 * A request line as echoed in `request` and in the log: the tokens masked wherever they are
 * (before the access_token values, which would leave the rest of a raw token's `&?#…` behind),
 * then clipped (masking first, so that a cut never leaves part of a token unrecognised).
 */
export function echoedRequestLine(method: string, url: string): string {
  return clip(maskSecrets(`${method} ${url}`), MAX_ECHOED_REQUEST);
}

export function maskedRequestLine(request: FastifyRequest): string {
  return echoedRequestLine(request.method, request.url);
}

function send(
  output: Output,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Record<string, unknown>,
): FastifyReply {
  const query: unknown = request.query;
  const pretty =
    typeof query === 'object' &&
    query !== null &&
    (query as { pretty?: unknown }).pretty === 'true';
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(output.json(body, pretty ? 2 : undefined));
}

/**
 * A successful envelope whose payload is of the endpoint's answer type, with the fields that go
 * beside it at the top of the answer, if any (search results' `pagination`).
 */
export function sendResult<Key extends string, Payload>(
  output: Output,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Pick<Answer<Key, Payload>, 'key'>,
  payload: Payload,
  beside: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  return send(output, request, reply, 200, {
    status_code: STATUS.ok.code,
    status_message: 'OK',
    request: maskedRequestLine(request),
    [answer.key]: payload,
    ...beside,
    request_id: nextRequestId(),
  });
}

/** The error envelope of a refusal; `requestLine` absent when the request line was unreadable. */
export function failureEnvelope(
  failure: ApiFailure,
  requestLine: string | undefined,
): Record<string, unknown> {
  return {
    status_code: failure.code,
    status_message: failure.message,
    ...(requestLine === undefined ? {} : { request: requestLine }),
    result_error: { data: failure.details },
    request_id: nextRequestId(),
  };
}

export function sendFailure(
  output: Output,
  request: FastifyRequest,
  reply: FastifyReply,
  failure: ApiFailure,
): FastifyReply {
  return send(
    output,
    request,
    reply,
    failure.httpStatus,
    failureEnvelope(failure, maskedRequestLine(request)),
  );
}
