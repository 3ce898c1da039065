// Noise documents: bots' market notes and promotions, and now and then on social media, blogs,
// forums and smaller news sites, SEO spam, diet and pharma spam, or an abusive post (shown by a
// moderation placeholder). Written in English, as most such content is.
import type { Cast, Desk } from './desk';
import type { SandboxDocument } from './document';
import { EMPTY } from './intern';
import type { Random } from './random';
import type { Style } from './sources';
import { NOISE_TEMPLATES } from './templates/index';
import { writeNoise } from './text';
import { articleUrl, SOCIAL_ROOT, statusUrl } from './urls';
import type { NoiseCategory } from './vocabulary';
import { WeightedTable } from './weighted';

const NOISY: ReadonlySet<Style> = new Set(['social', 'blog', 'forum', 'news']);
const CATEGORIES = WeightedTable.of<NoiseCategory>([
  ['financial_news', 35],
  ['promotions', 35],
  ['seo_scam', 15],
  ['diet_pharma', 10],
  ['hate_speech', 5],
]);
const MOOD: Readonly<Record<NoiseCategory, number>> = {
  financial_news: 0,
  promotions: 1.5,
  seo_scam: 0,
  diet_pharma: 0.5,
  hate_speech: -4,
};

/** Whether a document is noise, and of what kind: bots always; others rarely, never in a spike. */
export function drawNoise(random: Random, cast: Cast, inSpike: boolean): NoiseCategory | undefined {
  if (cast.author.kind === 'bot') return random.chance(0.5) ? 'financial_news' : 'promotions';
  return !inSpike && NOISY.has(cast.style) && random.chance(0.03)
    ? CATEGORIES.draw(random)
    : undefined;
}

export function noiseDocument(
  desk: Desk,
  key: string,
  cast: Cast,
  category: NoiseCategory,
  at: number | undefined,
): SandboxDocument {
  // Diet spam names no brand; the other categories' templates all do.
  const topic = desk.topic(category === 'diet_pharma' ? 1 : 0);
  const words = desk.fillValues(topic, cast);
  const story = writeNoise(desk.random, NOISE_TEMPLATES[category], desk.values);
  const social = cast.style === 'social';
  const site = cast.site;
  const timing = desk.times(cast, at, undefined);
  return desk.assemble({
    key,
    cast,
    url: social
      ? statusUrl(cast.author, key)
      : articleUrl(site?.rootUrl ?? SOCIAL_ROOT, timing, topic, key),
    rootUrl: site?.rootUrl ?? SOCIAL_ROOT,
    domainUrl: site?.domainUrl ?? SOCIAL_ROOT,
    parentUrl: undefined,
    timing,
    title: social ? story.lead : story.title,
    content: story.content,
    lang: 'en',
    topic: topic && words ? { topic, words } : undefined,
    sentiment: desk.sentiment(MOOD[category]),
    extras: undefined,
    cluster: key,
    question: false,
    mentionsBrand: false,
    flags: [],
    spike: false,
    noise: category,
    entities: EMPTY,
    repost: false,
    linked: false,
    replyMention: undefined,
    inheritedMentions: undefined,
  });
}
