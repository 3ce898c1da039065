// What posts add to their text: hashtags (the product's, the brand's, a breaking story's),
// mentions of the brand's account, and emoji that follow the post's mood. And what the platform
// adds to a document: tags and workflow flags on a few, in the fixture projects' terms.
import type { Brand } from './brands';
import type { DocumentFlag } from './document';
import type { EventId } from './events';
import { GENERIC_TAGS, type BrandWords } from './lexicon';
import { phrase, type Phrase } from './phrases';
import type { Random } from './random';
import { TextBuilder, type Text } from './text';
import { EMOJI } from './vocabulary';

const MOODS = {
  positive: EMOJI.positive.map(phrase),
  negative: EMOJI.negative.map(phrase),
  neutral: EMOJI.neutral.map(phrase),
};

export interface Extras {
  readonly hashtags: readonly Phrase[];
  readonly mention: boolean;
  readonly emoji: readonly Phrase[];
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * `chance` scales how often a post carries hashtags at all: social posts often, blog posts
 * sometimes. `breaking` is the event of a spike the post is part of.
 */
export function drawExtras(
  random: Random,
  words: BrandWords | undefined,
  product: number,
  event: EventId,
  breaking: EventId | undefined,
  sentiment: number,
  chance: number,
): Extras {
  const tags = new Set<Phrase>();
  if (words) {
    const storyTag = breaking ? words.eventTags[breaking] : undefined;
    if (storyTag && random.chance(0.6)) tags.add(storyTag);
    if (random.chance(0.6 * chance)) {
      const productTag = words.productTags[product];
      tags.add(productTag && random.chance(0.7) ? productTag : words.brandTag);
    }
    const eventTag = words.eventTags[event];
    if (eventTag && random.chance(0.15 * chance)) tags.add(eventTag);
  } else if (random.chance(0.3 * chance)) {
    tags.add(random.pick(GENERIC_TAGS));
  }
  const mood = sentiment > 0 ? MOODS.positive : sentiment < 0 ? MOODS.negative : MOODS.neutral;
  const emoji = random.chance(0.45 * chance)
    ? random.chance(0.7)
      ? [random.pick(mood)]
      : [random.pick(mood), random.pick(mood)]
    : NONE;
  return {
    hashtags: tags.size > 0 ? [...tags] : NONE,
    mention: words !== undefined && random.chance(0.2 * chance),
    emoji,
  };
}

/** Tags of the fixture projects on a few documents about Acme, VIP authors on a few more. */
export function drawTags(
  random: Random,
  brand: Brand | undefined,
  sentiment: number,
  verified: boolean,
): readonly string[] {
  if (!brand) return NONE;
  const tags: string[] = [];
  if (brand.id === 'acme' && sentiment <= -2 && random.chance(0.3)) tags.push('tag-crisis');
  if (brand.id === 'acme' && sentiment >= 2 && random.chance(0.25)) tags.push('tag-praise');
  if (verified && random.chance(0.08)) tags.push('tag-vip');
  return tags.length > 0 ? tags : NONE;
}

/** Workflow flags an analyst sets, on tagged documents only: someone has looked at those. */
export function workflowFlags(random: Random, into: DocumentFlag[]): void {
  if (random.chance(0.4)) into.push('important');
  if (random.chance(0.5)) into.push('read');
  if (random.chance(0.3)) into.push('checked');
}

/** The text with hashtags, the brand's mention and emoji after it, each a word of its own. */
export function withExtras(
  text: Text,
  extras: Extras,
  words: BrandWords | undefined,
  join: string,
): Text {
  if (extras.hashtags.length === 0 && extras.emoji.length === 0 && !(extras.mention && words))
    return text;
  const builder = new TextBuilder(join).add(text);
  for (const tag of extras.hashtags) builder.add(tag, ' ');
  if (extras.mention && words) builder.add(words.mention, ' ');
  for (const emoji of extras.emoji) builder.add(emoji, ' ');
  return builder.build();
}
