// Sandbox-only endpoints under /_sandbox/ (not part of the API): move the virtual clock, reset.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';
import { badParameter } from '../http/failure';

const ClockBody = z.object({ advance_ms: z.number().int().nonnegative() }).strict();

export function controlRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post('/_sandbox/clock', (request, reply) => {
    admit(context, request, 'write');
    const body = ClockBody.safeParse(request.body);
    if (!body.success)
      throw badParameter(
        'advance_ms',
        'a non-negative whole number of milliseconds, as {"advance_ms": 86400000}',
      );
    return sendResult(request, reply, 'result_sandbox', {
      now: context.clock.advance(body.data.advance_ms),
    });
  });
  app.post('/_sandbox/reset', (request, reply) => {
    admit(context, request, 'write');
    context.clock.reset();
    context.limiter.reset();
    context.credits.reset();
    return sendResult(request, reply, 'result_sandbox', { now: context.clock.now() });
  });
}
