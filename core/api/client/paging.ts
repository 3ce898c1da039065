// Paging through search results (gaps.md; the service's published answers): where the next page
// is and how many results there are. The service puts `pagination {next, total}` at the top level
// of the answer, `next` the request line of the next page (left out on the last); api.md's earlier
// form has it inside `result_content` with `next` a number (the next offset). Both are read.
import type { ResultsResponse } from '../schemas/projects';

type Paged = Pick<ResultsResponse, 'pagination' | 'result_content'>;

/** How many results match, if the answer says. */
export function totalOf(answer: Paged): number | undefined {
  return answer.pagination?.total ?? answer.result_content.pagination?.total;
}

/** The offset of the next page, or undefined on the last page. */
export function nextOffset(answer: Paged): number | undefined {
  const next = answer.pagination?.next ?? answer.result_content.pagination?.next;
  if (next === undefined) return undefined;
  if (typeof next === 'number') return Number.isSafeInteger(next) && next >= 0 ? next : undefined;
  return offsetIn(next);
}

/** The `offset` of a request line (`GET /api/v1/...?q=...&offset=N&...`), if it has one. */
function offsetIn(requestLine: string): number | undefined {
  const target = requestLine.replace(/^[A-Z]+\s+/, '').trim();
  let query: URLSearchParams;
  try {
    query = new URL(target, 'http://service.invalid').searchParams;
  } catch {
    return undefined;
  }
  const offset = query.get('offset');
  if (offset === null || !/^\d+$/.test(offset)) return undefined;
  return Number(offset);
}
