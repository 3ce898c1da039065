// Histograms and distributions (api.md "Histogram result", "Histogram (global data)").
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { list, maybe } from './lenient';

// The parameters' values live in ../parameterValues.ts (no zod, shared with the panel's bundle).
export {
  BREAKDOWNS,
  CALENDAR_INTERVALS,
  DISTRIBUTION_TYPES,
  FIXED_INTERVAL,
  HISTOGRAM_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  TIME_RANGE,
  TIME_TYPES,
  TOKENIZING_MODES,
  TOP_N_TYPES,
} from '../parameterValues';
export type { HistogramType, NumericType, TimeType } from '../parameterValues';

/**
 * A bucket's statistics. The service leaves out `min`, `max` and `avg` of an empty bucket (and
 * `sum` may be absent too); a `null` reads as absent.
 */
export const Statistics = z.object({
  count: z.number(),
  min: maybe(z.number()),
  max: maybe(z.number()),
  avg: maybe(z.number()),
  sum: maybe(z.number()),
});
export type Statistics = z.infer<typeof Statistics>;

export const RegionKey = z.looseObject({
  country_code: maybe(z.string()),
  region: maybe(z.string()),
  short_id: maybe(z.string()),
  city: maybe(z.string()),
});

export const Bucket = z.object({
  t: maybe(z.number()),
  k: maybe(z.number()),
  ks: maybe(z.string()),
  key: maybe(RegionKey),
  v: z.array(z.number()),
  val: maybe(z.array(Statistics)),
});
export type Bucket = z.infer<typeof Bucket>;

export const ForecastBucket = z.extend(Bucket, {
  min_confidence: list(z.number()),
  max_confidence: list(z.number()),
});

export const HistogramResult = z.object({
  header: maybe(z.object({ v: list(z.string()) })),
  data: list(Bucket),
  total_hits: maybe(z.number()),
  forecast: maybe(
    z.object({
      header: maybe(z.object({ v: list(z.string()) })),
      data: list(ForecastBucket),
    }),
  ),
});
export type HistogramResult = z.infer<typeof HistogramResult>;

export const HistogramResponse = envelope('result_histogram', HistogramResult);
export type HistogramResponse = z.infer<typeof HistogramResponse>;

export const Influencer = z.object({
  matched_topics: list(z.object({ topic_id: z.string(), posts_amount: maybe(z.number()) })),
  details: z.object({ id: z.string(), name: maybe(z.string()), url: maybe(z.string()) }),
  network: maybe(z.string()),
  posts: maybe(z.number()),
  sentiment: maybe(
    z.object({
      positive: maybe(z.number()),
      negative: maybe(z.number()),
      neutral: maybe(z.number()),
    }),
  ),
  reach: maybe(z.number()),
  reach_per_mention: maybe(z.number()),
  engagement: maybe(z.number()),
  engagement_per_mention: maybe(z.number()),
});
export type Influencer = z.infer<typeof Influencer>;

export const TopInfluencersResult = z.object({
  influencers: list(Influencer),
  influencer_type: maybe(z.string()),
  sort_criteria: maybe(z.string()),
});
export const TopInfluencersResponse = envelope('result_top_influencers', TopInfluencersResult);
export type TopInfluencersResponse = z.infer<typeof TopInfluencersResponse>;
