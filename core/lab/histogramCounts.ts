// Counts from the API's `published` histogram, one day a bin in UTC: global data, or a project's
// (narrowed by topics and filters). Each count is one histogram call (10 credits against a
// service; the sandbox answers it too). The total is the sum of the bins, so that it is exactly
// what the sparkline shows.
import type { MediaMonitoringClient } from '../api/client/client';
import type { EndpointClass } from '../api/limits';
import type { TimeHistogramParameters } from '../api/parameters';
import type { HistogramResult } from '../api/schemas/histogram';
import type { CountRequest, CountSource, DailyCounts } from './countSource';
import { histogramOf } from './targetCalls';

/** The part of the client counting needs: tests can answer it without a service. */
export type HistogramCaller = Pick<MediaMonitoringClient, 'histograms'>;

function dailyOf(result: HistogramResult): DailyCounts {
  const days = result.data.map((bucket) => ({ start: bucket.t ?? 0, count: bucket.v[0] ?? 0 }));
  return { total: days.reduce((sum, day) => sum + day.count, 0), days };
}

/** The rate-limit class of the call that counts for `target`. */
export function countEndpointOf(target: CountRequest['target']): EndpointClass {
  return target.project === undefined ? 'globalHistogram' : 'projectHistogram';
}

export class HistogramCounts implements CountSource {
  constructor(private readonly client: HistogramCaller) {}

  async daily(request: CountRequest, signal?: AbortSignal): Promise<DailyCounts> {
    const { query, target, window } = request;
    const range: TimeHistogramParameters & { q: string } = {
      q: query,
      min: window.min,
      max: window.max,
      interval: 'day',
      timezone: 'UTC',
    };
    const answer = await histogramOf(
      this.client,
      target,
      'published',
      range,
      signal ? { signal } : {},
    );
    return dailyOf(answer.result_histogram);
  }

  async count(request: CountRequest, signal?: AbortSignal): Promise<number> {
    return (await this.daily(request, signal)).total;
  }
}
