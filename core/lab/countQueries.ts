// The counts of a list of queries from a count source, a few at a time: enough to overlap the
// round trips, few enough that the client's rate governor spaces them rather than queues a burst.
// The first failure stops the rest from being asked.
import type { CountSource, CountTarget, DailyCounts } from './countSource';
import type { CountWindow } from './countWindow';

const AT_ONCE = 4;

export async function countQueries(
  source: CountSource,
  queries: readonly string[],
  target: CountTarget,
  window: CountWindow,
  signal?: AbortSignal,
): Promise<Map<string, DailyCounts>> {
  const counts = new Map<string, DailyCounts>();
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < queries.length) {
      const query = queries[next++] as string;
      try {
        counts.set(query, await source.daily({ query, target, window }, signal));
      } catch (error: unknown) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.min(AT_ONCE, queries.length) }, worker);
  await Promise.all(workers);
  return counts;
}
