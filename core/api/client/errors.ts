// What the client throws: an ApiError with everything a caller needs to react (HTTP status,
// `status_code`, `status_message`, `result_error` details, `request_id`) and a message a user
// understands. Messages never hold the token (redact.ts).
import type { ErrorEntry } from '../schemas/envelope';

export type ApiErrorKind =
  /** The service answered with an error envelope. */
  | 'service'
  /** No answer: connection refused or reset, DNS, TLS. */
  | 'network'
  /** No answer in time: connecting, the headers or the body. */
  | 'timeout'
  /** The caller cancelled. */
  | 'cancelled'
  /** An answer that is not the API's: not JSON, or not the shape of api.md. */
  | 'contract';

/**
 * Why a call failed, typed, so that a caller picks the action that helps (a new token, waiting,
 * retrying) from this and never from the wording of a message.
 */
export type FailureReason =
  /** Code 7: the token is invalid, missing or inactive. */
  | 'tokenRejected'
  /** Code 8: the rate limit, even after the client's own waiting and retries. */
  | 'rateLimited'
  /** Code 9: no credits left. */
  | 'noCredits'
  /** Code 13: the token may not do this. */
  | 'forbidden'
  /** Codes 15 and 26: no such stream, collector, task or endpoint. */
  | 'notFound'
  /** Codes 3, 4, 5, 16–19, 45, 50, and other 4xx: the request itself is wrong. */
  | 'badRequest'
  /** Code 30: too many concurrent streams. */
  | 'tooManyStreams'
  /** Codes 24 and 25: a streamed read was disconnected. */
  | 'disconnected'
  /** Codes 1 and 2, and 5xx: the service failed. */
  | 'serviceFailed'
  /** No answer: refused, reset, DNS, TLS. */
  | 'unreachable'
  /** No answer in time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'cancelled'
  /** An answer that is not the API's. */
  | 'contract';

const REASONS_BY_CODE: Readonly<Record<string, FailureReason>> = {
  '1': 'serviceFailed',
  '2': 'serviceFailed',
  '7': 'tokenRejected',
  '8': 'rateLimited',
  '9': 'noCredits',
  '13': 'forbidden',
  '15': 'notFound',
  '24': 'disconnected',
  '25': 'disconnected',
  '26': 'notFound',
  '30': 'tooManyStreams',
};

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly message: string;
  readonly httpStatus?: number;
  readonly statusCode?: string;
  readonly statusMessage?: string;
  readonly details?: readonly ErrorEntry[];
  readonly requestId?: string;
  /** `METHOD /path` of the call, without the token. */
  readonly call: string;
  /**
   * The call stopped before anything was sent: while it waited for the rate limit, or no
   * connection could be made (refused, no such host).
   */
  readonly notSent?: boolean;
}

/** Marks an ApiError whichever copy of the class made it (see Symbol.hasInstance below). */
const API_ERROR = Symbol.for('media-monitoring.ApiError');

export class ApiError extends Error {
  /**
   * `instanceof ApiError` holds for an ApiError made by any copy of this class: the extension
   * loads the client (dist/api.js) and the features that read its errors (dist/<feature>.js) as
   * separate bundles, each with its own copy, and a plain `instanceof` fails across them.
   */
  static override [Symbol.hasInstance](value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && API_ERROR in value;
  }

  readonly [API_ERROR] = true;
  readonly kind: ApiErrorKind;
  readonly httpStatus: number | undefined;
  readonly statusCode: string | undefined;
  readonly statusMessage: string | undefined;
  readonly details: readonly ErrorEntry[];
  readonly requestId: string | undefined;
  readonly call: string;
  /** Nothing reached the service: stopped while it waited for its turn, or never connected. */
  readonly notSent: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.statusCode = init.statusCode;
    this.statusMessage = init.statusMessage;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.call = init.call;
    this.notSent = init.notSent ?? false;
  }

  /** The values of a `result_error` key (`param`, `params`, `details`, `rights_req`, …). */
  detail(key: string): readonly string[] {
    return this.details.find((entry) => entry.key === key)?.value ?? [];
  }

  get reason(): FailureReason {
    switch (this.kind) {
      case 'network':
        return 'unreachable';
      case 'timeout':
      case 'cancelled':
      case 'contract':
        return this.kind;
      case 'service': {
        const byCode = this.statusCode === undefined ? undefined : REASONS_BY_CODE[this.statusCode];
        if (byCode) return byCode;
        return (this.httpStatus ?? 500) >= 500 ? 'serviceFailed' : 'badRequest';
      }
    }
  }

  get isTokenRejected(): boolean {
    return this.statusCode === '7';
  }
  get isRateLimited(): boolean {
    return this.statusCode === '8';
  }
  get isOutOfCredits(): boolean {
    return this.statusCode === '9';
  }
}

