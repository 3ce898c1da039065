// A count source over a list of documents, counted with core/query's matcher: what the sandbox
// does, without HTTP, so that the lab's arithmetic can be checked against brute force. It
// records every query it was asked, to count calls.
import type { CountRequest, CountSource, DailyCounts } from '../../../../core/lab/countSource';
import type { MatchableDocument } from '../../../../core/query/document';
import { matches } from '../../../../core/query/matcher';
import { parseQuery } from '../../../../core/query/parser';

export class MatcherCounts implements CountSource {
  readonly asked: string[] = [];

  constructor(private readonly documents: readonly MatchableDocument[]) {}

  matching(query: string): MatchableDocument[] {
    const parsed = parseQuery(query);
    if (parsed.issues.length > 0) throw new Error(`the lab sent a query with errors: ${query}`);
    return this.documents.filter((document) => matches(parsed.query, document));
  }

  daily(request: CountRequest): Promise<DailyCounts> {
    this.asked.push(request.query);
    const total = this.matching(request.query).length;
    return Promise.resolve({ total, days: [{ start: request.window.min, count: total }] });
  }

  async count(request: CountRequest): Promise<number> {
    return (await this.daily(request)).total;
  }
}

/** Documents whose content is the given words: one document per string. */
export function documentsOf(contents: readonly string[]): MatchableDocument[] {
  return contents.map((content, index) => ({ title: `doc ${index}`, content }));
}
