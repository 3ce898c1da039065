// The HTTP side of the client, on undici: a keep-alive pool per origin, the token sent only as
// the `access_token` query parameter, timeouts for connecting, headers and body, cancellation by
// AbortSignal, a User-Agent naming the extension. Retries only where safe: idempotent GETs on a
// network error, a 5xx or code 8, with exponential backoff and jitter; never codes 7, 9 or 13,
// never a write. Every answer is parsed with its core/api schema; every error is an ApiError.
import { Agent, FormData, errors as undiciErrors, request, type Dispatcher } from 'undici';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import type { ChunkAnswer, JsonAnswer, Operation, QuerySpec } from '../contract';
import { pathOf, type CostRule, type ParamsOf } from '../operations';
import { ErrorEnvelope } from '../schemas/envelope';
import type { EndpointClass } from '../limits';
import { ApiError, explain } from './errors';
import { RateGovernor, systemClock, type GovernorClock } from './governor';
import { redact, redactValue, TOKEN_PARAMETER } from './clientRedaction';
import { answerOf, type ApiAnswer } from './answers';
import { shapeProblem } from '../shapeProblem';

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface CallSpec<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path below the base URL, e.g. `/api/v1/status/credits`; segments already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body, or multipart form data (undici's FormData). */
  readonly body?: unknown;
  readonly schema: core.$ZodType<T>;
  /** The contract's name of the operation, for messages. */
  readonly operation?: string;
  /** What a successful answer costs (the answer observer reports it). */
  readonly cost?: CostRule;
  /** The rate-limit class the governor waits for, when the endpoint has one. */
  readonly endpoint?: EndpointClass;
  readonly signal?: AbortSignal;
  /**
   * Stops the call only while it waits for the rate governor, before anything is sent: it then
   * fails as cancelled and `notSent`. Once sent, the call runs to its answer (or `signal`).
   */
  readonly stopWaiting?: AbortSignal;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export interface TransportOptions {
  /** e.g. `https://api.example.com` or the sandbox's `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  readonly token: string;
  /** `media-monitoring-vscode/0.1.0 (VS Code 1.139)`. */
  readonly userAgent: string;
  readonly connectTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyTimeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly governor?: RateGovernor;
  /** For backoff waits and the governor; injectable for tests. */
  readonly clock?: GovernorClock;
  /** Jitter in [0, 1); injectable for tests. */
  readonly random?: () => number;
  /** Told one line per attempt, token redacted. */
  readonly log?: (line: string) => void;
  /**
   * Told of every answer, of plain calls and of streamed reads (api/answers.ts): the one place
   * where a caller learns that the token was rejected or that credits were spent.
   */
  readonly onAnswer?: (answer: ApiAnswer) => void;
  /** A dispatcher of one's own (tests); by default a keep-alive Agent. */
  readonly dispatcher?: Dispatcher;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

/** An open streaming answer: the status and the body as bytes. */
export interface OpenStream {
  readonly statusCode: number;
  readonly contentType: string;
  readonly body: AsyncIterable<Uint8Array>;
  /** Ends the connection. */
  close(): void;
}

export class Transport {
  readonly governor: RateGovernor;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly retry: RetryPolicy;
  private readonly clock: GovernorClock;
  private readonly random: () => number;
  private readonly base: URL;

  constructor(private readonly options: TransportOptions) {
    try {
      this.base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`not a URL: ${redact(options.baseUrl, options.token)}`);
    }
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:')
      throw new TypeError(
        `the base URL must be http or https: ${redact(options.baseUrl, options.token)}`,
      );
    this.clock = options.clock ?? systemClock;
    this.governor = options.governor ?? new RateGovernor(this.clock);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.random = options.random ?? Math.random;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ??
      new Agent({
        keepAliveTimeout: 30_000,
        connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      });
  }

  /** Redacts this transport's token (and any `access_token=`) from a string. */
  redact(text: string): string {
    return redact(text, this.options.token);
  }

  /** `value` with every string in it masked (an answer's part passed on as it is). */
  redactValue<T>(value: T): T {
    return redactValue(value, this.options.token) as T;
  }

  url(path: string, query: Readonly<Record<string, QueryValue>> = {}): URL {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + path, this.base);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value))
        for (const each of value) url.searchParams.append(name, String(each));
      else url.searchParams.set(name, String(value));
    }
    url.searchParams.set(TOKEN_PARAMETER, this.options.token);
    return url;
  }

  /**
   * One operation of the contract: its path filled in, its query and body, its answer parsed with
   * its schema. The way every endpoint function calls.
   */
  invoke<Op extends Operation & { readonly answer: JsonAnswer }>(
    operation: Op,
    request: InvokeRequest<Op>,
    options: InvokeOptions = {},
  ): Promise<z.output<Op['answer']['schema']>> {
    return this.call({
      method: operation.method,
      path: pathOf(operation.path, request.params),
      query: request.query as Readonly<Record<string, QueryValue>> | undefined,
      body: request.body,
      schema: operation.answer.schema as unknown as core.$ZodType<z.output<Op['answer']['schema']>>,
      operation: operation.name,
      cost: operation.cost,
      endpoint: operation.limit,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.stopWaiting ? { stopWaiting: options.stopWaiting } : {}),
    });
  }

  /** One call with its retries; the parsed answer, or an ApiError. */
  async call<T>(spec: CallSpec<T>): Promise<T> {
    const idempotent = spec.method === 'GET';
    const described = `${spec.method} ${spec.path}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(spec, described);
      } catch (error: unknown) {
        const failure = this.asApiError(error, described, spec.signal);
        if (failure.isRateLimited && spec.endpoint) this.governor.saturate(spec.endpoint);
        if (!idempotent || attempt >= this.retry.attempts || !retriable(failure)) throw failure;
        const delay = this.backoff(attempt);
        this.options.log?.(
          `${described} failed (${failure.message}); retry ${attempt} in ${delay} ms`,
        );
        try {
          await this.clock.sleep(delay, spec.signal);
        } catch {
          throw this.asApiError(spec.signal?.reason, described, spec.signal);
        }
      }
    }
  }

  /** Opens the chunked answer of an operation of the contract (stream, collector, project reads). */
  openOperation<Op extends Operation & { readonly answer: ChunkAnswer }>(
    operation: Op,
    request: InvokeRequest<Op>,
    options: InvokeOptions = {},
  ): Promise<OpenStream> {
    return this.open({
      method: operation.method,
      path: pathOf(operation.path, request.params),
      query: request.query as Readonly<Record<string, QueryValue>> | undefined,
      body: request.body,
      operation: operation.name,
      cost: operation.cost,
      endpoint: operation.limit,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Opens a chunked answer (stream and collector results); errors before the body are ApiErrors. */
  async open(spec: Omit<CallSpec<unknown>, 'schema'>): Promise<OpenStream> {
    const described = `${spec.method} ${spec.path}`;
    if (spec.endpoint) await this.governor.acquire(spec.endpoint, spec.signal);
    const controller = new AbortController();
    const abort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener('abort', abort, { once: true });
    try {
      const response = await request(this.url(spec.path, spec.query), {
        dispatcher: this.dispatcher,
        method: spec.method,
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'text/plain, application/json',
          ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        signal: controller.signal,
        headersTimeout: this.options.headersTimeoutMs ?? 30_000,
        // A stream waits for documents for as long as it takes; heartbeats come every 5 s.
        bodyTimeout: this.options.bodyTimeoutMs ?? 60_000,
      });
      const contentType = String(response.headers['content-type'] ?? '');
      // An error before the stream started comes as an envelope. A 200 is chunks, whatever its
      // content type says (gaps.md: text/plain, application/json or application/x-ndjson).
      if (response.statusCode >= 400) {
        const text = await response.body.text();
        this.noteAnswer(answerOf(spec, spec.method, response.statusCode, parseJson(text)));
        throw this.envelopeError(text, response.statusCode, described);
      }
      this.noteAnswer(answerOf(spec, spec.method, response.statusCode, undefined));
      return {
        statusCode: response.statusCode,
        contentType,
        body: response.body,
        close: () => {
          spec.signal?.removeEventListener('abort', abort);
          controller.abort();
          response.body.destroy();
        },
      };
    } catch (error: unknown) {
      spec.signal?.removeEventListener('abort', abort);
      throw this.asApiError(error, described, spec.signal);
    }
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** A line for the log, the token masked. */
  log(line: string): void {
    this.options.log?.(this.redact(line));
  }

  /** Tells the observer of an answer (the stream reader reports each result it reads). */
  noteAnswer(answer: ApiAnswer): void {
    try {
      this.options.onAnswer?.(answer);
    } catch (error: unknown) {
      // An observer's bug must not fail the call it watches.
      this.options.log?.(`answer observer failed: ${String(error)}`);
    }
  }

  private async once<T>(spec: CallSpec<T>, described: string): Promise<T> {
    if (spec.endpoint) await this.waitForTurn(spec, spec.endpoint, described);
    const isForm = spec.body instanceof FormData;
    const response = await request(this.url(spec.path, spec.query), {
      dispatcher: this.dispatcher,
      method: spec.method,
      headers: {
        'user-agent': this.options.userAgent,
        accept: 'application/json',
        ...(spec.body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      ...(spec.body === undefined ? {} : { body: isForm ? spec.body : JSON.stringify(spec.body) }),
      ...(spec.signal ? { signal: spec.signal } : {}),
      headersTimeout: this.options.headersTimeoutMs ?? 30_000,
      bodyTimeout: this.options.bodyTimeoutMs ?? 60_000,
    });
    const text = await response.body.text();
    this.options.log?.(`${described} ${response.statusCode}`);
    const json = parseJson(text);
    this.noteAnswer(answerOf(spec, spec.method, response.statusCode, json));
    if (json === undefined) {
      if (response.statusCode >= 400)
        throw this.envelopeError(text, response.statusCode, described);
      throw new ApiError({
        kind: 'contract',
        httpStatus: response.statusCode,
        call: described,
        message: `${described}: the answer is not JSON (HTTP ${response.statusCode}): ${this.redact(text.slice(0, 120))}`,
      });
    }
    const envelope = ErrorEnvelope.safeParse(json);
    if (response.statusCode >= 400 || (envelope.success && envelope.data.status_code !== '0'))
      throw this.envelopeError(text, response.statusCode, described, json);
    const parsed = z.safeParse(spec.schema, json);
    if (!parsed.success) {
      const problem = shapeProblem(parsed.error.issues[0], json);
      const named = spec.operation ? `${described} (${spec.operation})` : described;
      // The whole answer goes to the log, so that what the service sent can be seen and reported.
      this.options.log?.(
        `${named}: answer not read (${problem}): ${this.redact(clipAnswer(text))}`,
      );
      throw new ApiError({
        kind: 'contract',
        httpStatus: response.statusCode,
        call: described,
        requestId: envelope.success ? envelope.data.request_id : undefined,
        message: `${named}: the answer does not have the shape of the API: ${problem}`,
      });
    }
    return parsed.data;
  }

  /** An ApiError from an error answer, envelope or not. */
  envelopeError(text: string, httpStatus: number, described: string, json?: unknown): ApiError {
    let value = json;
    if (value === undefined) {
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
    }
    const envelope = ErrorEnvelope.safeParse(value);
    if (!envelope.success) {
      return new ApiError({
        kind: httpStatus >= 500 ? 'service' : 'contract',
        httpStatus,
        call: described,
        message: `${described}: HTTP ${httpStatus} without the API's error envelope: ${this.redact(text.slice(0, 120))}`,
      });
    }
    const { status_code: statusCode, request_id: requestId } = envelope.data;
    const statusMessage = this.redact(envelope.data.status_message);
    const details = (envelope.data.result_error?.data ?? []).map((entry) => ({
      key: entry.key,
      value: entry.value.map((each) => this.redact(each)),
    }));
    return new ApiError({
      kind: 'service',
      httpStatus,
      statusCode,
      statusMessage,
      details,
      requestId,
      call: described,
      message: `${described}: ${explain(statusCode, statusMessage, details)}`,
    });
  }

  /** The governor's wait; stopped by either signal, it fails knowing nothing was sent. */
  private async waitForTurn(
    spec: CallSpec<unknown>,
    endpoint: EndpointClass,
    described: string,
  ): Promise<void> {
    const signals = [spec.signal, spec.stopWaiting].filter((each) => each !== undefined);
    try {
      await this.governor.acquire(
        endpoint,
        signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      );
    } catch (error: unknown) {
      if (!signals.some((each) => each.aborted)) throw error;
      throw new ApiError({
        kind: 'cancelled',
        call: described,
        message: `${described}: cancelled before it was sent`,
        notSent: true,
      });
    }
  }

  /** Any failure as an ApiError, token redacted. */
  asApiError(error: unknown, described: string, signal?: AbortSignal): ApiError {
    if (error instanceof ApiError) return error;
    if (signal?.aborted)
      return new ApiError({
        kind: 'cancelled',
        call: described,
        message: `${described}: cancelled`,
      });
    const code = (error as { code?: string } | undefined)?.code;
    const text = this.redact(error instanceof Error ? error.message : String(error));
    const notSent = failedToConnect(error);
    if (
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      return new ApiError({
        kind: 'timeout',
        call: described,
        message: `${described}: no answer in time (${text})`,
        notSent,
      });
    return new ApiError({
      kind: 'network',
      call: described,
      message: `${described}: could not reach ${this.base.host}: ${code ? `${code}: ` : ''}${text}`,
      notSent,
    });
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    // Between half the ceiling and the ceiling, so that clients retrying together spread out.
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}

/** How much of an answer that could not be read the log keeps. */
const LOGGED_ANSWER_CHARACTERS = 100_000;

function clipAnswer(text: string): string {
  return text.length <= LOGGED_ANSWER_CHARACTERS
    ? text
    : `${text.slice(0, LOGGED_ANSWER_CHARACTERS)}… (${text.length.toLocaleString('en')} characters in all)`;
}

/** What `invoke` takes: the path's parameters, the query and the body, typed by the operation. */
export type InvokeRequest<Op extends Operation> = {
  readonly params: ParamsOf<Op['path']>;
  readonly query?: Op['query'] extends QuerySpec<infer Query> ? Query : never;
} & BodyOf<Op>;

type BodyOf<Op extends Operation> = Op['body'] extends 'multipart'
  ? { readonly body: FormData }
  : Op['body'] extends z.ZodMiniType
    ? { readonly body: z.input<Op['body']> }
    : { readonly body?: undefined };

export interface InvokeOptions {
  readonly signal?: AbortSignal;
  /** Stops the call only while it waits for the rate limit (CallSpec `stopWaiting`). */
  readonly stopWaiting?: AbortSignal;
}

export type { ChunkAnswer };

/** The JSON of an answer's body, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether a failure came before a connection was made, so that nothing of the request was sent:
 * refused, no such host, no route, a connect timeout. (A reset or a timeout after connecting may
 * come after the request was sent.)
 */
function failedToConnect(error: unknown): boolean {
  if (error instanceof undiciErrors.ConnectTimeoutError) return true;
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  return (
    syscall === 'connect' ||
    syscall === 'getaddrinfo' ||
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/** Whether an idempotent call may be tried again after this failure. */
function retriable(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind !== 'service') return false;
  if (error.statusCode === '7' || error.statusCode === '9' || error.statusCode === '13')
    return false;
  return error.statusCode === '8' || (error.httpStatus ?? 0) >= 500;
}
