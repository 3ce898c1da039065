// Streams (api.md "Streams"; gaps.md): define, list, delete, and read results as chunks. A reader
// gets a control chunk at once, then every live document matching any rule (and the extra `q`),
// in order of search_indexed, a heartbeat control chunk every 5 s, and 1 credit is charged per
// result. A newer connection to the same stream ends the older one with code 24. Results are
// pushed live and kept nowhere else, so a reader that falls MAX_BUFFERED_BYTES behind is
// disconnected with code 30 rather than have the sandbox hold what it does not read.
import { CREDIT_COSTS } from '../../core/api/costs';
import { randomUUID } from 'node:crypto';
import {
  StreamDefinitionRequest,
  StreamDefinitionResponse,
  StreamInfoResponse,
} from '../../core/api/schemas/streams';
import { highlight, matches } from '../../core/query/matcher';
import { integer } from '../analytics/parameters';
import { answer, chunkEndpoint, type Endpoint } from '../http/endpoint';
import { badParameter } from '../http/failure';
import { MAX_BUFFERED_BYTES, MEBIBYTE } from '../http/limits';
import type { SandboxServices } from '../services';
import { ChunkWriter } from '../streams/chunks';
import { checkRules } from '../streams/registry';
import { parseQueryParameter } from './histograms';

const HEARTBEAT_MS = 5000;

export function streamEndpoints(services: SandboxServices): Endpoint[] {
  const { context, streams: registry, feed, connections, collectors, output } = services;
  return [
    answer(StreamDefinitionResponse, 'result_stream').endpoint({
      method: 'PUT',
      path: '/api/v3/stream/s/:stream',
      access: 'write',
      limit: 'streamCreate',
      journaled: true,
      body: {
        schema: StreamDefinitionRequest,
        size: 'definition',
        invalid: 'invalidStreamOperation',
      },
      check: ({ body }) => void checkRules(body.rules),
      handle: ({ params, body }) => {
        const definition = registry.define(params.stream, body.rules);
        return { data: [{ stream_id: params.stream, rules: [...definition.rules] }] };
      },
    }),
    answer(StreamDefinitionResponse, 'result_stream').endpoint({
      method: 'DELETE',
      path: '/api/v3/stream/s/:stream',
      access: 'write',
      journaled: true,
      check: ({ params }) => void registry.get(params.stream),
      handle: ({ params }) => {
        registry.delete(params.stream);
        return { data: [{ stream_id: params.stream }] };
      },
    }),
    answer(StreamInfoResponse, 'result_stream').endpoint({
      method: 'GET',
      path: '/api/v3/stream/info',
      access: 'read',
      limit: 'streamInfo',
      handle: () => ({
        streams: registry.all().map((definition) => ({ stream_id: definition.id, enabled: true })),
        collectors: collectors.states(),
      }),
    }),
    chunkEndpoint({
      method: 'GET',
      path: '/api/v3/stream/s/:stream/results',
      access: 'read',
      open: ({ params, query }, reply) => {
        const id = params.stream;
        // Unknown streams and bad parameters are refused with the envelope, before any chunk.
        registry.get(id);
        const extra = parseQueryParameter(query, false);
        const maxHits = integer(query, 'max_hits');
        if (maxHits !== undefined && maxHits < 1)
          throw badParameter('max_hits', 'a whole number of at least 1');

        const writer = new ChunkWriter(reply, output);
        const connectionId = randomUUID();
        const key = `stream:${id}`;
        connections.open(key, writer);
        const control = () =>
          writer.control({ stream: [{ id, status: 'active' }], connection_id: connectionId });
        control();
        let hits = 0;
        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
          connections.closed(key, writer);
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
          if (writer.isClosed) return stop();
          const current = registry.has(id) ? registry.get(id) : undefined;
          if (!current) return stop();
          const matched = current.queries.filter((rule) => matches(rule.query, document));
          if (matched.length === 0 || (extra && !matches(extra, document))) return;
          if (!keepsUp()) return;
          if (context.credits.chargeUpTo(CREDIT_COSTS.streamResult, 'call') === 0) {
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
        writer.onClose(stop);
      },
    }),
  ];
}
