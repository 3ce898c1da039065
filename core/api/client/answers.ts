// What the client tells its observer about every answer (TransportOptions.onAnswer): which
// endpoint class answered, the HTTP status, the envelope's `status_code`, and the credits the
// answer spent (from the cost table). Plain calls report once; streamed reads report their
// opening, each result they deliver (a stream's result costs a credit) and an in-band error.
import { CREDIT_COSTS } from '../costs';
import type { EndpointClass } from '../limits';
import { creditsOfAnswer, type CostRule } from '../operations';

export interface ApiAnswer {
  readonly endpoint: EndpointClass | undefined;
  readonly method: string;
  /** The path below the base URL, without the query (so never the token). */
  readonly path: string;
  readonly httpStatus: number;
  /** The envelope's `status_code` (`'0'` on success), when the answer had an envelope. */
  readonly statusCode: string | undefined;
  /** Credits this answer spent. */
  readonly credits: number;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The answer of a call from its HTTP status and parsed body (undefined when not JSON). */
export function answerOf(
  call: {
    readonly path: string;
    readonly endpoint?: EndpointClass | undefined;
    readonly cost?: CostRule | undefined;
  },
  method: string,
  httpStatus: number,
  json: unknown,
): ApiAnswer {
  const code = field(json, 'status_code');
  const statusCode = typeof code === 'string' ? code : undefined;
  const succeeded = httpStatus < 400 && (statusCode === undefined || statusCode === '0');
  // Search results cost per result returned: result_content.data.
  const results = field(field(json, 'result_content'), 'data');
  const cost = call.cost ?? { kind: 'free' };
  return {
    endpoint: call.endpoint,
    method,
    path: call.path,
    httpStatus,
    statusCode,
    credits: succeeded ? creditsOfAnswer(cost, Array.isArray(results) ? results.length : 0) : 0,
  };
}

/** A result a streamed read delivered: a stream's costs a credit, a collector's nothing. */
export function resultAnswer(path: string, source: 'stream' | 'collector'): ApiAnswer {
  return {
    endpoint: source === 'collector' ? 'collectorRead' : undefined,
    method: 'GET',
    path,
    httpStatus: 200,
    statusCode: '0',
    credits: source === 'stream' ? CREDIT_COSTS.streamResult : CREDIT_COSTS.collectorRead,
  };
}

/** An in-band error (CT_ERROR) of a streamed read: its code, with the HTTP status still 200. */
export function inBandAnswer(path: string, statusCode: string): ApiAnswer {
  return { endpoint: undefined, method: 'GET', path, httpStatus: 200, statusCode, credits: 0 };
}
