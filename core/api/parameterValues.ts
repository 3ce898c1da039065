// The values each histogram, influencer and results parameter accepts (api.md "Histogram (global
// data)", "Top influencers"; gaps.md results), as plain lists with no zod: the schemas re-export
// them, and the results panel's bundle uses them through histogramRules.ts without pulling in
// full zod.

export const TIME_TYPES = ['published', 'search_indexed'] as const;
export const NUMERIC_TYPES = [
  'reach',
  'engagement',
  'netA_shares',
  'netA_likes',
  'netB_retweets',
  'netB_shares',
  'netB_likes',
  'netB_followers',
  'netB_impressions',
  'netB_video_views',
  'netC_likes',
  'netD_views',
  'netD_likes',
  'netD_dislikes',
  'comment_count',
  'cluster_size',
] as const;
export const TOP_N_TYPES = [
  'language',
  'country',
  'source_region',
  'source_city',
  'gender',
  'hashtag',
  'emoji',
  'theme_cloud',
  'interest',
  'occupation',
] as const;
export const DISTRIBUTION_TYPES = ['age', 'unique_author', 'sentiment'] as const;
export const HISTOGRAM_TYPES = [
  ...TIME_TYPES,
  ...NUMERIC_TYPES,
  ...TOP_N_TYPES,
  ...DISTRIBUTION_TYPES,
] as const;

export type TimeType = (typeof TIME_TYPES)[number];
export type NumericType = (typeof NUMERIC_TYPES)[number];
export type TopNType = (typeof TOP_N_TYPES)[number];
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];
export type HistogramType = (typeof HISTOGRAM_TYPES)[number];

export const BREAKDOWNS = ['sentiment', 'sourcetype', 'country', 'topic', 'channel'] as const;
/** Breakdowns only project histograms have. */
export const PROJECT_BREAKDOWNS = ['topic', 'channel'] as const;
export const PERCENTAGE_RELATIONS = ['breakdown', 'query', 'total'] as const;
export const TOKENIZING_MODES = [
  'normal',
  'two_gram',
  'three_gram',
  'noun_phrase',
  'verb_phrase',
] as const;
export const CALENDAR_INTERVALS = [
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
] as const;
/** `5d`, `2w`, `12h`, `30m`, `10s`. */
export const FIXED_INTERVAL = /^(\d+)([wdhms])$/;
/** `time_range`: `7d`, `1M`, `12h`, … */
export const TIME_RANGE = /^(\d+)([smhdwM])$/;

export const INFLUENCER_TYPES = ['author', 'source'] as const;
export const SORT_CRITERIA = [
  'total',
  'positive',
  'negative',
  'neutral',
  'reach',
  'engagement',
  'engagement_per_mention',
  'reach_per_mention',
] as const;

/** Topic results (gaps.md): what they sort by, and in which order. */
export const SORT_BY = ['engagement', 'published', 'search_indexed', 'reach'] as const;
export const SORT_ORDERS = ['desc', 'asc'] as const;

/** The project parameters that narrow a call, each repeatable. */
export const PROJECT_SCOPES = ['topic', 'filter', 'channel', 'panel', 'dataset'] as const;

/** Collector reads: where to start, and what to do at the end of the buffer. */
export const RESUME_OFFSETS = ['earliest', 'latest'] as const;
export const END_BEHAVIOURS = ['stop', 'wait'] as const;
