// Collector endpoints (api.md "Collectors"; gaps.md "Streams and collectors"). Results are read
// like a stream: a control chunk with the starting `resume_offset`, the buffered documents, a
// control chunk after every 100 results and every 5 s with the offset just past the last result
// sent, then either the end (`end_behaviour=stop`) or new documents as they are buffered (`wait`).
// The collector keeps its documents server-side, so a reader that does not read is simply not
// fed: nothing more is written while MAX_BUFFERED_BYTES wait, and feeding goes on once they are
// read, from where it stopped.
import { randomUUID } from 'node:crypto';
import { END_BEHAVIOURS } from '../../core/api/schemas/streams';
import { integer, oneOf, text, type QueryParameters } from '../analytics/parameters';
import type { Collector } from '../collectors/registry';
import { compileCollector } from '../collectors/definition';
import { badParameter, checkServiceId } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import type { SandboxServices } from '../services';
import { ChunkWriter } from '../streams/chunks';

const CONTROL_EVERY = 100;
const HEARTBEAT_MS = 5000;

/** A collector and its state; with its definition, under both names (gaps.md), and its date. */
function status(collector: Collector, withDefinition = false) {
  return {
    collector_id: collector.id,
    state: collector.state,
    ...(withDefinition
      ? {
          collector_query: collector.compiled.query,
          query: collector.compiled.query,
          creation_date: new Date(collector.created).toISOString(),
        }
      : {}),
  };
}

/** A read's parameters, refused before anything is written. */
function readParameters(collector: Collector, query: QueryParameters) {
  const maxHits = integer(query, 'max_hits');
  if (maxHits !== undefined && maxHits < 1)
    throw badParameter('max_hits', 'a whole number of at least 1');
  return {
    next: collector.offset(text(query, 'resume_offset')),
    behaviour: oneOf(query, 'end_behaviour', END_BEHAVIOURS) ?? 'wait',
    maxHits,
  };
}

export function collectorHandlers(
  services: SandboxServices,
): SomeHandlers<
  | 'collectorPut'
  | 'collectorGet'
  | 'collectorDelete'
  | 'collectorPause'
  | 'collectorResume'
  | 'collectorResults'
> {
  const { collectors, connections, streams, output } = services;
  const exists = ({ params }: { params: { readonly collector: string } }) =>
    void collectors.get(params.collector);
  return {
    collectorPut: {
      journaled: true,
      bodySize: 'definition',
      check: ({ params, body }) => {
        checkServiceId('collector_id', params.collector);
        for (const entry of body.collector_query?.queries ?? [])
          checkServiceId('collector_query.queries.id', entry.id);
        compileCollector(body.collector_query ?? {}, streams);
      },
      handle: ({ params, body }) => ({
        collectors: [status(collectors.put(params.collector, body.collector_query))],
      }),
    },
    collectorGet: {
      handle: ({ params }) => ({ collectors: [status(collectors.get(params.collector), true)] }),
    },
    collectorDelete: {
      journaled: true,
      check: exists,
      handle: ({ params }) => {
        collectors.delete(params.collector);
        connections.end(`collector:${params.collector}`);
        return { collectors: [{ collector_id: params.collector, state: 'DELETED' }] };
      },
    },
    collectorPause: {
      journaled: true,
      check: exists,
      handle: ({ params }) => ({ collectors: [status(collectors.pause(params.collector))] }),
    },
    collectorResume: {
      journaled: true,
      check: exists,
      handle: ({ params }) => ({ collectors: [status(collectors.resume(params.collector))] }),
    },
    collectorResults: {
      check: ({ params, query }) => void readParameters(collectors.get(params.collector), query),
      open: ({ params, query }, reply) => {
        const id = params.collector;
        const collector = collectors.get(id);
        const read = readParameters(collector, query);
        let next = read.next;
        const { behaviour, maxHits } = read;
        let hits = 0;

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
                matched: {
                  collector_query_ids: [...item.matched],
                  ...(item.project ? { project_profiles: [{ ...item.project }] } : {}),
                },
              },
            ]);
            next = item.seq + 1;
            if (maxHits !== undefined && ++hits >= maxHits) {
              // max_hits reached: what was sent is marked, and the read ends.
              control();
              connections.closed(key, writer);
              writer.end();
              return false;
            }
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
    },
  };
}
