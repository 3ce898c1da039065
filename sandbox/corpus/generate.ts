// The sandbox's synthetic corpus: documents that look like real coverage. Over `days` back from
// `now` with daily and weekly rhythms (fewer at night and at weekends) and a few news spikes;
// many languages and countries with regions and cities; every source type; a pool of authors in
// which a few write most; heavy-tailed engagement and reach; network counters; hashtags,
// mentions, emoji, images, clusters of near-duplicates, tags and sentiment. Deterministic: the
// same seed gives the same documents.
import type { AnalyticsDocument } from '../analytics/documentFields';
import { Random } from './random';
import {
  AGES,
  BRANDS,
  EMOJI,
  EVENTS,
  INTERESTS,
  LOGOS,
  OCCUPATIONS,
  PLACES,
  PRODUCTS,
  SCENES,
  SOURCE_TYPES,
  TAGS,
  TEMPLATES,
  type Place,
} from './vocabulary';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AUTHORS = 2000;

/** Hour-of-day weights (UTC): quiet at night, busiest in the afternoon. */
const HOURS = Array.from(
  { length: 24 },
  (_, hour) => [hour, 0.25 + Math.exp(-((hour - 14) ** 2) / 18)] as const,
);

interface Author {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly gender: string;
  readonly place: Place;
  readonly demographics: readonly string[];
  readonly verified: boolean;
}

interface Spike {
  readonly at: number;
  readonly brand: string;
  readonly event: (typeof EVENTS)[number];
}

function authorPool(random: Random): Author[] {
  const first = [
    'Ann',
    'Bob',
    'Chen',
    'Dana',
    'Emil',
    'Fatima',
    'Gus',
    'Hana',
    'Ivan',
    'Jo',
    'Kai',
    'Lena',
    'Mo',
    'Nia',
    'Omar',
    'Pia',
  ];
  const last = [
    'Smith',
    'Müller',
    'Dubois',
    'García',
    'Tanaka',
    'Rossi',
    'Silva',
    'Kim',
    'Novak',
    'Jones',
  ];
  return Array.from({ length: AUTHORS }, (_, index) => {
    const name = `${random.pick(first)} ${random.pick(last)}`;
    return {
      id: `netB:${100000 + index}`,
      name,
      shortName: `${name.replace(/\W+/g, '').toLowerCase()}${index}`,
      gender: random.weighted([
        ['MALE', 45],
        ['FEMALE', 45],
        ['UNKNOWN', 10],
      ] as const),
      place: random.weighted(PLACES.map((place) => [place, place.weight] as const)),
      demographics: [random.pick(AGES), random.pick(INTERESTS), random.pick(OCCUPATIONS)],
      verified: random.chance(0.05),
    };
  });
}

