// One page of search results, as the service answers it (gaps.md "Projects, topics, tags,
// uploads"; the service's published answers): the documents sorted and cut to `offset`/`hpp`, each
// with its matched words marked in its own title and content snippets, and beside the payload
// `pagination {next, total}`: `next` the request line of the next page (this request with the
// offset moved on, the token masked), left out on the last page. `hpp=0` answers the total alone.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_RESULTS_PER_PAGE } from '../../core/api/costs';
import { HITS_PER_PAGE_MAX, RESULT_WINDOW } from '../../core/api/histogramRules';
import { SORT_BY, SORT_ORDERS } from '../../core/api/parameterValues';
import type { QueryNode } from '../../core/query/ast';
import { highlight } from '../../core/query/matcher';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { boolean, integer, oneOf, type QueryParameters } from '../analytics/parameters';
import { echoedRequestLine } from '../http/envelope';
import { badParameter } from '../http/failure';

export interface PageRequest {
  readonly parameters: QueryParameters;
  readonly request: FastifyRequest;
  /** What the snippets mark: the query and, in a project, the selected topics' lines. */
  readonly marked: readonly (QueryNode | null)[];
  /** A project's topics each document matched (`matched_profile`), when in a project. */
  readonly profileOf?: (document: AnalyticsDocument) => readonly string[];
}

/** `offset` and `hpp`, checked as the service checks them. */
function window(parameters: QueryParameters): { offset: number; hpp: number } {
  const offset = integer(parameters, 'offset') ?? 0;
  const hpp = integer(parameters, 'hpp') ?? DEFAULT_RESULTS_PER_PAGE;
  if (offset < 0) throw badParameter('offset', 'must not be negative');
  if (hpp < 0 || hpp > HITS_PER_PAGE_MAX)
    throw badParameter('hpp', `hits per page run from 0 to ${HITS_PER_PAGE_MAX}`);
  if (offset + hpp > RESULT_WINDOW)
    throw badParameter('offset', `offset + hpp may be at most ${RESULT_WINDOW}`);
  return { offset, hpp };
}

/** This request's line with `offset` set to `offset`, as the service writes `next`. */
function lineAt(request: FastifyRequest, offset: number): string {
  const url = new URL(request.url, 'http://sandbox');
  url.searchParams.set('offset', String(offset));
  return echoedRequestLine(request.method, `${url.pathname}${url.search}`);
}

/** Checks the page's parameters before anything is searched (a refusal costs nothing). */
export function checkPage(parameters: QueryParameters): void {
  window(parameters);
  oneOf(parameters, 'sort_by', SORT_BY);
  oneOf(parameters, 'sort_order', SORT_ORDERS);
  boolean(parameters, 'hl', true);
}

export function resultsPage(documents: readonly AnalyticsDocument[], page: PageRequest) {
  const { parameters } = page;
  const { offset, hpp } = window(parameters);
  const sortBy = oneOf(parameters, 'sort_by', SORT_BY) ?? 'engagement';
  const direction = (oneOf(parameters, 'sort_order', SORT_ORDERS) ?? 'desc') === 'asc' ? 1 : -1;
  const marks = boolean(parameters, 'hl', true);
  const sorted = [...documents].sort(
    (a, b) =>
      direction * ((a[sortBy] ?? 0) - (b[sortBy] ?? 0)) || (a.url ?? '').localeCompare(b.url ?? ''),
  );
  const data = sorted.slice(offset, offset + hpp).map((document) => {
    const profile = page.profileOf?.(document) ?? [];
    return {
      data: {
        ...document,
        ...(marks ? highlight(page.marked, document) : {}),
        ...(profile.length > 0 ? { matched_profile: [...profile] } : {}),
      },
    };
  });
  const next = offset + hpp;
  return {
    payload: { data },
    beside: {
      pagination: {
        ...(hpp > 0 && next < sorted.length ? { next: lineAt(page.request, next) } : {}),
        total: sorted.length,
      },
    },
  };
}
