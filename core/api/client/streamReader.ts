// Reading stream and collector results (api.md "Streams", "Collectors"; gaps.md "Streams and
// collectors") as an async iterator of typed events. Chunks are split by JSON object boundaries
// (jsonObjects.ts) and parsed with the core/api schemas. A collector read remembers the last
// `resume_offset` and, when the connection drops or the service says code 25, reconnects from it
// and skips what it had already delivered past that offset: nothing repeated, nothing skipped.
// Memory stays bounded: one chunk at a time, and the identities of at most one batch.
import { CONTRACT } from '../contract';
import type { ProjectScope } from '../parameters';
import { inBandAnswer, resultAnswer } from './answers';
import type { ControlChunk, ResultChunk } from '../schemas/streams';
import { Chunk } from '../schemas/streams';
import { ApiError, explain } from './errors';
import { StreamFormatError, TruncatedStream } from './jsonObjects';
import { shapeProblem } from '../shapeProblem';
import { JsonObjectParser } from './jsonValues';
import {
  deliveredAfter,
  deliveredOf,
  identitiesOf,
  resultIdentity,
  ResumeMark,
  type Delivered,
  type ResumePoint,
} from './resumePoint';
import type { OpenStream, Transport } from './transport';

export type ControlData = ControlChunk['chunk_control'];
export type ResultData = ResultChunk['chunk_result']['data'];

export type ReadEvent =
  /** `mark` (collector reads): where the read stands once this event is handled. */
  | { readonly kind: 'control'; readonly control: ControlData; readonly mark?: ResumeMark }
  | { readonly kind: 'result'; readonly result: ResultData; readonly mark?: ResumeMark }
  /** An in-band error (CT_ERROR) or a lost connection; `fatal` ends the read. */
  | { readonly kind: 'error'; readonly error: ApiError; readonly fatal: boolean }
  /** A collector read reconnects from `from` after `reason`. */
  | {
      readonly kind: 'reconnect';
      readonly from: string;
      readonly reason: string;
      readonly attempt: number;
    };

/**
 * What a live read follows: a stream's rules, or a whole project (its live results, narrowed like
 * other project calls; no stream to create first).
 */
export type LiveSource =
  { readonly stream: string } | { readonly project: string; readonly scope?: LiveScope };

/** What narrows a project's live results: its topics, filters, source panels and datasets. */
export type LiveScope = Omit<ProjectScope, 'channel'>;

export interface StreamReadOptions {
  /** An extra query ANDed with every rule (a project's: the query its results must match). */
  readonly q?: string;
  /** End after this many results. */
  readonly maxHits?: number;
  readonly signal?: AbortSignal;
}

export interface CollectorReadOptions {
  /** `earliest` (default), `latest`, or a token from a control chunk. */
  readonly resumeOffset?: string;
  /** A point kept from an earlier read (a `mark`): it continues exactly there. */
  readonly resumeFrom?: ResumePoint;
  /** `stop` ends after the last stored document; `wait` (default) waits for more. */
  readonly endBehaviour?: 'stop' | 'wait';
  readonly maxHits?: number;
  readonly signal?: AbortSignal;
  /** Reconnections in a row without a result before giving up (default 5). */
  readonly maxReconnects?: number;
}

/** The typed chunks of a response body; ends quietly when the body ends between chunks. */
export async function* decodeChunks(
  body: AsyncIterable<Uint8Array>,
  transport: Transport,
  described: string,
): AsyncGenerator<Chunk> {
  const parser = new JsonObjectParser();
  const formatError = (error: unknown) =>
    error instanceof StreamFormatError || error instanceof SyntaxError
      ? new ApiError({
          kind: 'contract',
          call: described,
          message: `${described}: ${error.message}`,
        })
      : error;
  let repaired = 0;
  for await (const bytes of body) {
    let values: unknown[];
    try {
      values = parser.push(bytes);
    } catch (error: unknown) {
      throw formatError(error);
    }
    if (parser.repaired > repaired) {
      repaired = parser.repaired;
      transport.log(`${described}: a chunk was not valid JSON and was mended (${repaired} so far)`);
    }
    for (const value of values) yield typedChunk(value, transport, described);
  }
  let rest: unknown[];
  try {
    rest = parser.end();
  } catch (error: unknown) {
    if (error instanceof TruncatedStream)
      throw new ApiError({
        kind: 'network',
        call: described,
        message: `${described}: the connection ended inside a chunk`,
      });
    throw formatError(error);
  }
  for (const value of rest) yield typedChunk(value, transport, described);
}

