// Counts kept by what decides them: the normalised query, the target and the window. A count is
// asked again only when one of these changed, and two rules sharing a query (or a rule and its
// parts) cost one call. The promise is kept, so that a count asked twice at once is one call; a
// failed count is forgotten, so that it can be asked again.
import type { CountRequest, CountSource, DailyCounts } from './countSource';
import { normalizedQuery } from './normalizedQuery';

export function cacheKeyOf(request: CountRequest): string {
  const { target, window } = request;
  return JSON.stringify([
    normalizedQuery(request.query),
    target.project ?? null,
    [...(target.topics ?? [])].sort(),
    [...(target.filters ?? [])].sort(),
    window.min,
    window.max,
  ]);
}

export class CachedCounts implements CountSource {
  private readonly kept = new Map<string, Promise<DailyCounts>>();

  constructor(private readonly source: CountSource) {}

  daily(request: CountRequest, signal?: AbortSignal): Promise<DailyCounts> {
    const key = cacheKeyOf(request);
    const known = this.kept.get(key);
    if (known) return known;
    const asked = this.source.daily(request, signal);
    this.kept.set(key, asked);
    asked.catch(() => {
      if (this.kept.get(key) === asked) this.kept.delete(key);
    });
    return asked;
  }

  async count(request: CountRequest, signal?: AbortSignal): Promise<number> {
    return (await this.daily(request, signal)).total;
  }

  /** Whether the count is known (or being asked): a caller can say a count is free. */
  has(request: CountRequest): boolean {
    return this.kept.has(cacheKeyOf(request));
  }
}
