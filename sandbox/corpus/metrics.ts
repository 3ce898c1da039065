// Engagement, reach and the network counters. Engagement is log-normal, scaled by the audience
// of the author or site, so a few documents take a large share of it (heavy tail). It is then
// split over the interaction counters so that they always add up to it exactly; audience
// counters (followers, impressions, views) follow reach instead.
import type { ArticleExtendedAttributes, InteractionCounter } from './document';
import type { Random } from './random';
import type { Style } from './sources';

export interface Audience {
  readonly style: Style;
  /** Followers of a social author, monthly visitors of a site. */
  readonly size: number;
  readonly spike: boolean;
  readonly noise: boolean;
  readonly repost: boolean;
  readonly video: boolean;
}

export interface Metrics {
  readonly engagement: number;
  readonly reach: number;
  readonly counters: ArticleExtendedAttributes;
  readonly trending: number;
}

/** Log-normal location and spread of engagement per style, before audience scaling. */
const ENGAGEMENT: Readonly<Record<Style, readonly [number, number]>> = {
  social: [0.6, 1.9],
  comment: [0, 1.2],
  forum: [0.5, 1.3],
  news: [2, 1.6],
  magazine: [1.8, 1.5],
  press: [0.5, 1.2],
  broadcast: [2.2, 1.6],
  blog: [0.9, 1.5],
  brand: [1.2, 1.3],
  podcast: [1.5, 1.4],
  newsletter: [1.2, 1.3],
};

type Split = Readonly<Partial<Record<InteractionCounter, number>>>;

const SOCIAL: Split = {
  netB_likes: 60,
  netB_retweets: 20,
  netB_replies: 10,
  netB_shares: 5,
  netA_reactions_total: 2,
  netA_shares: 1,
  netC_likes: 2,
};
const EDITORIAL: Split = {
  netA_reactions_total: 30,
  netA_shares: 15,
  netA_comments: 8,
  netB_likes: 12,
  netB_retweets: 6,
  netB_shares: 3,
  netB_replies: 2,
  netC_likes: 5,
  netC_comments: 1,
  num_comments: 18,
};
const VIDEO: Split = {
  netD_likes: 35,
  netD_dislikes: 3,
  netD_comments: 7,
  netA_reactions_total: 15,
  netA_shares: 8,
  netB_likes: 10,
  netB_retweets: 4,
  netC_likes: 5,
  num_comments: 5,
};
const DISCUSSION: Split = { num_comments: 60, netA_reactions_total: 20, netB_likes: 20 };

/** Every interaction counter, in the order the documents list them. */
const INTERACTIONS: readonly InteractionCounter[] = [
  'netA_reactions_total',
  'netA_shares',
  'netA_comments',
  'netB_likes',
  'netB_retweets',
  'netB_replies',
  'netB_shares',
  'netC_likes',
  'netC_comments',
  'netD_likes',
  'netD_dislikes',
  'netD_comments',
  'num_comments',
];

/** A split as weights in INTERACTIONS order, so allocating is a loop over a typed array. */
function weightsOf(split: Split): Float64Array {
  return Float64Array.from(INTERACTIONS, (counter) => split[counter] ?? 0);
}

const SPLITS = {
  social: weightsOf(SOCIAL),
  editorial: weightsOf(EDITORIAL),
  video: weightsOf(VIDEO),
  discussion: weightsOf(DISCUSSION),
};

function splitOf(audience: Audience): Float64Array {
  if (audience.style === 'social') return SPLITS.social;
  if (audience.style === 'comment' || audience.style === 'forum') return SPLITS.discussion;
  if (audience.video || audience.style === 'podcast') return SPLITS.video;
  return SPLITS.editorial;
}

const jittered = new Float64Array(INTERACTIONS.length);
// Int32, not Float64: a value read from a Float64Array is stored as a boxed number in an object,
// one extra heap object per counter per document.
const shares = new Int32Array(INTERACTIONS.length);

/**
 * Splits `total` over the counters by jittered weights into `shares` (INTERACTIONS order); the
 * biggest share takes the rounding rest, so the counters add up to `total` exactly.
 */
function allocate(random: Random, total: number, split: Float64Array): void {
  let sum = 0;
  let largest = 0;
  for (let index = 0; index < split.length; index++) {
    const weight = (split[index] ?? 0) * (0.4 + 1.2 * random.next());
    jittered[index] = weight;
    sum += weight;
    if (weight > (jittered[largest] ?? 0)) largest = index;
  }
  let given = 0;
  for (let index = 0; index < split.length; index++) {
    const share = Math.floor((total * (jittered[index] ?? 0)) / sum);
    shares[index] = share;
    given += share;
  }
  shares[largest] = (shares[largest] ?? 0) + total - given;
}

/** The share of the counter at `index` of INTERACTIONS, after allocate(). */
const share = (index: number): number => shares[index] ?? 0;

export function measure(random: Random, audience: Audience): Metrics {
  const [mu, sigma] = ENGAGEMENT[audience.style];
  const social = audience.style === 'social';
  const scale = social
    ? Math.pow(Math.max(audience.size, 10) / 500, 0.35)
    : Math.pow(Math.max(audience.size, 1000) / 100_000, 0.25);
  const boost =
    (audience.spike ? 2.5 : 1) * (audience.noise ? 0.2 : 1) * (audience.repost ? 0.3 : 1);
  const engagement = Math.round(random.logNormal(mu, sigma) * scale * boost);
  const seen = social
    ? audience.size * random.logNormal(-1.2, 0.9)
    : (audience.size / 30) * random.logNormal(-2.5, 0.9);
  const reach = Math.round(seen) + engagement;
  allocate(random, engagement, splitOf(audience));
  const videoInteractions = share(9) + share(10) + share(11);
  const counters: ArticleExtendedAttributes = {
    netA_reactions_total: share(0),
    netA_likes: Math.round(share(0) * (0.6 + 0.3 * random.next())),
    netA_shares: share(1),
    netA_comments: share(2),
    netB_likes: share(3),
    netB_retweets: share(4),
    netB_replies: share(5),
    netB_shares: share(6),
    netB_followers: social ? audience.size : 0,
    netB_impressions: social ? reach : 0,
    netB_video_views: social && audience.video ? Math.round(reach * 0.3) : 0,
    netC_likes: share(7),
    netC_comments: share(8),
    netD_views: Math.round(videoInteractions * (20 + 100 * random.next())),
    netD_likes: share(9),
    netD_dislikes: share(10),
    netD_comments: share(11),
    num_comments: share(12),
  };
  const trending = Math.min(
    100,
    Math.round(10 * Math.log10(1 + engagement) + (audience.spike ? 30 : 0) + random.next() * 10),
  );
  return { engagement, reach, counters, trending };
}
