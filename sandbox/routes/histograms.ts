// GET /api/v1/search/histogram/<type>: histograms over global data (api.md). Costs 10 credits;
// the query is required and is the sandbox's own .mmq language; global data is the last 30 days.
import type { QueryNode } from '../../core/query/ast';
import { checkedQuery } from '../search/checkedQuery';
import { computeHistogram } from '../analytics/histogram';
import { text as textParameter, type QueryParameters } from '../analytics/parameters';
import { GLOBAL_DAYS } from '../../core/api/histogramRules';
import { OPERATIONS } from '../../core/api/operations';
import type { SomeHandlers } from '../http/handlers';
import { missingParameter } from '../http/failure';
import type { SandboxServices } from '../services';

/** A `q` parameter, checked (search/checkedQuery.ts); absent or empty is none, or code 5. */
export function parseQueryParameter(
  parameters: QueryParameters,
  required: boolean,
): QueryNode | null {
  const text = textParameter(parameters, 'q');
  if (text === undefined || text === '') {
    if (required) throw missingParameter('q');
    return null;
  }
  return checkedQuery(text);
}

/**
 * The hits published at `oldest` or later (a document without a date counts as published now),
 * kept in place: the hits are the caller's to give up.
 */
export function publishedSince(
  hits: Uint32Array,
  published: Float64Array,
  oldest: number,
): Uint32Array {
  let count = 0;
  for (let at = 0; at < hits.length; at++) {
    const number = hits[at] as number;
    const date = published[number] as number;
    if (date !== date || date >= oldest) hits[count++] = number;
  }
  return hits.subarray(0, count);
}

export function histogramHandlers({
  context,
  store,
}: SandboxServices): SomeHandlers<'globalHistogram'> {
  // The hits of one request at a time (a handler runs to its end without yielding): a fresh
  // array per request was a third of a histogram's time under load (Bitset.toArray).
  let scratch = new Uint32Array(0);
  return {
    globalHistogram: {
      handle: ({ params, query: parameters }) => {
        const query = parseQueryParameter(parameters, true);
        const now = context.clock.now();
        const oldest = now - GLOBAL_DAYS * 86_400_000;
        if (scratch.length < store.index.size)
          scratch = new Uint32Array(Math.max(store.index.size, scratch.length * 2));
        const numbers = publishedSince(
          store.index.hits(query, scratch),
          store.columns.time('published'),
          oldest,
        );
        const result = computeHistogram(params.type, numbers, parameters, {
          now,
          columns: store.columns,
        });
        // Charged only for an answered call.
        context.credits.chargeFor(OPERATIONS.globalHistogram.cost);
        return result;
      },
    },
  };
}
