// One live read (a stream's results, or a project's live results): a control chunk at once and
// every HEARTBEAT_MS, then every arriving document the read selects, in order of search_indexed,
// a credit each (api.md: stream 1 per result), until `max_hits`, the reader leaving, or credits
// running out. Results are pushed live and kept nowhere else, so a reader that falls
// MAX_BUFFERED_BYTES behind is disconnected with code 30 rather than have the sandbox hold what
// it does not read.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CREDIT_COSTS } from '../../core/api/costs';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { MAX_BUFFERED_BYTES, MEBIBYTE } from '../http/limits';
import type { SandboxServices } from '../services';
import { ChunkWriter, type Highlight } from './chunks';

const HEARTBEAT_MS = 5000;

/** What a read delivers of an arriving document, or null when it does not select it. */
export type Selected = {
  readonly document: AnalyticsDocument;
  /** Why it matched; left out when the read says nothing of it (a project's live results). */
  readonly highlights?: readonly Highlight[];
} | null;

export interface LiveRead {
  /** Connections under the same key replace each other (a stream's: code 24). */
  readonly key: string;
  /** The stream id the control chunks name (`""` for a project's read, as the service does). */
  readonly streamId: string;
  readonly maxHits: number | undefined;
  /** Whether the read still has something to follow (a deleted stream ends it). */
  readonly alive: () => boolean;
  readonly select: (document: AnalyticsDocument) => Selected;
}

export function openLiveRead(
  { context, feed, connections, output }: SandboxServices,
  reply: FastifyReply,
  read: LiveRead,
): void {
  const writer = new ChunkWriter(reply, output);
  const connectionId = randomUUID();
  connections.open(read.key, writer);
  const control = () =>
    writer.control({
      stream: [{ id: read.streamId, status: 'active' }],
      connection_id: connectionId,
    });
  control();
  let hits = 0;
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    connections.closed(read.key, writer);
    writer.end();
  };
  /** Whether the reader keeps up; one that does not is dropped, told why. */
  const keepsUp = () => {
    if (!writer.congested) return true;
    writer.error(
      'tooManyStreams',
      `Disconnected: the reader fell ${MAX_BUFFERED_BYTES / MEBIBYTE} MiB behind; reconnect and read faster`,
    );
    stop();
    return false;
  };
  const heartbeat = setInterval(() => keepsUp() && control(), HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = feed.subscribe(({ document }) => {
    if (writer.isClosed || !read.alive()) return stop();
    const selected = read.select(document);
    if (!selected || !keepsUp()) return;
    if (context.credits.chargeUpTo(CREDIT_COSTS.streamResult, 'call') === 0) {
      writer.error('noCredits', 'No credits left: the stream stops');
      return stop();
    }
    writer.result(selected.document, selected.highlights);
    hits += 1;
    if (read.maxHits !== undefined && hits >= read.maxHits) stop();
  });
  writer.onClose(stop);
}
