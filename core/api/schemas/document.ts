// A result document as search results, streams, collectors and project live results deliver it
// (api.md "Stream result document"). Every field is optional, the url too: a social post found
// by search may carry only its external ids (the service's published answers show one). Parsed
// loosely: the service adds fields, and a user who sees a document raw sees them all.
import * as z from 'zod/mini';
import { maybe } from './lenient';

const Counters = z.record(z.string(), z.number());

const WorldData = z.looseObject({
  continent: maybe(z.string()),
  country: maybe(z.string()),
  region: maybe(z.string()),
  city: maybe(z.string()),
  longitude: maybe(z.number()),
  latitude: maybe(z.number()),
  country_code: maybe(z.string()),
  resolution: maybe(z.string()),
});

export const DocumentData = z.looseObject({
  url: maybe(z.string()),
  root_url: maybe(z.string()),
  domain_url: maybe(z.string()),
  host_url: maybe(z.string()),
  parent_url: maybe(z.string()),
  indexed: maybe(z.number()),
  search_indexed: maybe(z.number()),
  published: maybe(z.number()),
  title: maybe(z.string()),
  content: maybe(z.string()),
  title_snippet: maybe(z.string()),
  content_snippet: maybe(z.string()),
  lang: maybe(z.string()),
  porn_level: maybe(z.number()),
  fluency_level: maybe(z.number()),
  DEPRECATED_spam_level: maybe(z.number()),
  sentiment: maybe(z.number()),
  source_type: maybe(z.array(z.string())),
  post_type: maybe(z.array(z.string())),
  tokens_title: maybe(z.array(z.string())),
  tokens_content: maybe(z.array(z.string())),
  tokens_mention: maybe(z.array(z.string())),
  images: maybe(z.array(z.looseObject({ url: maybe(z.string()) }))),
  cluster_id: maybe(z.string()),
  tags_internal: maybe(z.array(z.string())),
  article_extended_attributes: maybe(Counters),
  source_extended_attributes: maybe(Counters),
  extra_author_attributes: maybe(
    z.looseObject({ id: maybe(z.string()), name: maybe(z.string()), gender: maybe(z.string()) }),
  ),
  extra_source_attributes: maybe(
    z.looseObject({ id: maybe(z.string()), name: maybe(z.string()), world_data: maybe(WorldData) }),
  ),
  engagement: maybe(z.number()),
  reach: maybe(z.number()),
  entity_url: maybe(
    z.array(z.looseObject({ url: maybe(z.string()), resolved_url: maybe(z.string()) })),
  ),
  matched: maybe(z.looseObject({ appearance: maybe(z.string()) })),
  word_count: maybe(z.number()),
  trending_score: maybe(z.number()),
  /** The topics of the project the document matched (search results, a project's live read). */
  matched_profile: maybe(z.array(z.string())),
  /** A social post's ids at its network, when the service has no url for it. */
  external_id: maybe(z.string()),
  external_author_id: maybe(z.string()),
  external_provider: maybe(z.string()),
});
export type DocumentData = z.infer<typeof DocumentData>;

/** A project of the token that a document was exported from (gaps.md). */
export const ProjectProfile = z.looseObject({ id: z.string(), title: maybe(z.string()) });

export const HighlightedData = z.looseObject({
  title_snippet: maybe(z.string()),
  content_snippet: maybe(z.string()),
  matched: maybe(
    z.looseObject({
      rule_id: maybe(z.string()),
      stream_id: maybe(z.string()),
      collector_query_ids: maybe(z.array(z.string())),
      project_profiles: maybe(z.array(ProjectProfile)),
    }),
  ),
});
export type HighlightedData = z.infer<typeof HighlightedData>;

/** `{data, highlighted_data}`: a document with why it matched (the service may leave out why). */
export const ResultDocument = z.object({
  data: DocumentData,
  highlighted_data: maybe(z.array(HighlightedData)),
});
export type ResultDocument = z.infer<typeof ResultDocument>;
