// What every route of one sandbox shares.
import type { FastifyRequest } from 'fastify';
import type { VirtualClock } from './clock';
import type { CreditLedger } from './credits';
import { authorize, type Access, type Tokens } from './http/auth';
import type { EndpointClass, RateLimiter } from './http/rateLimits';
import type { SandboxOptions } from './options';

export interface SandboxContext {
  readonly options: SandboxOptions;
  readonly clock: VirtualClock;
  readonly limiter: RateLimiter;
  readonly credits: CreditLedger;
  readonly tokens: Tokens;
}

/** Checks the token for the access an endpoint needs and counts the call against its limit. */
export function admit(
  context: SandboxContext,
  request: FastifyRequest,
  access: Access,
  endpoint?: EndpointClass,
): string {
  const token = authorize(request, context.tokens, access);
  if (endpoint && token !== context.tokens.unlimited) context.limiter.take(token, endpoint);
  return token;
}
