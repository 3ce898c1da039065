// The query parameters of each operation, as types (api.md, gaps.md, and the service's published
// description). contract.ts names them per operation; the client's calls take them; no runtime
// code here, so that anything may import it.
import type {
  BREAKDOWNS,
  CALENDAR_INTERVALS,
  END_BEHAVIOURS,
  INFLUENCER_TYPES,
  NumericType,
  PERCENTAGE_RELATIONS,
  SORT_BY,
  SORT_CRITERIA,
  SORT_ORDERS,
  TOKENIZING_MODES,
} from './parameterValues';

type OneOf<List extends readonly string[]> = List[number];

/** e.g. `7d`, `12h`, `3M`. */
export type TimeRange = `${number}${'s' | 'm' | 'h' | 'd' | 'w' | 'M'}`;

interface Ranged {
  min?: number;
  max?: number;
  min_include?: boolean;
  max_include?: boolean;
}

interface Common {
  /** Required globally; optional in a project. */
  q?: string;
  time_range?: TimeRange;
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

/** The parameters of any histogram type (the client narrows them per type). */
export type AnyHistogramParameters =
  TimeHistogramParameters | NumericHistogramParameters | DistributionParameters;

/** What narrows a project call: topics, filters, channels, panels, datasets (all repeatable). */
export interface ProjectScope {
  topic?: readonly string[];
  filter?: readonly string[];
  channel?: readonly string[];
  panel?: readonly string[];
  dataset?: readonly string[];
}

export type ProjectHistogramParameters = AnyHistogramParameters &
  ProjectScope & { forecast_days?: number };

export interface InfluencerParameters extends ProjectScope {
  q?: string;
  top_n?: number;
  time_range?: TimeRange;
  influencer_type?: OneOf<typeof INFLUENCER_TYPES>;
  sort_criteria?: OneOf<typeof SORT_CRITERIA>;
}

/** Search results, global or of a project (gaps.md; the service's published description). */
export interface ResultsParameters {
  q?: string;
  offset?: number;
  /** Hits per page, 0 to 500; 0 answers the total alone. */
  hpp?: number;
  sort_by?: OneOf<typeof SORT_BY>;
  sort_order?: OneOf<typeof SORT_ORDERS>;
  time_range?: TimeRange;
  timezone?: string;
  /** Highlighting of the matched words (default true). */
  hl?: boolean;
}

export type ProjectResultsParameters = ResultsParameters & ProjectScope;

/** AI summaries (not emulated by the sandbox). */
export interface SummaryParameters extends ProjectScope {
  q?: string;
  custom_focus?: string;
  timezone?: string;
  time_range?: TimeRange;
}

/** `type=search,filter,dataset,…`, comma-separated. */
export interface ResourcesParameters {
  type?: string;
}

/** Uploads (api.md; the published description lists the `proc_*` switches too). */
export interface UploadParameters {
  return_entry?: 'show' | 'hide';
  annotate?: string;
}

export interface DetectParameters {
  image_url?: string;
  /** Logo ids, comma-separated. */
  detect?: string;
}

/** A stream's results: an extra query ANDed with every rule, and where to stop. */
export interface StreamReadParameters {
  q?: string;
  max_hits?: number;
}

/** A project's live results: narrowed like other project calls. */
export type ProjectLiveParameters = StreamReadParameters & Omit<ProjectScope, 'channel'>;

export interface CollectorReadParameters {
  /** `earliest`, `latest` or a token from a control chunk. */
  resume_offset?: string;
  end_behaviour?: OneOf<typeof END_BEHAVIOURS>;
  max_hits?: number;
}

/** Operations that take no query parameter. */
export type NoParameters = Record<never, never>;