const list = (values: readonly string[]) => values.join(', ');

/** A sentence for an error envelope: what went wrong and, where there is one, what to do. */
export function explain(
  statusCode: string,
  statusMessage: string,
  details: readonly ErrorEntry[],
): string {
  const values = (key: string) => details.find((entry) => entry.key === key)?.value ?? [];
  switch (statusCode) {
    case '1':
    case '2':
      return `the service failed to answer (${statusMessage}); try again`;
    case '3':
      return `a required parameter is missing: ${list(values('params')) || statusMessage}`;
    case '4':
      return `the query does not parse: ${list(values('details')) || statusMessage}`;
    case '5': {
      const bins = /(\d[\d,]*) bins/.exec(statusMessage);
      if (bins)
        return `the histogram would have ${bins[1] ?? '?'} bins; the limit is 400: enlarge the interval or shorten the range`;
      const parameter = list(values('param'));
      return parameter
        ? `bad value for ${parameter}: ${statusMessage}`
        : `bad parameter value: ${statusMessage}`;
    }
    case '7':
      return 'the access token was rejected: set a valid token';
    case '8':
      return 'the rate limit of this endpoint was reached: wait a minute and try again';
    case '9':
      return 'no credits left: they renew at the start of the next billing period';
    case '13': {
      const needed = list(values('rights_req'));
      const held = list(values('rights_got'));
      return needed
        ? `the access token may not do this: it needs ${needed} rights and has ${held || 'none'}`
        : `the access token may not do this: ${statusMessage}`;
    }
    case '15':
      return `not found: ${statusMessage}`;
    case '16':
      return `invalid document operation: ${statusMessage}`;
    case '17':
      return `the request body is not valid JSON: ${statusMessage}`;
    case '18':
      return `invalid stream operation: ${statusMessage}`;
    case '19':
      return `too many rules, streams or operands: ${statusMessage}`;
    case '24':
      return 'disconnected: a newer connection opened on the same stream';
    case '25':
      return 'disconnected by the service: resuming from the last offset';
    case '26':
      return `the service does not know this endpoint (is the base URL right?): ${statusMessage}`;
    case '30':
      return `too many streams open at once: ${statusMessage}`;
    case '45':
      return unknownLogos(values('query_id'), statusMessage);
    case '50':
      return unapprovedAddress(values('param_url'), statusMessage);
    default:
      return `the service answered code ${statusCode}: ${statusMessage}`;
  }
}

/** Code 45: which logo ids the account has not configured, and what to do about it. */
function unknownLogos(ids: readonly string[], statusMessage: string): string {
  if (ids.length === 0) return `unknown image detection model: ${statusMessage}`;
  const one = ids.length === 1;
  return (
    `unknown image detection model: ${list(ids)} ${one ? 'is not a logo' : 'are not logos'} ` +
    'configured for this account: detect only configured logos, or give no logo ids to test all ' +
    'of them (logos are configured per account by the service)'
  );
}

/** Code 50: the address's domain is not approved for this account, and what to do instead. */
function unapprovedAddress(urls: readonly string[], statusMessage: string): string {
  const url = urls[0];
  if (url === undefined)
    return `the image address is not approved for processing: ${statusMessage}`;
  let domain = url;
  try {
    domain = new URL(url).hostname;
  } catch {
    // Not an address after all: named as given.
  }
  return (
    `the image address is not approved for processing: ${url}: its domain ${domain} is not ` +
    'approved for this account; send the image file itself instead, or ask for the domain to be ' +
    'approved for the account'
  );
}

/** Whether a value is an ApiError (of any bundle's copy of the class). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
