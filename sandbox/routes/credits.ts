// GET /api/v1/status/credits (api.md "Credits").
import { CreditsResponse } from '../../core/api/schemas/tasks';
import { answer, type Endpoint } from '../http/endpoint';
import type { SandboxServices } from '../services';

export function creditEndpoints({ context }: SandboxServices): Endpoint[] {
  return [
    answer(CreditsResponse, 'result_creditinfo').endpoint({
      method: 'GET',
      path: '/api/v1/status/credits',
      access: 'read',
      limit: 'credits',
      handle: () => context.credits.info(),
    }),
  ];
}
