// Collector endpoints (api.md "Collectors"; gaps.md "Streams and collectors"). Results are read
// like a stream: a control chunk with the starting `resume_offset`, the buffered documents, a
// control chunk after every 100 results and every 5 s with the offset just past the last result
// sent, then either the end (`end_behaviour=stop`) or new documents as they are buffered (`wait`).
// The collector keeps its documents server-side, so a reader that does not read is simply not
// fed: nothing more is written while MAX_BUFFERED_BYTES wait, and feeding goes on once they are
// read, from where it stopped.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CollectorRequest,
  CollectorResponse,
  END_BEHAVIOURS,
  type CollectorStatus,
} from '../../core/api/schemas/streams';
import { oneOf, text } from '../analytics/parameters';
import type { Collector } from '../collectors/registry';
import { compileCollector } from '../collectors/definition';
import { answer, chunkEndpoint, type Endpoint } from '../http/endpoint';
import type { SandboxServices } from '../services';
import { ChunkWriter } from '../streams/chunks';

const CONTROL_EVERY = 100;
const HEARTBEAT_MS = 5000;

/** No body is an empty definition: a paused export target. */
const Definition = z.preprocess((body) => body ?? {}, CollectorRequest);

function status(collector: Collector, withQuery = false): CollectorStatus {
  return {
    collector_id: collector.id,
    state: collector.state,
    ...(withQuery ? { query: collector.compiled.query } : {}),
  };
}

export function collectorEndpoints(services: SandboxServices): Endpoint[] {
  const { collectors, connections, streams, output } = services;
  const base = '/api/v3/stream/c/:collector';
  const answers = answer(CollectorResponse, 'result_stream');
  const exists = ({ params }: { params: { readonly collector: string } }) =>
    void collectors.get(params.collector);
  return [
    answers.endpoint({
      method: 'PUT',
      path: base,
      access: 'write',
      limit: 'collectorWrite',
      journaled: true,
      body: { schema: Definition, size: 'definition' },
      check: ({ body }) => void compileCollector(body.collector_query ?? {}, streams),
      handle: ({ params, body }) => ({
        collectors: [status(collectors.put(params.collector, body.collector_query))],
      }),
    }),
    answers.endpoint({
      method: 'GET',
      path: base,
      access: 'read',
      limit: 'collectorGet',
      handle: ({ params }) => ({ collectors: [status(collectors.get(params.collector), true)] }),
    }),
    answers.endpoint({
      method: 'DELETE',
      path: base,
      access: 'write',
      limit: 'collectorDelete',
      journaled: true,
      check: exists,
      handle: ({ params }) => {
        collectors.delete(params.collector);
        connections.end(`collector:${params.collector}`);
        return { collectors: [{ collector_id: params.collector, state: 'DELETED' }] };
      },
    }),
    answers.endpoint({
      method: 'POST',
      path: `${base}/pause`,
      access: 'write',
      limit: 'collectorPause',
      journaled: true,
      check: exists,
      handle: ({ params }) => ({ collectors: [status(collectors.pause(params.collector))] }),
    }),
    answers.endpoint({
      method: 'POST',
      path: `${base}/resume`,
      access: 'write',
      limit: 'collectorResume',
      journaled: true,
      check: exists,
      handle: ({ params }) => ({ collectors: [status(collectors.resume(params.collector))] }),
    }),
    chunkEndpoint({
      method: 'GET',
      path: `${base}/results`,
      access: 'read',
      limit: 'collectorRead',
      open: ({ params, query }, reply) => {
        const id = params.collector;
        const collector = collectors.get(id);
        let next = collector.offset(text(query, 'resume_offset'));
        const behaviour = oneOf(query, 'end_behaviour', END_BEHAVIOURS) ?? 'wait';

        const writer = new ChunkWriter(reply, output);
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
        let waiting = false;
        /** Writes what the reader has not had, until it is all out or the reader lags. */
        const drain = (): boolean => {
          for (const item of collector.buffer) {
            if (item.seq < next || writer.isClosed) continue;
            if (writer.congested) {
              // Fed again once the reader catches up; until then nothing more is written.
              if (!waiting) {
                waiting = true;
                writer.onDrain(() => {
                  waiting = false;
                  if (drain()) finish();
                });
              }
              return false;
            }
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
          return true;
        };
        /** After everything buffered went out: a control chunk, and the end for `stop`. */
        const finish = () => {
          control();
          sinceControl = 0;
          if (behaviour === 'stop') {
            connections.closed(key, writer);
            writer.end();
          }
        };
        const heartbeat =
          behaviour === 'wait'
            ? setInterval(() => {
                if (!writer.congested) control();
              }, HEARTBEAT_MS)
            : undefined;
        heartbeat?.unref();
        const unsubscribe =
          behaviour === 'wait'
            ? collector.onPush(() => {
                if (!waiting && drain()) finish();
              })
            : () => undefined;
        writer.onClose(() => {
          clearInterval(heartbeat);
          unsubscribe();
          connections.closed(key, writer);
          writer.end();
        });
        if (drain()) finish();
      },
    }),
  ];
}
