// What the rest of the sandbox needs to know about the synthetic corpus (fixture metadata):
// brands with their products, handles and hashtags; news events; emoji; logo and scene ids; the
// approved image domains; tags; the size of the author pool; example queries.
import { plannedStaff } from './sources';

export { BRANDS } from './brands';

/** Emoji by the mood of a post. */
export const EMOJI = {
  positive: ['🚀', '🔥', '👍', '🎉', '😍', '🙌', '❤️', '✨'],
  negative: ['😡', '😤', '👎', '💔', '🤦', '😱'],
  neutral: ['🤔', '👀', '📈', '📉', '😂', '🙃'],
} as const;

/** Hashtags of everyday posts that are not about a brand. */
export const GENERIC_HASHTAGS = [
  'news',
  'tech',
  'deals',
  'travel',
  'food',
  'monday',
  'weekend',
  'breaking',
  'business',
  'shopping',
] as const;

/** The logos configured for the sandbox's account; the brands above carry them. */
export const LOGOS = ['logo-acme', 'logo-globex', 'logo-initech', 'logo-umbrella'] as const;
export const SCENES = [
  'scene-beach',
  'scene-office',
  'scene-stadium',
  'scene-street',
  'scene-kitchen',
] as const;

/** Image hosts the sandbox's account may send to image detection by address. */
export const APPROVED_IMAGE_DOMAINS = ['images.acme.example', 'cdn.sandbox.example'] as const;

/** Tags set on a few documents; the fixture projects list them. */
export const TAGS = ['tag-crisis', 'tag-praise', 'tag-vip'] as const;

/** The noise categories documents may fall into (core/query/data/noisecategories.json). */
export const NOISE_CATEGORIES = [
  'financial_news',
  'promotions',
  'hate_speech',
  'seo_scam',
  'diet_pharma',
] as const;
export type NoiseCategory = (typeof NOISE_CATEGORIES)[number];

/** Accounts on the short-message network (netB): people, brands, media and bots. */
export const SOCIAL_ACCOUNTS = 4000;
/** Commenters on the comment platform and on message boards. */
export const FORUM_USERS = 1200;
/** Every author: social accounts, forum users and the staff of every site. */
export const AUTHOR_POOL_SIZE = SOCIAL_ACCOUNTS + FORUM_USERS + plannedStaff();

/**
 * Queries an analyst would write against this corpus, each matching a sensible share of it
 * (the corpus tests hold every one between 0.5% and 30%). Demos and docs can offer them.
 */
export const EXAMPLE_QUERIES = [
  'acme',
  '"acme corp"',
  'acme AND (recall OR lawsuit)',
  'acme AND (recall OR rückruf OR rappel OR retirada OR リコール)',
  'acme NEAR/5 (anvil OR rocket OR "giant magnet")',
  '"rocket skates"',
  '#acmeanvils OR @acme',
  'acme SENTENCE recall',
  'globex -is:retweet',
  'initech OR "initech corp"',
  '(hooli OR stark) AND sentiment:negative',
  'review OR rating',
  'outage AND lang:en',
  'lang:de',
  'sourcetype:SOCIALMEDIA_TWITTER acme',
  'sourcecountry:fr OR sourcecountry:be',
  'image:logo-acme',
  'demographic:interest-technology',
  'gender:female AND acme',
  'contains:video',
] as const;
