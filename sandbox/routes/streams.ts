// Streams (api.md "Streams"; gaps.md): define, list, delete, and read results as chunks. A reader
// gets a control chunk at once, then every live document matching any rule (and the extra `q`),
// in order of search_indexed, a heartbeat control chunk every 5 s, and 1 credit is charged per
// result. A newer connection to the same stream ends the older one with code 24.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StatusName } from '../../core/api/schemas/envelope';
import { StreamDefinitionRequest } from '../../core/api/schemas/streams';
import { highlight, matches } from '../../core/query/matcher';
import { integer, type QueryParameters } from '../analytics/parameters';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';
import { ApiFailure, badParameter } from '../http/failure';
import type { LiveFeed } from '../live/feed';
import { ChunkWriter } from '../streams/chunks';
import type { StreamRegistry } from '../streams/registry';
import { parseQueryParameter } from './histograms';

const HEARTBEAT_MS = 5000;

/** Open result connections, so a newer one can end an older one and close() can end them all. */
export class Connections {
  private readonly byStream = new Map<string, ChunkWriter>();
  private readonly all = new Set<ChunkWriter>();

  open(key: string, writer: ChunkWriter): void {
    const older = this.byStream.get(key);
    if (older && !older.isClosed) {
      older.error(
        'replacedConnection',
        'Disconnected: a newer connection opened on the same stream',
      );
      older.end();
    }
    this.byStream.set(key, writer);
    this.all.add(writer);
  }

  closed(key: string, writer: ChunkWriter): void {
    if (this.byStream.get(key) === writer) this.byStream.delete(key);
    this.all.delete(writer);
  }

  /** Ends the connection under `key`, if open (a deleted collector or stream). */
  end(key: string, status?: { name: StatusName; message: string }): boolean {
    const writer = this.byStream.get(key);
    if (!writer || writer.isClosed) return false;
    if (status) writer.error(status.name, status.message);
    writer.end();
    this.closed(key, writer);
    return true;
  }

  endAll(): void {
    for (const writer of this.all) writer.end();
    this.all.clear();
    this.byStream.clear();
  }
}

function parseDefinition(body: unknown) {
  const parsed = StreamDefinitionRequest.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiFailure(
    'invalidStreamOperation',
    `Invalid stream definition: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'expected {"rules": [{"rule_id", "query"}]}'}`,
    [{ key: 'param', value: [issue?.path.join('.') || 'rules'] }],
  );
}

export function streamRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  registry: StreamRegistry,
  feed: LiveFeed,
  connections: Connections,
  collectorStates: () => readonly { collector_id: string; state: string }[],
): void {
  app.put('/api/v3/stream/s/:stream', (request, reply) => {
    admit(context, request, 'write', 'streamCreate');
    const id = (request.params as { stream: string }).stream;
    const definition = registry.define(id, parseDefinition(request.body).rules);
    return sendResult(request, reply, 'result_stream', {
      data: [{ stream_id: id, rules: definition.rules }],
    });
  });

  app.delete('/api/v3/stream/s/:stream', (request, reply) => {
    admit(context, request, 'write');
    const id = (request.params as { stream: string }).stream;
    registry.delete(id);
    return sendResult(request, reply, 'result_stream', { data: [{ stream_id: id }] });
  });

  app.get('/api/v3/stream/info', (request, reply) => {
    admit(context, request, 'read', 'streamInfo');
    return sendResult(request, reply, 'result_stream', {
      streams: registry.all().map((definition) => ({ stream_id: definition.id, enabled: true })),
      collectors: collectorStates(),
    });
  });

  app.get('/api/v3/stream/s/:stream/results', (request: FastifyRequest, reply) => {
    admit(context, request, 'read');
    const id = (request.params as { stream: string }).stream;
    // Unknown streams are refused with the envelope before the response turns into chunks.
    registry.get(id);
    const parameters = request.query as QueryParameters;
    const extra = parseQueryParameter(parameters, false);
    const maxHits = integer(parameters, 'max_hits');
    if (maxHits !== undefined && maxHits < 1)
      throw badParameter('max_hits', 'a whole number of at least 1');

    reply.hijack();
    const writer = new ChunkWriter(reply.raw);
    const connectionId = randomUUID();
    connections.open(`stream:${id}`, writer);
    writer.control({ stream: [{ id, status: 'active' }], connection_id: connectionId });
    let hits = 0;
    const heartbeat = setInterval(
      () => writer.control({ stream: [{ id, status: 'active' }], connection_id: connectionId }),
      HEARTBEAT_MS,
    );
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      connections.closed(`stream:${id}`, writer);
      writer.end();
    };
    const unsubscribe = feed.subscribe(({ document }) => {
      if (writer.isClosed) return stop();
      const current = registry.has(id) ? registry.get(id) : undefined;
      if (!current) return stop();
      const matched = current.queries.filter((rule) => matches(rule.query, document));
      if (matched.length === 0 || (extra && !matches(extra, document))) return;
      if (context.credits.chargeUpTo(1, 'call') === 0) {
        writer.error('noCredits', 'No credits left: the stream stops');
        return stop();
      }
      const snippets = extra ? highlight([extra], document) : {};
      writer.result(
        { ...document, ...snippets },
        matched.map((rule) => ({
          ...highlight([rule.query], document),
          matched: { rule_id: rule.ruleId, stream_id: id },
        })),
      );
      hits += 1;
      if (maxHits !== undefined && hits >= maxHits) stop();
    });
    request.raw.on('close', stop);
  });
}
