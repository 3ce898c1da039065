// Sandbox-only endpoints under /_sandbox/ (not part of the API): move the virtual clock, reset.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';
import { badParameter } from '../http/failure';

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

/** What the control endpoints act on besides the context. */
export interface ControlHooks {
  /** Documents as arriving live now (streams and collectors see them). */
  arrive(documents: readonly Record<string, unknown>[]): number;
  /** After the clock moved: deliver what the firehose owes, expire what is due. */
  clockMoved(): void;
  reset(): void;
  /** Ends a collector's open results connection with code 25, as the service may. */
  disconnect(collectorId: string): boolean;
}

export function controlRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  hooks: ControlHooks,
): void {
  app.post('/_sandbox/clock', (request, reply) => {
    admit(context, request, 'write');
    const body = ClockBody.safeParse(request.body);
    if (!body.success)
      throw badParameter(
        'advance_ms',
        'a non-negative whole number of milliseconds, as {"advance_ms": 86400000}',
      );
    const now = context.clock.advance(body.data.advance_ms);
    hooks.clockMoved();
    return sendResult(request, reply, 'result_sandbox', { now });
  });
  app.post('/_sandbox/live', (request, reply) => {
    admit(context, request, 'write');
    const body = LiveBody.safeParse(request.body);
    if (!body.success)
      throw badParameter(
        'documents',
        'an array of 1 to 1,000 documents, each with title and content, as {"documents": [...]}',
      );
    return sendResult(request, reply, 'result_sandbox', {
      arrived: hooks.arrive(body.data.documents),
    });
  });
  app.post('/_sandbox/disconnect', (request, reply) => {
    admit(context, request, 'write');
    const id = (request.body as { collector_id?: unknown } | undefined)?.collector_id;
    if (typeof id !== 'string')
      throw badParameter(
        'collector_id',
        'the collector whose reader to disconnect, as {"collector_id": "c1"}',
      );
    return sendResult(request, reply, 'result_sandbox', { disconnected: hooks.disconnect(id) });
  });
  app.post('/_sandbox/reset', (request, reply) => {
    admit(context, request, 'write');
    context.clock.reset();
    context.limiter.reset();
    context.credits.reset();
    hooks.reset();
    return sendResult(request, reply, 'result_sandbox', { now: context.clock.now() });
  });
}
