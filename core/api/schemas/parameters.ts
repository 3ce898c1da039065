// The query parameters of histograms, influencers and search results as a run carries them (the
// results panel's controls hold them, the extension checks them with histogramRules.ts before it
// calls): every value optional and plain, the scopes as lists. Written once, here, as zod/mini
// schemas, so that the panel's protocol composes them; the client's stricter types (parameters.ts)
// name the same keys, and test/types/parameters.ts fails the type check if the two drift apart.
import * as z from 'zod/mini';

/** topic, filter, channel, panel, dataset: each repeatable. */
export const ScopeParameters = {
  topic: z.optional(z.array(z.string())),
  filter: z.optional(z.array(z.string())),
  channel: z.optional(z.array(z.string())),
  panel: z.optional(z.array(z.string())),
  dataset: z.optional(z.array(z.string())),
};

export const HistogramRunParameters = z.object({
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  min_include: z.optional(z.boolean()),
  max_include: z.optional(z.boolean()),
  time_range: z.optional(z.string()),
  interval: z.optional(z.string()),
  timezone: z.optional(z.string()),
  breakdown: z.optional(z.string()),
  value_type: z.optional(z.string()),
  top_n: z.optional(z.number()),
  percentage_relation: z.optional(z.string()),
  tokenizing_mode: z.optional(z.string()),
  forecast_days: z.optional(z.number()),
  ...ScopeParameters,
});
export type HistogramRunParameters = z.infer<typeof HistogramRunParameters>;

export const InfluencerRunParameters = z.object({
  top_n: z.optional(z.number()),
  time_range: z.optional(z.string()),
  influencer_type: z.optional(z.string()),
  sort_criteria: z.optional(z.string()),
  ...ScopeParameters,
});
export type InfluencerRunParameters = z.infer<typeof InfluencerRunParameters>;

export const ResultsRunParameters = z.object({
  offset: z.number(),
  hpp: z.number(),
  sort_by: z.string(),
  sort_order: z.string(),
  time_range: z.optional(z.string()),
  timezone: z.optional(z.string()),
  ...ScopeParameters,
});
export type ResultsRunParameters = z.infer<typeof ResultsRunParameters>;
