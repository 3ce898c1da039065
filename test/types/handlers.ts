// Compile-time tests, run by the type check: the sandbox implements the API's contract
// (core/api/contract.ts) through `Handlers`, a handler for every operation. Each expected
// error below fails the check if its line compiles: a missing operation, a handler that
// returns what its answer does not allow, reads a parameter its path does not name, or forgets the
// fields an answer carries beside its payload.
import type { Handlers, SomeHandlers } from '../../sandbox/http/handlers';
import { notEmulated } from '../../sandbox/http/handlers';
import type { apiHandlers } from '../../sandbox/server';

type Complete = ReturnType<typeof apiHandlers>;

/** The sandbox's handlers are every operation's: this line fails if one were missing. */
export const complete: (handlers: Complete) => Handlers = (handlers) => handlers;

// @ts-expect-error an object without a handler for every operation is not Handlers
export const missing: Handlers = { credits: { handle: () => ({ remaining_credits_monthly: 1 }) } };

export const wrong: SomeHandlers<'credits' | 'collectorGet' | 'projectResults' | 'streamGet'> = {
  credits: {
    // @ts-expect-error the credit info needs what is left
    handle: () => ({ used_credits_monthly: 1 }),
  },
  collectorGet: {
    // @ts-expect-error the path names :collector, not :stream
    handle: ({ params }) => ({ collectors: [{ collector_id: params.stream, state: 'ACTIVE' }] }),
  },
  projectResults: {
    // @ts-expect-error search results carry pagination beside their payload
    handle: () => ({ data: [] }),
  },
  streamGet: {
    handle: ({ params }) => ({
      // @ts-expect-error a stream's rules are {rule_id, query}
      data: [{ stream_id: params.stream, rules: [{ id: 'r', query: 'q' }] }],
    }),
  },
};

export const right: SomeHandlers<'credits' | 'projectResults' | 'views'> = {
  credits: { handle: () => ({ remaining_credits_monthly: 1 }) },
  projectResults: {
    handle: () => ({ payload: { data: [] }, beside: { pagination: { total: 0 } } }),
  },
  views: notEmulated('the reason, said to the client'),
};
