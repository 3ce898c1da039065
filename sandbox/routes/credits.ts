// GET /api/v1/status/credits (api.md "Credits").
import type { SomeHandlers } from '../http/handlers';
import type { SandboxServices } from '../services';

export function creditHandlers({ context }: SandboxServices): SomeHandlers<'credits'> {
  return { credits: { handle: () => context.credits.info() } };
}
