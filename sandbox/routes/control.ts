// Sandbox-only endpoints under /_sandbox/ (not part of the API): move the virtual clock, deliver
// live documents, disconnect a collector's reader, reset.
import { z } from 'zod';
import * as mini from 'zod/mini';
import { envelope } from '../../core/api/schemas/envelope';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { answer, type Endpoint } from '../http/endpoint';
import { badParameter } from '../http/failure';
import type { SandboxServices } from '../services';

/** The last instant of the year 9999: the virtual clock never goes beyond what dates can show. */
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const ClockBody = z.object({ advance_ms: z.number().int().nonnegative() }).strict();
const LiveBody = z
  .object({
    documents: z
      .array(
        z.object({ title: z.string(), content: z.string(), url: z.string().optional() }).loose(),
      )
      .min(1)
      .max(1000),
  })
  .strict();
const DisconnectBody = z.object({ collector_id: z.string() });

const ClockResponse = envelope('result_sandbox', mini.object({ now: mini.number() }));
const LiveResponse = envelope('result_sandbox', mini.object({ arrived: mini.number() }));
const DisconnectResponse = envelope(
  'result_sandbox',
  mini.object({ disconnected: mini.boolean() }),
);

export function controlEndpoints(services: SandboxServices): Endpoint[] {
  const { context, feed, tasks, collectors, firehose, connections } = services;
  return [
    answer(ClockResponse, 'result_sandbox').endpoint({
      method: 'POST',
      path: '/_sandbox/clock',
      access: 'write',
      journaled: true,
      body: { schema: ClockBody, size: 'control' },
      check: ({ body }) => {
        if (context.clock.now() + body.advance_ms > LATEST_INSTANT)
          throw badParameter('advance_ms', 'the virtual clock would pass the year 9999');
      },
      handle: ({ body }) => {
        const now = context.clock.advance(body.advance_ms);
        // The clock moved: tasks progress, buffers expire, the firehose delivers what it owes.
        tasks.tick();
        collectors.expireAll();
        firehose.catchUp();
        return { now };
      },
    }),
    answer(LiveResponse, 'result_sandbox').endpoint({
      method: 'POST',
      path: '/_sandbox/live',
      access: 'write',
      journaled: true,
      body: { schema: LiveBody, size: 'batch' },
      handle: ({ body }) => ({
        arrived: body.documents.map((document) => feed.arrive(document as AnalyticsDocument))
          .length,
      }),
    }),
    answer(DisconnectResponse, 'result_sandbox').endpoint({
      method: 'POST',
      path: '/_sandbox/disconnect',
      access: 'write',
      // Ends a connection only: nothing to replay.
      body: { schema: DisconnectBody, size: 'control' },
      handle: ({ body }) => ({
        disconnected: connections.end(`collector:${body.collector_id}`, {
          name: 'resumeFromOffset',
          message: 'Disconnected: resume from the last resume_offset',
        }),
      }),
    }),
    answer(ClockResponse, 'result_sandbox').endpoint({
      method: 'POST',
      path: '/_sandbox/reset',
      access: 'write',
      journaled: true,
      handle: () => {
        context.clock.reset();
        context.limiter.reset();
        context.credits.reset();
        connections.endAll();
        services.streams.reset();
        collectors.reset();
        tasks.reset();
        services.metrics.reset();
        return { now: context.clock.now() };
      },
    }),
  ];
}
