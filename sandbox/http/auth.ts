// Token checks (gaps.md "Authentication and tokens"): a missing or unknown token is 401 / 7; the
// read-only token calling a write endpoint is 403 / 13 with the rights required and held.
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from './failure';

export type Access = 'read' | 'write';

export interface Tokens {
  readonly readWrite: string;
  readonly readOnly?: string;
  /** Read-write, and exempt from the call limits (load tests). */
  readonly unlimited?: string;
}

/** The token of a request, checked for the access the endpoint needs. */
export function authorize(request: FastifyRequest, tokens: Tokens, access: Access): string {
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new ApiFailure(
      'badToken',
      'Missing access token: pass access_token as a query parameter',
      [{ key: 'params', value: ['access_token'] }],
    );
  }
  if (token === tokens.readWrite || token === tokens.unlimited) return token;
  if (tokens.readOnly !== undefined && token === tokens.readOnly) {
    if (access === 'write') {
      throw new ApiFailure('forbidden', 'Insufficient rights: this token may only read', [
        { key: 'rights_req', value: ['write'] },
        { key: 'rights_got', value: ['read'] },
      ]);
    }
    return token;
  }
  throw new ApiFailure('badToken', 'Invalid or inactive access token');
}
