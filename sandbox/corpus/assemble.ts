// The document itself, from what a writer decided (Parts) and the draws that every kind of
// document shares: media, metrics, mentions, flags, tags and quality levels. One object literal
// with every field, so all documents share one shape (fast to create and to read), and small
// lists interned so they are shared rather than repeated.
import type { Brand } from './brands';
import type { Parts } from './desk';
import type { DocumentFlag, SandboxDocument } from './document';
import { drawTags, workflowFlags } from './extras';
import { EMPTY, Interner } from './intern';
import { drawMedia } from './media';
import { measure } from './metrics';
import type { Random } from './random';

const STRINGS = new Interner<string>();
const FLAGS = new Interner<DocumentFlag>();

/** The short-message network as a whole: its traffic, for documents posted on it. */
const SOCIAL_TRAFFIC = Object.freeze({
  rankerA_pageviews: 6_100_000_000,
  rankerA_unique_visitors: 480_000_000,
  rankerB_pageviews: 5_400_000_000,
  rankerB_unique_visitors: 510_000_000,
});

/**
 * A corpus document's times until they are placed (place.ts). NaN, not 0: times are fractions
 * to V8 (beyond its small integers), and a field first given an integer would change the shape of
 * every document when it is placed.
 */
const UNPLACED = { published: NaN, indexed: NaN, search_indexed: NaN };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function assemble(
  random: Random,
  parts: Parts,
  rivalOf: (brand: Brand) => Brand,
): SandboxDocument {
  const { cast, timing, topic, sentiment, extras } = parts;
  const times = timing.kind === 'fixed' ? timing : UNPLACED;
  const brand = topic?.topic.brand;
  const media = drawMedia(
    random,
    cast.style,
    parts.key,
    brand,
    brand && random.chance(0.2) ? rivalOf(brand) : undefined,
    parts.linked,
  );
  const metrics = measure(random, {
    style: cast.style,
    size: cast.style === 'social' ? cast.author.followers : (cast.site?.visitors ?? 1000),
    spike: parts.spike,
    noise: parts.noise !== undefined,
    repost: parts.repost,
    video: media.media.length > 0 && media.media[0] === 'video',
  });
  const mentions: string[] = [];
  if (parts.replyMention) mentions.push(parts.replyMention);
  for (const mention of parts.inheritedMentions ?? EMPTY)
    if (!mentions.includes(mention)) mentions.push(mention);
  if (parts.mentionsBrand && topic && !mentions.includes(topic.words.mention.text))
    mentions.push(topic.words.mention.text);
  const flags: DocumentFlag[] = parts.flags.length > 0 ? [...parts.flags] : [];
  if (cast.author.verified) flags.push('author_verified');
  if (cast.site ? cast.site.verified : cast.author.verified) flags.push('source_verified');
  if (parts.question) flags.push('question');
  const tags = drawTags(random, brand, sentiment, cast.author.verified);
  if (tags.length > 0) workflowFlags(random, flags);
  const terms = topic ? (topic.words.terms[topic.topic.product] ?? EMPTY) : EMPTY;
  const hashtags = extras?.hashtags ?? EMPTY;
  const editorial = cast.style !== 'social' && cast.style !== 'comment' && cast.style !== 'forum';
  const noisy = parts.noise !== undefined;
  const document: Mutable<SandboxDocument> = {
    id: parts.key,
    url: parts.url,
    root_url: parts.rootUrl,
    domain_url: parts.domainUrl,
    host_url: parts.rootUrl,
    indexed: times.indexed,
    search_indexed: times.search_indexed,
    published: times.published,
    title: parts.title.text,
    content: parts.content.text,
    lang: parts.lang,
    porn_level: random.chance(0.003) ? random.between(10, 80) : 0,
    fluency_level: noisy
      ? random.between(10, 50)
      : editorial
        ? random.between(70, 100)
        : random.between(40, 95),
    DEPRECATED_spam_level: noisy ? random.between(60, 100) : random.between(0, 10),
    sentiment,
    source_type: cast.types,
    post_type: media.postType,
    tokens_title: terms,
    tokens_content:
      hashtags.length > 0
        ? STRINGS.list([...terms, ...hashtags.map((tag) => tag.text.toLowerCase())])
        : terms,
    tokens_mention: STRINGS.list(mentions),
    images: media.images,
    cluster_id: parts.cluster,
    tags_internal: STRINGS.list(tags),
    article_extended_attributes: metrics.counters,
    source_extended_attributes: cast.site?.traffic ?? SOCIAL_TRAFFIC,
    extra_author_attributes: cast.author.attributes,
    extra_source_attributes: cast.source,
    engagement: metrics.engagement,
    reach: metrics.reach,
    entity_url: parts.entities,
    word_count: parts.title.words + parts.content.words,
    trending_score: metrics.trending,
    emoji: extras ? STRINGS.list(extras.emoji.map((emoji) => emoji.text)) : EMPTY,
    hashtags: STRINGS.list(hashtags.map((tag) => tag.text)),
    score: noisy ? random.between(0, 3) : editorial ? random.between(4, 10) : random.between(1, 8),
    flags: FLAGS.list(flags),
    media: media.media,
    noise_categories: parts.noise ? STRINGS.list([parts.noise]) : EMPTY,
    demographics: cast.author.demographics,
    image_detections: STRINGS.list(media.detections),
  };
  // Set after the literal, not spread into it: a spread makes V8 build a slow dictionary object.
  if (parts.parentUrl) document.parent_url = parts.parentUrl;
  if (!editorial) document.device = cast.author.device;
  return document;
}
