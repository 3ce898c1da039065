// The kinds of source documents come from: every source type of the query language
// (core/query/data/sourcetypes.json) as the `source_type` array the API sends (parent first),
// with each kind's share of coverage, how its documents are written, and how many sites of it
// exist. Social accounts and commenters post without a site of their own.
import { BRANDS } from './brands';
import { COUNTRIES, type Country } from './places';

/** How documents of a kind are written. */
export type Style =
  | 'news'
  | 'magazine'
  | 'press'
  | 'broadcast'
  | 'blog'
  | 'forum'
  | 'social'
  | 'comment'
  | 'brand'
  | 'podcast'
  | 'newsletter';

export interface SourceKind {
  /** The `source_type` array. */
  readonly types: readonly string[];
  /** Share of documents. */
  readonly weight: number;
  readonly style: Style;
  /** Sites of this kind in a country (site-less kinds: 0). */
  readonly perCountry: (country: Country) => number;
  /** Sites of this kind not tied to one country's press (agencies, podcasts, newsletters). */
  readonly global: number;
  /** Authors per site. */
  readonly staff: number;
}

const none = (): number => 0;

export const SOURCE_KINDS: readonly SourceKind[] = [
  {
    types: ['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'],
    weight: 15,
    style: 'news',
    perCountry: (country) => 1 + country.size,
    global: 0,
    staff: 6,
  },
  {
    types: ['ONLINENEWS', 'ONLINENEWS_MAGAZINE'],
    weight: 5,
    style: 'magazine',
    perCountry: (country) => country.size,
    global: 0,
    staff: 4,
  },
  {
    types: ['ONLINENEWS', 'ONLINENEWS_AGENCY'],
    weight: 3,
    style: 'news',
    perCountry: (country) => (country.size === 3 ? 1 : 0),
    global: 6,
    staff: 8,
  },
  {
    // Brands' own newsrooms (`news.acme.example`) and a few wire services.
    types: ['ONLINENEWS', 'ONLINENEWS_PRESSRELEASES'],
    weight: 2,
    style: 'press',
    perCountry: none,
    global: BRANDS.length + 3,
    staff: 1,
  },
  {
    types: ['ONLINENEWS', 'ONLINENEWS_TVRADIO'],
    weight: 3,
    style: 'broadcast',
    perCountry: (country) => country.size,
    global: 0,
    staff: 3,
  },
  {
    types: ['ONLINENEWS', 'ONLINENEWS_OTHER'],
    weight: 5,
    style: 'news',
    perCountry: (country) => country.size,
    global: 0,
    staff: 2,
  },
  {
    types: ['BLOG', 'BLOG_OTHER'],
    weight: 8,
    style: 'blog',
    perCountry: (country) => 1 + country.size,
    global: 0,
    staff: 1,
  },
  {
    types: ['MESSAGEBOARD', 'MESSAGEBOARD_OTHER'],
    weight: 6,
    style: 'forum',
    perCountry: (country) => country.size,
    global: 0,
    staff: 0,
  },
  {
    types: ['SOCIALMEDIA', 'SOCIALMEDIA_TWITTER'],
    weight: 36,
    style: 'social',
    perCountry: none,
    global: 0,
    staff: 0,
  },
  {
    types: ['SOCIALMEDIA', 'SOCIALMEDIA_DISQUS'],
    weight: 5,
    style: 'comment',
    perCountry: none,
    global: 0,
    staff: 0,
  },
  {
    types: ['BROADCAST', 'BROADCAST_TV'],
    weight: 2,
    style: 'broadcast',
    perCountry: (country) => (country.size >= 2 ? 1 : 0),
    global: 0,
    staff: 3,
  },
  {
    // Brands' own sites (`www.acme.example`, `reviews.acme.example`).
    types: ['MONITOREDSITE', 'MONITOREDSITE_OTHER'],
    weight: 2,
    style: 'brand',
    perCountry: none,
    global: BRANDS.length + 1,
    staff: 1,
  },
  {
    types: ['PODCAST_OTHER'],
    weight: 1.5,
    style: 'podcast',
    perCountry: none,
    global: 8,
    staff: 2,
  },
  {
    types: ['NEWSLETTER', 'NEWSLETTER_SUBSTACK'],
    weight: 2,
    style: 'newsletter',
    perCountry: none,
    global: 12,
    staff: 1,
  },
  {
    types: ['OTHER'],
    weight: 1.5,
    style: 'blog',
    perCountry: () => 1,
    global: 0,
    staff: 1,
  },
];

/** Sites of a kind: per country in table order, then the global ones. */
export function plannedSites(kind: SourceKind): number {
  return COUNTRIES.reduce((sum, country) => sum + kind.perCountry(country), 0) + kind.global;
}

/** Authors who write for sites: the staff of every planned site. */
export function plannedStaff(): number {
  return SOURCE_KINDS.reduce((sum, kind) => sum + plannedSites(kind) * kind.staff, 0);
}
