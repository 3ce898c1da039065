// Search operations (api.md "Histogram (global data)", "Histogram inside a project", "Top
// influencers"; gaps.md search results) and credits, called through the contract. Their
// parameters, typed per histogram type, are in searchRequests.ts.
import { CONTRACT } from '../../contract';
import type { HistogramType } from '../../parameterValues';
import type { Transport } from '../transport';
import type {
  HistogramParametersOf,
  InfluencerParameters,
  ProjectResultsParameters,
  ProjectScope,
  ResultsParameters,
} from './searchRequests';

export * from './searchRequests';

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Stops the call only while it waits for the rate limit (transport.ts `stopWaiting`). */
  readonly stopWaiting?: AbortSignal;
}

export function globalHistogram<T extends HistogramType>(
  transport: Transport,
  type: T,
  parameters: HistogramParametersOf<T> & { q: string },
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.globalHistogram,
    { params: { type }, query: parameters },
    options,
  );
}

export function projectHistogram<T extends HistogramType>(
  transport: Transport,
  project: string,
  type: T,
  parameters: HistogramParametersOf<T> & ProjectScope & { forecast_days?: number } = {} as never,
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.projectHistogram,
    { params: { project, type }, query: parameters },
    options,
  );
}

export function topInfluencers(
  transport: Transport,
  project: string,
  parameters: InfluencerParameters = {},
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.topInfluencers,
    { params: { project }, query: parameters },
    options,
  );
}

/** Search results of a project: 10 credits and 1 per result. */
export function projectResults(
  transport: Transport,
  project: string,
  parameters: ProjectResultsParameters = {},
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.projectResults,
    { params: { project }, query: parameters },
    options,
  );
}

/** Search results over global data (the last 30 days): 10 credits and 1 per result. */
export function globalResults(
  transport: Transport,
  parameters: ResultsParameters & { q: string },
  options: CallOptions = {},
) {
  return transport.invoke(CONTRACT.globalResults, { params: {}, query: parameters }, options);
}

export function credits(transport: Transport, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.credits, { params: {} }, options);
}
