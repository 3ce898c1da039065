// GET /api/v1/status/credits (api.md "Credits").
import type { FastifyInstance } from 'fastify';
import { admit, type SandboxContext } from '../context';
import { sendResult } from '../http/envelope';

export function creditRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/api/v1/status/credits', (request, reply) => {
    admit(context, request, 'read', 'credits');
    return sendResult(request, reply, 'result_creditinfo', context.credits.info());
  });
}
