// The calls the lab makes for a CountTarget, written once: over global data, or in a project
// narrowed by the target's topics and filters (a rule's `// @topic` and `// @filter`). Counts,
// theme clouds and result pages of one rule must read the same documents: a page of a project's
// results that left the topics out listed documents its counts did not count.
import type { MediaMonitoringClient } from '../api/client/client';
import type { CallOptions as Options } from '../api/client/endpoints/search';
import type { HistogramParametersOf } from '../api/client/endpoints/searchRequests';
import type { ProjectScope, ResultsParameters } from '../api/parameters';
import type { HistogramType } from '../api/schemas/histogram';
import type { CountTarget } from './countSource';

/** The project parameters that narrow a target: its topics and filters, when it has any. */
export function scopeOf(target: CountTarget): ProjectScope {
  return {
    ...(target.topics?.length ? { topic: target.topics } : {}),
    ...(target.filters?.length ? { filter: target.filters } : {}),
  };
}

/** A histogram of `type` over the target. */
export function histogramOf<T extends HistogramType>(
  client: Pick<MediaMonitoringClient, 'histograms'>,
  target: CountTarget,
  type: T,
  // forecast_days, which the lab never sends, written out: TypeScript cannot see that every
  // histogram type's parameters allow it, which the project call's type asks.
  parameters: HistogramParametersOf<T> & { q: string; forecast_days?: number },
  options?: Options,
) {
  return target.project === undefined
    ? client.histograms.global(type, parameters, options)
    : // Object.assign keeps the parameters' type, which a spread of a generic type loses.
      client.histograms.project(
        target.project,
        type,
        Object.assign({}, parameters, scopeOf(target)),
        options,
      );
}

/** A page of results over the target. */
export function resultsOf(
  client: Pick<MediaMonitoringClient, 'results'>,
  target: CountTarget,
  parameters: ResultsParameters & { q: string },
  options?: Options,
) {
  return target.project === undefined
    ? client.results.global(parameters, options)
    : client.results.project(target.project, { ...parameters, ...scopeOf(target) }, options);
}
