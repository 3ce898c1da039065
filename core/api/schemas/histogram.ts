// Histograms and distributions (api.md "Histogram result", "Histogram (global data)").
import { z } from 'zod';
import { envelope } from './envelope';

// The parameters' values live in ../parameterValues.ts (no zod, shared with the panel's bundle).
export {
  BREAKDOWNS,
  CALENDAR_INTERVALS,
  DISTRIBUTION_TYPES,
  FIXED_INTERVAL,
  HISTOGRAM_TYPES,
  INFLUENCER_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  SORT_CRITERIA,
  TIME_RANGE,
  TIME_TYPES,
  TOKENIZING_MODES,
  TOP_N_TYPES,
} from '../parameterValues';
export type {
  DistributionType,
  HistogramType,
  NumericType,
  TimeType,
  TopNType,
} from '../parameterValues';
import type {
  BREAKDOWNS,
  NumericType,
  PERCENTAGE_RELATIONS,
  TOKENIZING_MODES,
} from '../parameterValues';

export const Statistics = z.object({
  count: z.number().int(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  avg: z.number().nullable().optional(),
  sum: z.number().nullable().optional(),
});
export type Statistics = z.infer<typeof Statistics>;

export const RegionKey = z.object({
  country_code: z.string(),
  region: z.string(),
  short_id: z.string(),
  city: z.string().optional(),
});

export const Bucket = z.object({
  t: z.number().int().optional(),
  k: z.number().optional(),
  ks: z.string().optional(),
  key: RegionKey.optional(),
  v: z.array(z.number()),
  val: z.array(Statistics).optional(),
});
export type Bucket = z.infer<typeof Bucket>;

export const ForecastBucket = Bucket.extend({
  min_confidence: z.array(z.number()),
  max_confidence: z.array(z.number()),
});

export const HistogramResult = z.object({
  header: z.object({ v: z.array(z.string()) }).optional(),
  data: z.array(Bucket),
  total_hits: z.number().int().optional(),
  forecast: z
    .object({
      header: z.object({ v: z.array(z.string()) }).optional(),
      data: z.array(ForecastBucket),
    })
    .optional(),
});
export type HistogramResult = z.infer<typeof HistogramResult>;

export const HistogramResponse = envelope('result_histogram', HistogramResult);
export type HistogramResponse = z.infer<typeof HistogramResponse>;

/** Query parameters shared by the global and the project histogram. */
export interface HistogramParameters {
  q?: string;
  min?: number;
  max?: number;
  min_include?: boolean;
  max_include?: boolean;
  interval?: string;
  timezone?: string;
  breakdown?: (typeof BREAKDOWNS)[number];
  value_type?: NumericType;
  top_n?: number;
  percentage_relation?: (typeof PERCENTAGE_RELATIONS)[number];
  tokenizing_mode?: (typeof TOKENIZING_MODES)[number];
  time_range?: string;
}

/** Additional parameters of the project histogram. */
export interface ProjectHistogramParameters extends HistogramParameters {
  forecast_days?: number;
  topic?: string[];
  filter?: string[];
  channel?: string[];
  panel?: string[];
  dataset?: string[];
}

export const Influencer = z.object({
  matched_topics: z.array(z.object({ topic_id: z.string(), posts_amount: z.number().int() })),
  details: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  network: z.string(),
  posts: z.number().int(),
  sentiment: z.object({
    positive: z.number().int(),
    negative: z.number().int(),
    neutral: z.number().int(),
  }),
  reach: z.number(),
  reach_per_mention: z.number(),
  engagement: z.number(),
  engagement_per_mention: z.number(),
});
export type Influencer = z.infer<typeof Influencer>;

export const TopInfluencersResult = z.object({
  influencers: z.array(Influencer),
  influencer_type: z.string(),
  sort_criteria: z.string(),
});
export const TopInfluencersResponse = envelope('result_top_influencers', TopInfluencersResult);
export type TopInfluencersResponse = z.infer<typeof TopInfluencersResponse>;
