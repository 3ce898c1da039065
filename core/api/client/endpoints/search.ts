// Search endpoints (api.md "Histogram (global data)", "Histogram inside a project", "Top
// influencers"; gaps.md topic results) and credits. Histogram parameters are typed per type.
import type {
  BREAKDOWNS,
  CALENDAR_INTERVALS,
  DistributionType,
  HistogramType,
  INFLUENCER_TYPES,
  NumericType,
  PERCENTAGE_RELATIONS,
  SORT_CRITERIA,
  TimeType,
  TOKENIZING_MODES,
  TopNType,
} from '../../schemas/histogram';
import { HistogramResponse, TopInfluencersResponse } from '../../schemas/histogram';
import { ResultsResponse, type SORT_BY } from '../../schemas/projects';
import { CreditsResponse } from '../../schemas/tasks';
import type { QueryValue, Transport } from '../transport';
import type { EndpointClass } from '../../limits';

type OneOf<List extends readonly string[]> = List[number];

interface Ranged {
  min?: number;
  max?: number;
  min_include?: boolean;
  max_include?: boolean;
}

interface Common {
  /** Required globally; optional in a project. */
  q?: string;
  /** e.g. `7d`, `12h`, `3M`. */
  time_range?: `${number}${'s' | 'm' | 'h' | 'd' | 'w' | 'M'}`;
}

/** published, search_indexed: calendar or fixed intervals, a timezone, breakdowns, statistics. */
export interface TimeHistogramParameters extends Common, Ranged {
  interval?: OneOf<typeof CALENDAR_INTERVALS> | `${number}${'w' | 'd' | 'h' | 'm' | 's'}`;
  timezone?: string;
  breakdown?: OneOf<typeof BREAKDOWNS>;
  value_type?: NumericType;
}

/** reach, engagement, the net counters: a numeric interval. */
export interface NumericHistogramParameters extends Common, Ranged {
  interval?: number;
}

/** Top-N and fixed distributions. */
export interface DistributionParameters extends Common {
  top_n?: number;
  percentage_relation?: OneOf<typeof PERCENTAGE_RELATIONS>;
  tokenizing_mode?: OneOf<typeof TOKENIZING_MODES>;
}

export type HistogramParametersOf<T extends HistogramType> = T extends TimeType
  ? TimeHistogramParameters
  : T extends NumericType
    ? NumericHistogramParameters
    : T extends TopNType | DistributionType
      ? DistributionParameters
      : never;

/** What narrows a project call: topics, filters, channels, panels, datasets (all repeatable). */
export interface ProjectScope {
  topic?: readonly string[];
  filter?: readonly string[];
  channel?: readonly string[];
  panel?: readonly string[];
  dataset?: readonly string[];
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

const withSignal = (options: CallOptions) => (options.signal ? { signal: options.signal } : {});
const query = (parameters: object): Record<string, QueryValue> =>
  parameters as Record<string, QueryValue>;

/** A GET request as the transport sends it, without the token: for a call, or to show as curl. */
export interface RequestLine {
  readonly method: 'GET';
  readonly path: string;
  readonly query: Readonly<Record<string, QueryValue>>;
  readonly endpoint: EndpointClass;
}

export function globalHistogramRequest<T extends HistogramType>(
  type: T,
  parameters: HistogramParametersOf<T> & { q: string },
): RequestLine {
  return {
    method: 'GET',
    path: `/api/v1/search/histogram/${encodeURIComponent(type)}`,
    query: query(parameters),
    endpoint: 'globalHistogram',
  };
}

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

export function projectHistogramRequest<T extends HistogramType>(
  project: string,
  type: T,
  parameters: HistogramParametersOf<T> & ProjectScope & { forecast_days?: number } = {} as never,
): RequestLine {
  return {
    method: 'GET',
    path: `/api/v1/search/p/${encodeURIComponent(project)}/histogram/${encodeURIComponent(type)}`,
    query: query(parameters),
    endpoint: 'projectHistogram',
  };
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

export interface InfluencerParameters extends ProjectScope {
  q?: string;
  top_n?: number;
  time_range?: Common['time_range'];
  influencer_type?: OneOf<typeof INFLUENCER_TYPES>;
  sort_criteria?: OneOf<typeof SORT_CRITERIA>;
}

export function topInfluencersRequest(
  project: string,
  parameters: InfluencerParameters = {},
): RequestLine {
  return {
    method: 'GET',
    path: `/api/v1/search/p/${encodeURIComponent(project)}/histogram/top_influencers`,
    query: query(parameters),
    endpoint: 'projectHistogram',
  };
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

export interface ResultsParameters {
  q?: string;
  topic?: readonly string[];
  offset?: number;
  /** Hits per page, 1 to 500. */
  hpp?: number;
  sort_by?: OneOf<typeof SORT_BY>;
  sort_order?: 'asc' | 'desc';
}

export function projectResultsRequest(
  project: string,
  parameters: ResultsParameters = {},
): RequestLine {
  return {
    method: 'GET',
    path: `/api/v1/search/p/${encodeURIComponent(project)}/results`,
    query: query(parameters),
    endpoint: 'projectResults',
  };
}

/** Search results of a project (gaps.md): 10 credits and 1 per result. */
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
