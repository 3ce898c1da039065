// What Fastify refuses by itself (a body too large or unparsable, a bad %-escape in the path, an
// unknown content type) as the API's errors, naming what is at fault. Anything else is code 1,
// and its cause goes to the log: a 500 nobody can explain is a bug nobody can fix.
import type { FastifyRequest } from 'fastify';
import { ApiFailure, badParameter } from './failure';
import type { Output } from './output';
import { quote } from './quote';

const bytes = (count: number) =>
  count >= 1024 * 1024 && count % (1024 * 1024) === 0
    ? `${count / (1024 * 1024)} MiB`
    : `${count.toLocaleString('en')} bytes`;

function codeOf(error: unknown): string | undefined {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function statusOf(error: unknown): number | undefined {
  const status =
    typeof error === 'object' && error !== null
      ? (error as { statusCode?: unknown }).statusCode
      : undefined;
  return typeof status === 'number' ? status : undefined;
}

export function asFailure(error: unknown, request: FastifyRequest, output: Output): ApiFailure {
  if (error instanceof ApiFailure) return error;
  switch (codeOf(error)) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiFailure('invalidJson', 'JSON not parsable', [
        { key: 'param', value: ['body'] },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return badParameter(
        'body',
        `larger than this endpoint takes: at most ${bytes(request.routeOptions.bodyLimit)}`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badParameter(
        'Content-Type',
        `${quote(request.headers['content-type'] ?? '')} is not taken here: send application/json`,
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badParameter('Content-Length', 'does not match the body sent');
    case 'FST_ERR_BAD_URL':
      return badParameter('path', 'holds a malformed %-escape');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return badParameter('path', 'a path segment is too long');
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500)
    return badParameter('request', error instanceof Error ? error.message : 'not well-formed');
  const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
  output.error(`internal error answering ${request.method} ${request.url}: ${cause}`);
  return new ApiFailure('internal', 'Internal error');
}
