// The world a seed describes: sites with their staff, social accounts, forum users, the people
// quoted in stories, and the weighted tables documents are drawn from. Built once per corpus
// state; documents only draw from it.
import { AuthorFactory, type Author } from './authors';
import { BRANDS, type Brand, type Product } from './brands';
import { EVENTS, type NewsEvent } from './events';
import { drawCountry, drawLanguage, drawPlace, placeNamed } from './geo';
import { nameSet } from './names';
import { phrase, type Phrase } from './phrases';
import type { Random } from './random';
import { buildSites, type Site } from './sites';
import { SOURCE_KINDS, type Style } from './sources';
import { TEMPLATE_LANGUAGES } from './templates/index';
import { FORUM_USERS, SOCIAL_ACCOUNTS } from './vocabulary';
import { WeightedTable, zipf } from './weighted';

export interface World {
  /** Source kinds by their share of documents (indices into SOURCE_KINDS). */
  readonly kinds: WeightedTable<number>;
  /** Per source kind: its sites, biggest most likely; undefined for kinds without sites. */
  readonly sites: readonly (WeightedTable<Site> | undefined)[];
  readonly staff: ReadonlyMap<Site, WeightedTable<Author>>;
  readonly social: WeightedTable<Author>;
  readonly forum: WeightedTable<Author>;
  readonly brands: WeightedTable<Brand>;
  readonly events: WeightedTable<NewsEvent>;
  readonly products: ReadonlyMap<Brand, WeightedTable<Product>>;
  /** People quoted in stories, per language. */
  readonly people: ReadonlyMap<string, readonly Phrase[]>;
  readonly authors: number;
}

const JOURNALISTS: ReadonlySet<Style> = new Set(['news', 'magazine', 'broadcast']);
const BOTS = 12;
const ORGANISATIONS = 78;

function siteTable(sites: readonly Site[]): WeightedTable<Site> | undefined {
  if (sites.length === 0) return undefined;
  // Countries carry their weight; within a country and kind the biggest site gets the most.
  return new WeightedTable(sites, (site) =>
    site.brand
      ? site.brand.weight
      : site.place.country.weight * zipf(site.rank, 1) * (site.rank === 0 ? 1 : 0.8),
  );
}

function socialAccounts(random: Random, factory: AuthorFactory): WeightedTable<Author> {
  const accounts: Author[] = [];
  const weights: number[] = [];
  for (const brand of BRANDS) {
    const home = placeNamed(...brand.home);
    accounts.push(factory.brand(brand, home, home.country.languages[0]?.[0] ?? 'en'));
    weights.push((0.5 * brand.weight) / 13);
  }
  for (let index = 0; index < BOTS; index++) {
    accounts.push(factory.bot(drawPlace(random, drawCountry(random))));
    weights.push(0.1);
  }
  const others = SOCIAL_ACCOUNTS - BRANDS.length - BOTS;
  for (let rank = 0; rank < others; rank++) {
    const country = drawCountry(random);
    const place = drawPlace(random, country);
    const lang = drawLanguage(random, country);
    accounts.push(
      rank % Math.floor(others / ORGANISATIONS) === 7
        ? factory.organisation('netB', place, lang)
        : factory.person('netB', place, lang),
    );
    // Zipf-like activity: a few accounts post a lot, most post rarely.
    weights.push(zipf(rank, 0.8));
  }
  return new WeightedTable(accounts, (_account, index) => weights[index] ?? 0);
}

function forumUsers(random: Random, factory: AuthorFactory): WeightedTable<Author> {
  const users = Array.from({ length: FORUM_USERS }, () => {
    const country = drawCountry(random);
    return factory.person('forum', drawPlace(random, country), drawLanguage(random, country));
  });
  return new WeightedTable(users, (_user, rank) => zipf(rank, 0.7));
}

function quotedPeople(random: Random): Map<string, Phrase[]> {
  return new Map(
    TEMPLATE_LANGUAGES.map((lang) => {
      const names = nameSet(lang, '');
      const people = Array.from({ length: 12 }, () => {
        const first = random.pick(random.chance(0.5) ? names.female : names.male);
        const last = random.pick(names.last);
        return phrase(names.eastern ? `${last[0]}${first[0]}` : `${first[0]} ${last[0]}`);
      });
      return [lang, people];
    }),
  );
}

export function buildWorld(random: Random): World {
  const factory = new AuthorFactory(random);
  const sitesByKind = buildSites(random);
  const staff = new Map<Site, WeightedTable<Author>>();
  let authors = 0;
  for (const sites of sitesByKind) {
    for (const site of sites) {
      const members = Array.from({ length: site.kind.staff }, () =>
        factory.person(
          'web',
          site.place,
          site.lang,
          JOURNALISTS.has(site.kind.style)
            ? 'occupation-journalist'
            : site.kind.style === 'press' || site.kind.style === 'brand'
              ? 'occupation-marketing'
              : undefined,
        ),
      );
      authors += members.length;
      if (members.length > 0)
        staff.set(site, new WeightedTable(members, (_m, rank) => zipf(rank, 1)));
    }
  }
  const social = socialAccounts(random, factory);
  const forum = forumUsers(random, factory);
  return {
    kinds: new WeightedTable(
      SOURCE_KINDS.map((_kind, index) => index),
      (index) => SOURCE_KINDS[index]?.weight ?? 0,
    ),
    sites: sitesByKind.map(siteTable),
    staff,
    social,
    forum,
    brands: new WeightedTable(BRANDS, (brand) => brand.weight),
    events: new WeightedTable(EVENTS, (event) => event.weight),
    products: new Map(
      BRANDS.map((brand) => [
        brand,
        new WeightedTable(brand.products, (_p, rank) => zipf(rank, 0.9)),
      ]),
    ),
    people: quotedPeople(random),
    authors: authors + social.size + forum.size,
  };
}
