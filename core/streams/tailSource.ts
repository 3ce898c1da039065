// What a tail reads, and how it opens a read of it: a stream, a collector, or a whole project's
// live results (no stream to create first). Streams and projects are live (no offsets: a tail
// that was away misses what arrived meanwhile, and each result costs a credit); a collector
// buffers and resumes from a point.
import { counted } from '../plural';
import type { MediaMonitoringClient } from '../api/client/client';
import type { ResumePoint } from '../api/client/resumePoint';
import type { LiveScope, ReadEvent } from '../api/client/streamReader';

export type TailSource =
  | {
      readonly kind: 'stream';
      readonly id: string;
      /** An extra query ANDed with the stream's rules. */
      readonly q?: string;
      /** End after this many results. */
      readonly maxHits?: number;
    }
  | {
      readonly kind: 'collector';
      readonly id: string;
      /** Where a tail without a kept point starts: the buffer's start or new results only. */
      readonly from: 'earliest' | 'latest';
      /** `stop`: end after the last buffered result; `wait` (default): wait for more. */
      readonly endBehaviour?: 'stop' | 'wait';
    }
  | {
      readonly kind: 'project';
      /** The project's id. */
      readonly id: string;
      /** Its topics, filters, panels or datasets that narrow what arrives; none: all of it. */
      readonly scope?: LiveScope;
      /** A query the project's results must also match. */
      readonly q?: string;
      /** End after this many results. */
      readonly maxHits?: number;
    };

export type TailKind = TailSource['kind'];

export type LiveTailSource = Extract<TailSource, { kind: 'stream' | 'project' }>;

export type ProjectTailSource = Extract<TailSource, { kind: 'project' }>;

/** Whether the source is live: no offsets, a credit per result, nothing delivered while away. */
export function isLive(source: TailSource): source is LiveTailSource {
  return source.kind !== 'collector';
}

/** What narrows a project's tail, in words: `topics t-acme, t-rocket; query "recall"`. */
export function narrowing(source: TailSource): string | undefined {
  if (source.kind === 'collector') return undefined;
  const scope = source.kind === 'project' ? (source.scope ?? {}) : {};
  const parts = [
    ...(['topic', 'filter', 'panel', 'dataset'] as const).flatMap((key) => {
      const ids = scope[key] ?? [];
      return ids.length === 0 ? [] : [`${key}${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`];
    }),
    ...(source.q ? [`query ${JSON.stringify(source.q)}`] : []),
    ...(source.maxHits !== undefined ? [`until ${counted(source.maxHits, 'result')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}

export interface ReadPosition {
  readonly signal: AbortSignal;
  /** Collectors: where the last read stopped. */
  readonly point: ResumePoint | undefined;
  /** Results received so far: a live read with `maxHits` asks only for the rest. */
  readonly received: number;
}

/** Opens one read of the source (a tail reconnects by opening another). */
export function readEvents(
  client: MediaMonitoringClient,
  source: TailSource,
  { signal, point, received }: ReadPosition,
): AsyncIterable<ReadEvent> {
  if (source.kind === 'collector')
    return client.collectors.read(source.id, {
      signal,
      endBehaviour: source.endBehaviour ?? 'wait',
      // The reader reconnects by itself; the tail reconnects when it gives up.
      ...(point ? { resumeFrom: point } : { resumeOffset: source.from }),
    });
  const options = {
    signal,
    ...(source.q ? { q: source.q } : {}),
    ...(source.maxHits !== undefined ? { maxHits: source.maxHits - received } : {}),
  };
  if (source.kind === 'stream') return client.streams.read(source.id, options);
  return client.live.read(
    { project: source.id, ...(source.scope ? { scope: source.scope } : {}) },
    options,
  );
}
