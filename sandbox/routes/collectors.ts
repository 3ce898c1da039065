// Collector endpoints (api.md "Collectors"; gaps.md "Streams and collectors"). Results are read
// like a stream: a control chunk with the starting `resume_offset`, the buffered documents, a
// control chunk after every 100 results and every 5 s with the offset just past the last result
// sent, then either the end (`end_behaviour=stop`) or new documents as they are buffered (`wait`).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CollectorRequest, END_BEHAVIOURS } from '../../core/api/schemas/streams';
import { oneOf, text, type QueryParameters } from '../analytics/parameters';
import type { Collector, CollectorRegistry } from '../collectors/registry';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';
import { ApiFailure } from '../http/failure';
import { ChunkWriter } from '../streams/chunks';
import type { Connections } from './streams';

const CONTROL_EVERY = 100;
const HEARTBEAT_MS = 5000;

function status(collector: Collector, withQuery = false) {
  return {
    collector_id: collector.id,
    state: collector.state,
    ...(withQuery ? { query: collector.compiled.query } : {}),
  };
}

function idOf(request: FastifyRequest): string {
  return (request.params as { collector: string }).collector;
}

function definitionOf(body: unknown) {
  const parsed = CollectorRequest.safeParse(body ?? {});
  if (parsed.success) return parsed.data.collector_query;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  const message =
    issue?.code === 'unrecognized_keys'
      ? `unknown field ${issue.keys.join(', ')}${where === 'body' ? ' (the service sets `state` itself)' : ''}`
      : (issue?.message ?? 'invalid');
  throw new ApiFailure('badParameter', `Invalid collector definition: ${where}: ${message}`, [
    { key: 'param', value: [where] },
  ]);
}

export function collectorRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  collectors: CollectorRegistry,
  connections: Connections,
): void {
  const base = '/api/v3/stream/c/:collector';
  app.put(base, (request, reply) => {
    admit(context, request, 'write', 'collectorWrite');
    const collector = collectors.put(idOf(request), definitionOf(request.body));
    return sendResult(request, reply, 'result_stream', { collectors: [status(collector)] });
  });
  app.get(base, (request, reply) => {
    admit(context, request, 'read', 'collectorGet');
    return sendResult(request, reply, 'result_stream', {
      collectors: [status(collectors.get(idOf(request)), true)],
    });
  });
  app.delete(base, (request, reply) => {
    admit(context, request, 'write', 'collectorDelete');
    const id = idOf(request);
    collectors.delete(id);
    connections.end(`collector:${id}`);
    return sendResult(request, reply, 'result_stream', {
      collectors: [{ collector_id: id, state: 'DELETED' }],
    });
  });
  app.post(`${base}/pause`, (request, reply) => {
    admit(context, request, 'write', 'collectorPause');
    return sendResult(request, reply, 'result_stream', {
      collectors: [status(collectors.pause(idOf(request)))],
    });
  });
  app.post(`${base}/resume`, (request, reply) => {
    admit(context, request, 'write', 'collectorResume');
    return sendResult(request, reply, 'result_stream', {
      collectors: [status(collectors.resume(idOf(request)))],
    });
  });

  app.get(`${base}/results`, (request, reply) => {
    admit(context, request, 'read', 'collectorRead');
    const id = idOf(request);
    const collector = collectors.get(id);
    const parameters = request.query as QueryParameters;
    let next = collector.offset(text(parameters, 'resume_offset'));
    const behaviour = oneOf(parameters, 'end_behaviour', END_BEHAVIOURS) ?? 'wait';

    reply.hijack();
    const writer = new ChunkWriter(reply.raw);
    const key = `collector:${id}`;
    connections.open(key, writer);
    const connectionId = randomUUID();
    const control = () =>
      writer.control({
        collector_id: id,
        connection_id: connectionId,
        resume_offset: collector.token(next),
      });
    control();
    let sinceControl = 0;
    const drain = () => {
      for (const item of collector.buffer) {
        if (item.seq < next || writer.isClosed) continue;
        writer.result(item.document, [
          {
            title_snippet: item.document.title ?? '',
            content_snippet: item.document.content ?? '',
            matched: { collector_query_ids: [...item.matched] },
          },
        ]);
        next = item.seq + 1;
        if (++sinceControl >= CONTROL_EVERY) {
          control();
          sinceControl = 0;
        }
      }
      // Items may have expired past `next`: continue after the newest one.
      next = Math.max(next, collector.buffer[0]?.seq ?? collector.end);
    };
    drain();
    control();
    sinceControl = 0;
    if (behaviour === 'stop') {
      connections.closed(key, writer);
      writer.end();
      return;
    }
    const heartbeat = setInterval(control, HEARTBEAT_MS);
    heartbeat.unref();
    const unsubscribe = collector.onPush(() => {
      drain();
      control();
      sinceControl = 0;
    });
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      connections.closed(key, writer);
      writer.end();
    };
    writer.onClose(stop);
  });
}