/** A time within [start, start + days): weekdays busier than weekends, afternoons than nights. */
function timeIn(random: Random, start: number, days: number): number {
  const end = start + days * DAY;
  for (;;) {
    const day = random.integer(days);
    const midnight = Math.floor((start + day * DAY) / DAY) * DAY;
    const weekday = new Date(midnight).getUTCDay();
    if ((weekday === 0 || weekday === 6) && random.chance(0.4)) continue;
    const hour = random.weighted(HOURS);
    const time = midnight + hour * HOUR + random.integer(HOUR);
    // Whole days overhang the window at both ends: draw again.
    if (time >= start && time < end) return time;
  }
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

export class CorpusGenerator {
  private readonly random: Random;
  private readonly authors: Author[];
  private readonly spikes: Spike[];
  private sequence = 0;
  private cluster = 0;

  constructor(
    seed: number,
    private readonly now: number,
    private readonly days = 30,
  ) {
    this.random = new Random(seed);
    this.authors = authorPool(this.random);
    this.spikes = Array.from({ length: 3 }, () => ({
      at: now - this.random.integer(days * DAY),
      brand: this.random.pick(BRANDS),
      event: this.random.pick(EVENTS),
    }));
  }

  /** `count` documents spread over the window. */
  corpus(count: number): AnalyticsDocument[] {
    const start = this.now - this.days * DAY;
    return Array.from({ length: count }, () => {
      // One document in twelve belongs to a news spike: a burst within hours of the event.
      const spike = this.random.chance(1 / 12) ? this.random.pick(this.spikes) : undefined;
      const published = spike
        ? Math.min(this.now - 1, spike.at + Math.floor(Math.abs(this.random.normal()) * 3 * HOUR))
        : timeIn(this.random, start, this.days);
      return this.document(published, spike);
    });
  }

  /** A live document arriving at `at`. */
  live(at: number): AnalyticsDocument {
    return this.document(at - this.random.integer(10 * 60_000), undefined, at);
  }

  private document(
    published: number,
    spike: Spike | undefined,
    indexedAt?: number,
  ): AnalyticsDocument {
    const random = this.random;
    const number = this.sequence++;
    // A few authors write most: index skewed towards the start of the pool.
    const author = this.authors[Math.floor(AUTHORS * random.next() ** 3)] as Author;
    const place = random.chance(0.8)
      ? author.place
      : random.weighted(PLACES.map((each) => [each, each.weight] as const));
    const where = random.pick(place.regions);
    const sourceType = random.weighted(SOURCE_TYPES);
    const social = sourceType[0] === 'SOCIALMEDIA';
    const brand = spike?.brand ?? random.pick(BRANDS);
    const event = spike?.event ?? random.pick(EVENTS);
    const product = random.pick(PRODUCTS);
    const templates = TEMPLATES[place.language] ?? TEMPLATES.en ?? [];
    const values = { brand, event: event[0], product, city: where.city };
    const sentences = Array.from(
      { length: social ? 1 + random.integer(2) : 2 + random.integer(3) },
      () => fill(random.pick(templates), values),
    );
    const hashtags = random.chance(social ? 0.5 : 0.15)
      ? [`#${brand.toLowerCase()}${random.chance(0.5) ? product.replace(/\s/g, '') : ''}`]
      : [];
    const mentions = random.chance(social ? 0.4 : 0.05) ? [`@${brand.toLowerCase()}`] : [];
    const emoji = random.chance(social ? 0.35 : 0.03) ? [random.pick(EMOJI)] : [];
    const content = [...sentences, ...hashtags, ...mentions, ...emoji].join(' ');
    const title = social
      ? (sentences[0] ?? brand)
      : fill(random.pick(templates), values).replace(/[.!?。]$/, '');
    const engagement = Math.round(random.logNormal(social ? 2.2 : 1.5, 1.6));
    const reach = Math.round(engagement * (20 + random.logNormal(3, 1.2)));
    const sentiment = Math.max(-5, Math.min(5, Math.round(event[1] + random.normal() * 1.2)));
    const host = social
      ? 'social.example'
      : `${brand.toLowerCase()}-${place.countryCode.toLowerCase()}.news.example`;
    const clusterId =
      random.chance(0.15) && this.cluster > 0 ? `c${this.cluster}` : `c${++this.cluster}`;
    const withImage = random.chance(0.2);
    const search_indexed = indexedAt ?? Math.min(this.now, published + random.integer(2 * HOUR));
    return {
      url: `https://${host}/${number.toString(36)}`,
      root_url: `https://${host}/`,
      domain_url: host.split('.').slice(-2).join('.'),
      host_url: host,
      published,
      indexed: search_indexed,
      search_indexed,
      title,
      content,
      lang: place.language,
      sentiment,
      source_type: [...sourceType],
      post_type: [withImage ? 'IMAGE' : 'TEXT'],
      tokens_mention: mentions,
      images: withImage ? [{ url: `https://images.acme.example/${number.toString(36)}.jpg` }] : [],
      image_detections: withImage ? [random.pick(LOGOS), random.pick(SCENES)] : [],
      cluster_id: clusterId,
      tags_internal: random.chance(0.03) ? [random.pick(TAGS)] : [],
      engagement,
      reach,
      word_count: content.split(/\s+/).length,
      trending_score: Math.min(100, Math.round(random.logNormal(1, 1))),
      score: random.integer(11),
      flags: [
        ...(social && random.chance(0.3) ? ['retweet'] : []),
        ...(author.verified ? ['author_verified'] : []),
        ...(title.endsWith('?') ? ['question'] : []),
      ],
      device: social
        ? random.weighted([
            ['MOBILE_IOS', 4],
            ['MOBILE_ANDROID', 4],
            ['DESKTOP', 2],
            ['BOT', 1],
          ] as const)
        : undefined,
      demographics: [...author.demographics],
      article_extended_attributes: {
        netA_shares: Math.round(engagement * 0.2),
        netA_likes: Math.round(engagement * 0.5),
        netB_retweets: social ? Math.round(engagement * 0.15) : 0,
        netB_shares: Math.round(engagement * 0.05),
        netB_likes: social ? Math.round(engagement * 0.4) : 0,
        netB_followers: social ? Math.round(reach / 3) : 0,
        netB_impressions: social ? reach : 0,
        netB_video_views: 0,
        netC_likes: Math.round(engagement * 0.1),
        netD_views: Math.round(reach * 0.1),
        netD_likes: Math.round(engagement * 0.05),
        netD_dislikes: Math.round(engagement * 0.01),
        num_comments: Math.round(engagement * 0.1),
      },
      extra_author_attributes: {
        id: author.id,
        name: author.name,
        gender: author.gender,
        short_name: author.shortName,
        country_code: author.place.countryCode.toLowerCase(),
      },
      extra_source_attributes: {
        id: `web:${host}`,
        name: host,
        world_data: {
          continent: place.continent,
          country: place.country,
          region: where.region,
          city: where.city,
          longitude: where.lon,
          latitude: where.lat,
          country_code: place.countryCode,
          resolution: 'city',
        },
      },
    } as AnalyticsDocument;
  }
}
