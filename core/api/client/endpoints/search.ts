// Search endpoints (api.md "Histogram (global data)", "Histogram inside a project", "Top
// influencers"; gaps.md topic results) and credits. Their requests and parameters, typed per
// histogram type, are in searchRequests.ts.
import type { HistogramType } from '../../schemas/histogram';
import { HistogramResponse, TopInfluencersResponse } from '../../schemas/histogram';
import { ResultsResponse } from '../../schemas/projects';
import { CreditsResponse } from '../../schemas/tasks';
import type { Transport } from '../transport';
import {
  globalHistogramRequest,
  projectHistogramRequest,
  projectResultsRequest,
  topInfluencersRequest,
  type HistogramParametersOf,
  type InfluencerParameters,
  type ProjectScope,
  type ResultsParameters,
} from './searchRequests';

export * from './searchRequests';

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Stops the call only while it waits for the rate limit (transport.ts `stopWaiting`). */
  readonly stopWaiting?: AbortSignal;
}

const withSignal = (options: CallOptions) => ({
  ...(options.signal ? { signal: options.signal } : {}),
  ...(options.stopWaiting ? { stopWaiting: options.stopWaiting } : {}),
});

export function globalHistogram<T extends HistogramType>(
  transport: Transport,
  type: T,
  parameters: HistogramParametersOf<T> & { q: string },
  options: CallOptions = {},
) {
  return transport.call({
    ...globalHistogramRequest(type, parameters),
    schema: HistogramResponse,
    ...withSignal(options),
  });
}

export function projectHistogram<T extends HistogramType>(
  transport: Transport,
  project: string,
  type: T,
  parameters: HistogramParametersOf<T> & ProjectScope & { forecast_days?: number } = {} as never,
  options: CallOptions = {},
) {
  return transport.call({
    ...projectHistogramRequest(project, type, parameters),
    schema: HistogramResponse,
    ...withSignal(options),
  });
}

export function topInfluencers(
  transport: Transport,
  project: string,
  parameters: InfluencerParameters = {},
  options: CallOptions = {},
) {
  return transport.call({
    ...topInfluencersRequest(project, parameters),
    schema: TopInfluencersResponse,
    ...withSignal(options),
  });
}

export function projectResults(
  transport: Transport,
  project: string,
  parameters: ResultsParameters = {},
  options: CallOptions = {},
) {
  return transport.call({
    ...projectResultsRequest(project, parameters),
    schema: ResultsResponse,
    ...withSignal(options),
  });
}

export function credits(transport: Transport, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: '/api/v1/status/credits',
    schema: CreditsResponse,
    endpoint: 'credits',
    ...withSignal(options),
  });
}

export { withSignal };