function typedChunk(value: unknown, transport: Transport, described: string): Chunk {
  const parsed = Chunk.safeParse(value);
  if (parsed.success) return parsed.data;
  // An envelope instead of a chunk: the service refused in-band with HTTP 200.
  if (typeof value === 'object' && value !== null && 'status_code' in value)
    throw transport.envelopeError(JSON.stringify(value), 200, described, value);
  const problem = shapeProblem(parsed.error.issues[0], value);
  transport.log(
    `${described}: chunk not read (${problem}): ${JSON.stringify(value).slice(0, 100_000)}`,
  );
  throw new ApiError({
    kind: 'contract',
    call: described,
    message: `${described}: a chunk does not have the shape of the API: ${problem}`,
  });
}

function inBandError(
  chunk: Extract<Chunk, { chunk_type: 'CT_ERROR' }>,
  transport: Transport,
  described: string,
): ApiError {
  const envelope = chunk.chunk_error;
  const statusMessage = transport.redact(envelope.status_message);
  const details = envelope.result_error?.data ?? [];
  return new ApiError({
    kind: 'service',
    httpStatus: 200,
    statusCode: envelope.status_code,
    statusMessage,
    details,
    requestId: envelope.request_id,
    call: described,
    message: `${described}: ${explain(envelope.status_code, statusMessage, details)}`,
  });
}

/** Opens a live read: of a stream, or of a project's live results. */
function openLive(
  transport: Transport,
  source: LiveSource,
  options: StreamReadOptions,
): Promise<OpenStream> {
  const signal = options.signal ? { signal: options.signal } : {};
  const read = { q: options.q, max_hits: options.maxHits };
  if ('stream' in source)
    return transport.openOperation(
      CONTRACT.streamResults,
      { params: { stream: source.stream }, query: read },
      signal,
    );
  return transport.openOperation(
    CONTRACT.projectLiveResults,
    { params: { project: source.project }, query: { ...source.scope, ...read } },
    signal,
  );
}

function livePath(source: LiveSource): string {
  return 'stream' in source
    ? `/api/v3/stream/s/${encodeURIComponent(source.stream)}/results`
    : `/api/v3/stream/p/${encodeURIComponent(source.project)}/results`;
}

/**
 * Live results of a stream or of a project: control chunks, results, and an in-band error that
 * ends it. Each result costs a credit (reported to the answer observer as it arrives).
 */
export async function* readStream(
  transport: Transport,
  source: string | LiveSource,
  options: StreamReadOptions = {},
): AsyncGenerator<ReadEvent, void, undefined> {
  const live: LiveSource = typeof source === 'string' ? { stream: source } : source;
  const path = livePath(live);
  const described = `GET ${path}`;
  let stream: OpenStream;
  try {
    stream = await openLive(transport, live, options);
  } catch (error: unknown) {
    if (options.signal?.aborted) return;
    throw error;
  }
  let hits = 0;
  try {
    for await (const chunk of decodeChunks(stream.body, transport, described)) {
      if (chunk.chunk_type === 'CT_CONTROL')
        yield { kind: 'control', control: chunk.chunk_control };
      else if (chunk.chunk_type === 'CT_RESULT') {
        transport.noteAnswer(resultAnswer(path, 'stream'));
        yield { kind: 'result', result: chunk.chunk_result.data };
        if (options.maxHits !== undefined && ++hits >= options.maxHits) return;
      } else {
        const error = inBandError(chunk, transport, described);
        transport.noteAnswer(inBandAnswer(path, error.statusCode ?? ''));
        yield { kind: 'error', error, fatal: true };
        return;
      }
    }
  } catch (error: unknown) {
    if (options.signal?.aborted) return;
    throw transport.asApiError(error, described, options.signal);
  } finally {
    stream.close();
  }
}

/**
 * Results of a collector, resuming by itself: after a dropped connection or code 25 it reconnects
 * from the last `resume_offset` (through the rate governor: 5 reads a minute) and delivers each
 * buffered document exactly once.
 */
