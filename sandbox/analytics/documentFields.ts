// How each histogram type reads a document: the time of time histograms, the metric of numeric
// ones, the keys of distributions, and the values of breakdowns (api.md "Histogram result").
import type { NumericType } from '../../core/api/schemas/histogram';
import type { MatchableDocument } from '../../core/query/document';
import { tokenize } from '../../core/query/normalize';

/** What analytics reads beyond query matching: api.md's document fields. */
export type AnalyticsDocument = MatchableDocument & {
  readonly article_extended_attributes?: Readonly<Record<string, number>>;
  readonly extra_source_attributes?: {
    readonly world_data?: { readonly region?: string; readonly city?: string };
  };
  readonly cluster_id?: string;
};

/** The numeric types read off the document itself; `cluster_size` counts the document's cluster. */
export type DocumentMetric = Exclude<NumericType, 'cluster_size'>;

/** A metric's value on a document; only a number counts (columns.ts). */
export function metricOf(type: DocumentMetric): (document: AnalyticsDocument) => unknown {
  switch (type) {
    case 'reach':
      return (document) => document.reach;
    case 'engagement':
      return (document) => document.engagement;
    case 'comment_count':
      return (document) => document.article_extended_attributes?.num_comments;
    default:
      return (document) => document.article_extended_attributes?.[type];
  }
}

/** The cluster a document belongs to, as a key list: none, or its `cluster_id`. */
export function clusterOf(document: AnalyticsDocument): readonly string[] {
  const id: unknown = document.cluster_id;
  return typeof id === 'string' && id !== '' ? [id] : [];
}

export const SENTIMENT_ORDER = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const;

export function sentimentOf(document: AnalyticsDocument): string {
  const sentiment = document.sentiment ?? 0;
  return sentiment > 0 ? 'POSITIVE' : sentiment < 0 ? 'NEGATIVE' : 'NEUTRAL';
}

const world = (document: AnalyticsDocument) => document.extra_source_attributes?.world_data;
const countryOf = (document: AnalyticsDocument) =>
  (world(document)?.country_code ?? '').toUpperCase();
const groups = (prefix: string) => (document: AnalyticsDocument) =>
  (document.demographics ?? []).filter((group) => group.startsWith(prefix));
const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

/** Keys of the distribution types (stores keep them as ids: keyIds.ts); a region key is `CC\u0000region`, a city key adds `\u0000city`. */
export const DISTRIBUTION_KEYS: Readonly<
  Record<string, (document: AnalyticsDocument) => readonly string[]>
> = {
  language: (document) => [document.lang || 'en'],
  country: (document) => [countryOf(document)].filter((code) => code !== ''),
  source_region: (document) =>
    world(document)?.region ? [`${countryOf(document)}\u0000${world(document)?.region ?? ''}`] : [],
  source_city: (document) =>
    world(document)?.city
      ? [
          `${countryOf(document)}\u0000${world(document)?.region ?? ''}\u0000${world(document)?.city ?? ''}`,
        ]
      : [],
  // api.md: an undetermined-gender bucket exists, named UNKNOWN.
  gender: (document) => [
    (document.extra_author_attributes?.gender ?? '').toUpperCase() || 'UNKNOWN',
  ],
  hashtag: (document) =>
    tokenize(`${document.title ?? ''} ${document.content ?? ''}`).filter((word) =>
      word.startsWith('#'),
    ),
  emoji: (document) =>
    [...`${document.title ?? ''} ${document.content ?? ''}`.matchAll(EMOJI)].map(
      (match) => match[0],
    ),
  interest: groups('interest-'),
  occupation: groups('occupation-'),
  age: groups('age-'),
  sentiment: (document) => [sentimentOf(document)],
  unique_author: (document) =>
    [document.extra_author_attributes?.id ?? document.extra_author_attributes?.name ?? ''].filter(
      (id) => id !== '',
    ),
};

/** A region or city key as the `key` object of api.md. */
export function regionKey(key: string): {
  country_code: string;
  region: string;
  short_id: string;
  city?: string;
} {
  const [country = '', region = '', city] = key.split('\u0000');
  const slug = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-');
  return {
    country_code: country,
    region,
    short_id: `${country.toLowerCase()}-${slug(region)}${city ? `-${slug(city)}` : ''}`,
    ...(city ? { city } : {}),
  };
}

export const BREAKDOWN_VALUES: Readonly<
  Record<string, (document: AnalyticsDocument) => readonly string[]>
> = {
  sentiment: (document) => [sentimentOf(document)],
  sourcetype: (document) => [
    ...new Set((document.source_type ?? []).map((type) => type.split('_')[0] ?? type)),
  ],
  country: (document) => [countryOf(document)].filter((code) => code !== ''),
};
