// The requests of the search endpoints (api.md "Histogram (global data)", "Histogram inside a
// project", "Top influencers"; gaps.md topic results) with their parameters, typed per histogram
// type, and no response schema: what a caller needs to make or to show a request (search.ts makes
// the calls; the results panel shows one as curl) without loading zod.
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
import type { SORT_BY } from '../../schemas/projects';
import type { EndpointClass } from '../../limits';
import type { QueryValue } from '../transport';

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
