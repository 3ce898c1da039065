// A result document as streams, collectors and topic results deliver it (api.md "Stream result
// document"). Parsed loosely: the service may add fields, and a client must not break on them.
import { z } from 'zod';

const Counters = z.record(z.string(), z.number());

export const DocumentData = z
  .object({
    url: z.string(),
    root_url: z.string().optional(),
    domain_url: z.string().optional(),
    host_url: z.string().optional(),
    parent_url: z.string().optional(),
    indexed: z.number().optional(),
    search_indexed: z.number().optional(),
    published: z.number().optional(),
    title: z.string().optional(),
    content: z.string().optional(),
    title_snippet: z.string().optional(),
    content_snippet: z.string().optional(),
    lang: z.string().optional(),
    porn_level: z.number().optional(),
    fluency_level: z.number().optional(),
    DEPRECATED_spam_level: z.number().optional(),
    sentiment: z.number().optional(),
    source_type: z.array(z.string()).optional(),
    post_type: z.array(z.string()).optional(),
    tokens_title: z.array(z.string()).optional(),
    tokens_content: z.array(z.string()).optional(),
    tokens_mention: z.array(z.string()).optional(),
    images: z.array(z.object({ url: z.string() }).loose()).optional(),
    cluster_id: z.string().optional(),
    tags_internal: z.array(z.string()).optional(),
    article_extended_attributes: Counters.optional(),
    source_extended_attributes: Counters.optional(),
    extra_author_attributes: z
      .object({
        id: z.string().optional(),
        name: z.string().optional(),
        gender: z.string().optional(),
      })
      .loose()
      .optional(),
    extra_source_attributes: z
      .object({
        id: z.string().optional(),
        name: z.string().optional(),
        world_data: z
          .object({
            continent: z.string().optional(),
            country: z.string().optional(),
            region: z.string().optional(),
            city: z.string().optional(),
            longitude: z.number().optional(),
            latitude: z.number().optional(),
            country_code: z.string().optional(),
            resolution: z.string().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    engagement: z.number().optional(),
    reach: z.number().optional(),
    entity_url: z
      .array(z.object({ url: z.string(), resolved_url: z.string().optional() }))
      .optional(),
    matched: z.object({ appearance: z.string().optional() }).loose().optional(),
    word_count: z.number().optional(),
    trending_score: z.number().optional(),
  })
  .loose();
export type DocumentData = z.infer<typeof DocumentData>;

export const HighlightedData = z
  .object({
    title_snippet: z.string().optional(),
    content_snippet: z.string().optional(),
    matched: z
      .object({
        rule_id: z.string().optional(),
        stream_id: z.string().optional(),
        collector_query_ids: z.array(z.string()).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type HighlightedData = z.infer<typeof HighlightedData>;

/** `{data, highlighted_data}`: a document with why it matched. */
export const ResultDocument = z.object({
  data: DocumentData,
  highlighted_data: z.array(HighlightedData),
});
export type ResultDocument = z.infer<typeof ResultDocument>;
