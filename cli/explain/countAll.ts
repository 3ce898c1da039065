// The counts `mmq explain` needs, each query once, through the service's histogram; the client
// is closed whatever happens, and the service's refusals end the command as for every API
// command (exit 1 naming the code; exit 2 when it does not answer).
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { CachedCounts } from '../../core/lab/countCache';
import { countQueries } from '../../core/lab/countQueries';
import type { CountTarget, DailyCounts } from '../../core/lab/countSource';
import type { CountWindow } from '../../core/lab/countWindow';
import { HistogramCounts } from '../../core/lab/histogramCounts';
import { calling } from '../api/connect';

/** Every count, each query once, through the service's histogram. */
export async function countAll(
  client: MediaMonitoringClient,
  queries: readonly string[],
  target: CountTarget,
  window: CountWindow,
): Promise<Map<string, DailyCounts>> {
  try {
    const source = new CachedCounts(new HistogramCounts(client));
    return await calling('counting', () => countQueries(source, queries, target, window));
  } finally {
    await client.close();
  }
}
