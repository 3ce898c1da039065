// A document of the synthetic corpus: api.md's stream result document with every field filled,
// plus the attributes the query language filters on that api.md does not list (MatchableDocument
// marks them). The per-request fields (title_snippet, content_snippet, matched) are not here:
// the sandbox computes them when it delivers a document.
//
// Counter and traffic maps are type aliases, not interfaces, so that they stay assignable to the
// `Record<string, number>` the sandbox's analytics read.
import type {
  MatchableAuthor,
  MatchableDocument,
  MatchableSource,
} from '../../core/query/document';

export type Gender = 'MALE' | 'FEMALE' | 'UNKNOWN';

export interface WorldData {
  readonly continent: string;
  readonly country: string;
  readonly region: string;
  readonly city: string;
  readonly longitude: number;
  readonly latitude: number;
  /** ISO 3166-1 alpha-2, lower case, as the query language's `sourcecountry:` writes it. */
  readonly country_code: string;
  readonly resolution: 'city';
}

export interface SandboxAuthor extends MatchableAuthor {
  /** `<network>:<number>`, as `author_id:` quotes it. */
  readonly id: string;
  readonly name: string;
  readonly gender: Gender;
  /** The handle, without `@`. */
  readonly short_name: string;
  readonly description: string;
  readonly country_code: string;
  /** An `age-…` group code; absent when the age is unknown. */
  readonly age_group?: string;
  /** `interest-…` group codes. */
  readonly interest_groups: readonly string[];
  /** `occupation-…` group codes. */
  readonly occupation_groups: readonly string[];
}

export interface SandboxSource extends MatchableSource {
  readonly id: string;
  readonly name: string;
  readonly world_data: WorldData;
}

/** Interaction counters of the four networks (netA..netD) and the document's own comments. */
export type InteractionCounter =
  | 'netA_reactions_total'
  | 'netA_shares'
  | 'netA_comments'
  | 'netB_likes'
  | 'netB_retweets'
  | 'netB_replies'
  | 'netB_shares'
  | 'netC_likes'
  | 'netC_comments'
  | 'netD_likes'
  | 'netD_dislikes'
  | 'netD_comments'
  | 'num_comments';

/** Audience counters: how many saw it, not how many interacted, so not part of `engagement`. */
export type AudienceCounter =
  'netB_followers' | 'netB_impressions' | 'netB_video_views' | 'netD_views';

/**
 * Every counter is present (0 where a network does not apply), so every document has the same
 * shape. `engagement` is the sum of the interaction counters; `netA_likes` is the part of
 * `netA_reactions_total` that are likes, so it is not counted twice.
 */
export type ArticleExtendedAttributes = Readonly<
  Record<InteractionCounter | AudienceCounter | 'netA_likes', number>
>;

export type SourceExtendedAttributes = Readonly<
  Record<
    | 'rankerA_pageviews'
    | 'rankerA_unique_visitors'
    | 'rankerB_pageviews'
    | 'rankerB_unique_visitors',
    number
  >
>;

export interface EntityUrl {
  readonly url: string;
  readonly resolved_url?: string;
}

export type DocumentFlag =
  | 'comment'
  | 'retweet'
  | 'twitter_reply'
  | 'author_verified'
  | 'source_verified'
  | 'question'
  | 'important'
  | 'read'
  | 'checked';

export interface SandboxDocument extends MatchableDocument {
  /** The corpus's own identifier: unique within a corpus and its live documents. */
  readonly id: string;
  readonly url: string;
  readonly root_url: string;
  readonly domain_url: string;
  readonly host_url: string;
  /** The document this one answers, comments on or reposts; absent for originals. */
  readonly parent_url?: string;
  readonly indexed: number;
  readonly search_indexed: number;
  readonly published: number;
  readonly title: string;
  readonly content: string;
  readonly lang: string;
  readonly porn_level: number;
  readonly fluency_level: number;
  readonly DEPRECATED_spam_level: number;
  /** −5..5; 0 is neutral. */
  readonly sentiment: number;
  readonly source_type: readonly string[];
  readonly post_type: readonly string[];
  /** Key terms of the title: brands, products, topic words, hashtags (lower case). */
  readonly tokens_title: readonly string[];
  /** Key terms of the content, as `tokens_title`. */
  readonly tokens_content: readonly string[];
  /** Mentioned handles with their `@`. */
  readonly tokens_mention: readonly string[];
  readonly images: readonly { readonly url: string }[];
  readonly cluster_id: string;
  readonly tags_internal: readonly string[];
  readonly article_extended_attributes: ArticleExtendedAttributes;
  readonly source_extended_attributes: SourceExtendedAttributes;
  readonly extra_author_attributes: SandboxAuthor;
  readonly extra_source_attributes: SandboxSource;
  readonly engagement: number;
  readonly reach: number;
  readonly entity_url: readonly EntityUrl[];
  readonly word_count: number;
  readonly trending_score: number;
  /** The emoji of title and content, in order. */
  readonly emoji: readonly string[];
  /** The hashtags of title and content, with their `#`, as written. */
  readonly hashtags: readonly string[];
  /** Relevance 0..10. */
  readonly score: number;
  readonly flags: readonly DocumentFlag[];
  readonly media: readonly string[];
  /** The posting device class; absent for editorial content. */
  readonly device?: string;
  readonly noise_categories: readonly string[];
  /** The author's demographic group codes. */
  readonly demographics: readonly string[];
  /** Logo ids and `scene-…` ids found in the images. */
  readonly image_detections: readonly string[];
}
