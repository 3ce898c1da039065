// The part of a document that query matching reads: the API's stream result document
// (spec/api.md), plus the few attributes the query language filters on that api.md does not
// list in the document (marked "not in api.md"). All optional, as the API may omit any of them.

export interface MatchableAuthor {
  readonly id?: string;
  readonly name?: string;
  readonly gender?: string;
  /** Not in api.md: the author's handle, for `authorshort:`. */
  readonly short_name?: string;
  /** Not in api.md: the profile text, for `authordescription:`. */
  readonly description?: string;
  /** Not in api.md: for `authorcountry:`. */
  readonly country_code?: string;
}

export interface MatchableSource {
  readonly id?: string;
  readonly name?: string;
  readonly world_data?: { readonly country_code?: string };
}

export interface MatchableDocument {
  readonly title?: string;
  readonly content?: string;
  readonly lang?: string;
  readonly url?: string;
  readonly domain_url?: string;
  readonly host_url?: string;
  readonly source_type?: readonly string[];
  readonly post_type?: readonly string[];
  readonly sentiment?: number;
  readonly published?: number;
  readonly indexed?: number;
  readonly search_indexed?: number;
  readonly engagement?: number;
  readonly reach?: number;
  readonly word_count?: number;
  readonly trending_score?: number;
  readonly tokens_mention?: readonly string[];
  readonly images?: readonly { readonly url: string }[];
  readonly tags_internal?: readonly string[];
  readonly extra_author_attributes?: MatchableAuthor;
  readonly extra_source_attributes?: MatchableSource;
  /** Not in api.md: relevance score 0..10, for `score:`. */
  readonly score?: number;
  /** Not in api.md: the flags `is:` tests (comment, retweet, question, …). */
  readonly flags?: readonly string[];
  /** Not in api.md: media other than images, for `contains:` (`audio`, `video`). */
  readonly media?: readonly string[];
  /** Not in api.md: the posting device class, for `device:`. */
  readonly device?: string;
  /** Not in api.md: noise categories, for `noisecategory:`. */
  readonly noise_categories?: readonly string[];
  /** Not in api.md: the author's demographic group codes, for `demographic:`. */
  readonly demographics?: readonly string[];
  /** Not in api.md: detected logo ids and `scene-…` ids, for `image:`. */
  readonly image_detections?: readonly string[];
  /** Not in api.md: custom metrics of an imported document, for `custom.<name>:`. */
  readonly custom?: Readonly<Record<string, number | string>>;
  /** Not in api.md: imported entities as `Type:Path`, for `customerentity:`. */
  readonly customer_entities?: readonly string[];
}
