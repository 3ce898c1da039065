// GET /api/v1/search/histogram/<type>: histograms over global data (api.md). Costs 10 credits;
// the query is required and is the sandbox's own .mmq language; global data is the last 30 days.
import { analyzeQuery } from '../../core/query/analysis';
import type { QueryNode } from '../../core/query/ast';
import { parseQuery } from '../../core/query/parser';
import { BREAKDOWN_VALUES } from '../analytics/documentFields';
import { computeHistogram } from '../analytics/histogram';
import { text as textParameter, type QueryParameters } from '../analytics/parameters';
import { HistogramResponse } from '../../core/api/schemas/histogram';
import { answer, type Endpoint } from '../http/endpoint';
import { ApiFailure, missingParameter } from '../http/failure';
import type { SandboxServices } from '../services';

const GLOBAL_DAYS = 30;
const HISTOGRAM_COST = 10;

/** Parses a `q` parameter: syntax errors are code 4, more than 50 operands 403 / code 19. */
export function parseQueryParameter(
  parameters: QueryParameters,
  required: boolean,
): QueryNode | null {
  const text = textParameter(parameters, 'q');
  if (text === undefined || text === '') {
    if (required) throw missingParameter('q');
    return null;
  }
  const diagnostics = analyzeQuery(text).filter((diagnostic) => diagnostic.severity === 'error');
  const limit = diagnostics.find(
    (diagnostic) => diagnostic.code === 'operand-limit' || diagnostic.code === 'length-limit',
  );
  if (limit)
    throw new ApiFailure('tooMany', `Query too large: ${limit.message}`, [
      { key: 'details', value: [limit.message] },
    ]);
  const first = diagnostics[0];
  if (first) {
    throw new ApiFailure(
      'queryParse',
      `Query parse error at character ${first.span.start + 1}: ${first.message}`,
      [
        {
          key: 'details',
          value: diagnostics.map(
            (diagnostic) =>
              `${diagnostic.span.start + 1}-${diagnostic.span.end + 1}: ${diagnostic.message}`,
          ),
        },
      ],
    );
  }
  return parseQuery(text).query;
}

export function histogramEndpoints({ context, store }: SandboxServices): Endpoint[] {
  return [
    answer(HistogramResponse, 'result_histogram').endpoint({
      method: 'GET',
      path: '/api/v1/search/histogram/:type',
      access: 'read',
      limit: 'globalHistogram',
      handle: ({ params, query: parameters }) => {
        const query = parseQueryParameter(parameters, true);
        const now = context.clock.now();
        const oldest = now - GLOBAL_DAYS * 86_400_000;
        const numbers = store.index
          .search(query)
          .filter((number) => (store.document(number).published ?? now) >= oldest);
        const result = computeHistogram(params.type, store.select(numbers), parameters, {
          now,
          keyIds: store.keyIds,
          clusterSizes: store.clusterSizes,
          breakdowns: BREAKDOWN_VALUES,
        });
        // Charged only for an answered call.
        context.credits.charge(HISTOGRAM_COST);
        return result;
      },
    }),
  ];
}
