// Builds the response envelope (api.md "Common response envelope"): status, the echoed request
// line with the token masked, a request id, and the payload; `pretty=true` indents it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS } from '../../core/api/schemas/envelope';
import type { ApiFailure } from './failure';

let sequence = 0;

/** `#<id>#`, unique within the process. */
export function nextRequestId(): string {
  sequence = (sequence + 1) % 1_000_000_000;
  return `#${Date.now().toString(36)}${sequence.toString(36).padStart(4, '0')}#`;
}

/** The request line as echoed in `request`, with every `access_token` value masked. */
export function maskedRequestLine(request: FastifyRequest): string {
  return `${request.method} ${request.url.replace(/([?&]access_token=)[^&]*/g, '$1***')}`;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Record<string, unknown>,
): FastifyReply {
  const pretty = (request.query as Record<string, unknown> | undefined)?.pretty === 'true';
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
}

export function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  payload: unknown,
): FastifyReply {
  return send(request, reply, 200, {
    status_code: STATUS.ok.code,
    status_message: 'OK',
    request: maskedRequestLine(request),
    [key]: payload,
    request_id: nextRequestId(),
  });
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: ApiFailure,
): FastifyReply {
  return send(request, reply, failure.httpStatus, {
    status_code: failure.code,
    status_message: failure.message,
    request: maskedRequestLine(request),
    result_error: { data: failure.details },
    request_id: nextRequestId(),
  });
}