export async function* readCollector(
  transport: Transport,
  collectorId: string,
  options: CollectorReadOptions = {},
): AsyncGenerator<ReadEvent, void, undefined> {
  const path = `/api/v3/stream/c/${encodeURIComponent(collectorId)}/results`;
  const described = `GET ${path}`;
  const endBehaviour = options.endBehaviour ?? 'wait';
  const maxReconnects = options.maxReconnects ?? 5;
  let offset = options.resumeFrom?.offset ?? options.resumeOffset ?? 'earliest';
  /** Results delivered since `offset` was given, in order: a resumed read sends them again. */
  let sinceOffset: Delivered | undefined = deliveredOf(options.resumeFrom?.delivered ?? []);
  let hits = 0;
  let failures = 0;
  for (;;) {
    let stream: OpenStream;
    try {
      stream = await transport.openOperation(
        CONTRACT.collectorResults,
        {
          params: { collector: collectorId },
          query: { resume_offset: offset, end_behaviour: endBehaviour },
        },
        options.signal ? { signal: options.signal } : {},
      );
    } catch (error: unknown) {
      if (options.signal?.aborted) return;
      const failure = transport.asApiError(error, described, options.signal);
      if (failure.kind !== 'network' && failure.kind !== 'timeout') throw failure;
      if (++failures > maxReconnects) throw failure;
      yield { kind: 'reconnect', from: offset, reason: failure.message, attempt: failures };
      continue;
    }
    /** Results of the previous connection still to recognise and skip: from `replayed` on. */
    const replay = identitiesOf(sinceOffset);
    let replayed = 0;
    sinceOffset = undefined;
    const mark = () => new ResumeMark(offset, sinceOffset, replay, replayed);
    let reason: string | undefined;
    try {
      for await (const chunk of decodeChunks(stream.body, transport, described)) {
        if (chunk.chunk_type === 'CT_CONTROL') {
          if (chunk.chunk_control.resume_offset !== undefined) {
            // Everything delivered so far lies before this offset. What is still to be recognised
            // lies after it: the first control chunk of a resumed read names the offset asked for.
            offset = chunk.chunk_control.resume_offset;
            sinceOffset = undefined;
          }
          yield { kind: 'control', control: chunk.chunk_control, mark: mark() };
        } else if (chunk.chunk_type === 'CT_RESULT') {
          const key = resultIdentity(chunk.chunk_result.data.data);
          if (replayed < replay.length) {
            // Delivered before the drop: recognised, not repeated. Anything else ends the replay.
            if (replay[replayed] === key) {
              replayed++;
              sinceOffset = deliveredAfter(sinceOffset, key);
              continue;
            }
            replayed = replay.length;
          }
          sinceOffset = deliveredAfter(sinceOffset, key);
          failures = 0;
          transport.noteAnswer(resultAnswer(path, 'collector'));
          yield { kind: 'result', result: chunk.chunk_result.data, mark: mark() };
          if (options.maxHits !== undefined && ++hits >= options.maxHits) return;
        } else {
          const error = inBandError(chunk, transport, described);
          transport.noteAnswer(inBandAnswer(path, error.statusCode ?? ''));
          if (error.statusCode === '25') {
            reason = error.message;
            break;
          }
          yield { kind: 'error', error, fatal: true };
          return;
        }
      }
      if (reason === undefined) {
        // A clean end: with `stop` the read is complete; with `wait` the service let go.
        if (endBehaviour === 'stop') return;
        reason = `${described}: the service closed the connection`;
      }
    } catch (error: unknown) {
      if (options.signal?.aborted) return;
      const failure = transport.asApiError(error, described, options.signal);
      if (failure.kind !== 'network' && failure.kind !== 'timeout') throw failure;
      reason = failure.message;
    } finally {
      stream.close();
    }
    // Everything delivered since the offset comes again from it: what this connection delivered
    // or recognised, then what it had yet to recognise when it dropped.
    for (const key of replay.slice(replayed)) sinceOffset = deliveredAfter(sinceOffset, key);
    if (++failures > maxReconnects)
      throw new ApiError({
        kind: 'network',
        call: described,
        message: `${reason}; gave up after ${maxReconnects} reconnections`,
      });
    yield { kind: 'reconnect', from: offset, reason, attempt: failures };
  }
}
