// Compile-time tests, run by the type check: a sandbox endpoint implements the API's contract.
// Its handler can only return its answer's payload, sees only the parameters its path names, and
// gets its body as its schema types it. Each @ts-expect-error fails the check if its line compiles.
import { z } from 'zod';
import { CollectorResponse } from '../../core/api/schemas/streams';
import { CreditsResponse } from '../../core/api/schemas/tasks';
import { answer, type Endpoint } from '../../sandbox/http/endpoint';

export const wrongEndpoints: Endpoint[] = [
  answer(CreditsResponse, 'result_creditinfo').endpoint({
    method: 'GET',
    path: '/api/v1/status/credits',
    access: 'read',
    // @ts-expect-error the credit info lacks its other fields
    handle: () => ({ used_credits_monthly: 1 }),
  }),
  answer(CollectorResponse, 'result_stream').endpoint({
    method: 'GET',
    path: '/api/v3/stream/c/:collector',
    access: 'read',
    handle: ({ params }) => ({
      // @ts-expect-error a state the API does not have
      collectors: [{ collector_id: params.collector, state: 'RUNNING' }],
    }),
  }),
  answer(CollectorResponse, 'result_stream').endpoint({
    method: 'GET',
    path: '/api/v3/stream/c/:collector',
    access: 'read',
    // @ts-expect-error the path names :collector, not :stream
    handle: ({ params }) => ({ collectors: [{ collector_id: params.stream, state: 'ACTIVE' }] }),
  }),
  answer(CollectorResponse, 'result_stream').endpoint({
    method: 'PUT',
    path: '/api/v3/stream/c/:collector',
    access: 'write',
    body: { schema: z.object({ advance_ms: z.number() }), size: 'control' },
    // @ts-expect-error the body is a number of milliseconds, not a string
    handle: ({ body }) => ({ collectors: [{ collector_id: body.advance_ms, state: 'ACTIVE' }] }),
  }),
  // @ts-expect-error an answer's key is one of its envelope's result keys
  answer(CreditsResponse, 'result_tasks'),
];

export const rightEndpoint: Endpoint = answer(CollectorResponse, 'result_stream').endpoint({
  method: 'GET',
  path: '/api/v3/stream/c/:collector',
  access: 'read',
  handle: ({ params }) => ({ collectors: [{ collector_id: params.collector, state: 'ACTIVE' }] }),
});
