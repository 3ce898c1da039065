// Sites: newspapers, magazines, agencies, newsrooms, broadcasters, blogs, forums, brands' own
// sites, podcasts and newsletters, as `sources.ts` plans them. Each has a name in its country's
// language, hosts under `.example` (reserved, so no link in the corpus points anywhere real),
// a place, traffic counters and a source object shared by all its documents.
import { BRANDS, type Brand } from './brands';
import type { SandboxSource, SourceExtendedAttributes } from './document';
import { drawCountry, drawLanguage, drawPlace, placeNamed, placesOf, type Place } from './geo';
import { COUNTRIES, type Country } from './places';
import type { Random } from './random';
import { SOURCE_KINDS, type SourceKind, type Style } from './sources';

export interface Site {
  readonly kindIndex: number;
  readonly kind: SourceKind;
  readonly name: string;
  readonly host: string;
  readonly rootUrl: string;
  readonly domainUrl: string;
  readonly place: Place;
  readonly lang: string;
  readonly source: SandboxSource;
  readonly traffic: SourceExtendedAttributes;
  /** Monthly unique visitors: how far an article on the site reaches. */
  readonly visitors: number;
  readonly verified: boolean;
  /** Rank of the site among its country's sites of the same kind (0 = the biggest). */
  readonly rank: number;
  readonly brand?: Brand;
}

/** Display name and an ASCII base for the host, for names in scripts other than Latin. */
type Naming = readonly [display: string, slug?: string];

const NEWS: Readonly<Record<string, readonly Naming[]>> = {
  en: [
    ['{c} Herald'],
    ['{c} Times'],
    ['The {c} Post'],
    ['{c} Chronicle'],
    ['{c} Tribune'],
    ['{c} Courier'],
    ['{c} Gazette'],
    ['{c} Observer'],
  ],
  de: [['{c} Tagblatt'], ['Neue {c} Zeitung'], ['{c} Rundschau'], ['{c} Anzeiger'], ['{c} Kurier']],
  fr: [['Le Journal de {c}'], ['Le Courrier de {c}'], ['{c} Matin'], ['La Dépêche de {c}']],
  es: [['El Diario de {c}'], ['El Heraldo de {c}'], ['El Correo de {c}'], ['La Voz de {c}']],
  pt: [['Diário de {c}'], ['Jornal de {c}'], ['Folha de {c}']],
  it: [['Il Corriere di {c}'], ['La Gazzetta di {c}'], ['Il Giornale di {c}']],
  ja: [
    ['{c}新聞', '{e} shimbun'],
    ['{c}日報', '{e} nippo'],
  ],
  zh: [
    ['{c}日报', '{e} daily'],
    ['{c}晚报', '{e} evening'],
  ],
  ko: [
    ['{c}일보', '{e} ilbo'],
    ['{c}신문', '{e} sinmun'],
  ],
  el: [['Εφημερίδα {c}', '{e} news']],
  ar: [['أخبار {c}', '{e} akhbar']],
  th: [['ข่าว{c}', '{e} khao']],
  hi: [['{c} समाचार', '{e} samachar']],
  other: [['{c} News'], ['{c} Today'], ['{c} Daily'], ['{c} Times']],
};

const TOPICS = ['Tech', 'Business', 'Design', 'Gadget', 'Lifestyle', 'Consumer', 'Money', 'Future'];
const ADJECTIVES = ['Tiny', 'Curious', 'Urban', 'Honest', 'Weekend', 'Frugal', 'Happy', 'Quiet'];
const NOUNS = ['Gadget', 'Kitchen', 'Traveller', 'Tinkerer', 'Shopper', 'Parent', 'Geek', 'Maker'];
const AGENCIES = [
  'World Press Agency',
  'Global Wire',
  'Continental News Service',
  'Pacific Press',
  'Euro Newswire',
  'Atlas News Agency',
];
const WIRES = ['PR Wire Global', 'Business Release Network', 'Corporate Newswire'];

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Named {
  readonly name: string;
  /** Host name without the `.example` domain suffix. */
  readonly host: string;
}

class Namer {
  private readonly taken = new Set<string>();

  constructor(private readonly random: Random) {}

  /** A free host: the wanted one, or with a number appended to its first label. */
  claim(wanted: string): string {
    let host = wanted;
    for (let suffix = 2; this.taken.has(host); suffix++)
      host = wanted.replace(/^([^.]+)/, `$1${suffix}`);
    this.taken.add(host);
    return host;
  }

  name(style: Style, place: Place, lang: string): Named {
    const random = this.random;
    const city = place.city.local ?? place.city.city;
    const english = place.city.city;
    const country = place.country;
    const local = (naming: Naming): Named => {
      const name = naming[0].replace('{c}', city);
      const slug = slugify((naming[1] ?? naming[0]).replace('{c}', city).replace('{e}', english));
      return { name, host: `www.${slug}` };
    };
    switch (style) {
      case 'news':
        return local(random.pick(NEWS[lang] ?? NEWS.other ?? []));
      case 'magazine': {
        const name = `${random.pick(TOPICS)} ${random.pick(['Weekly', 'Monthly', 'Review', 'Insider'])}`;
        return { name, host: `www.${slugify(name)}-${country.code}` };
      }
      case 'broadcast': {
        const name = random.pick([`${english} TV`, `Radio ${english}`, `${english} 24`]);
        return { name, host: `www.${slugify(name)}` };
      }
      case 'blog': {
        const name = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${random.pick(['Blog', 'Notes', 'Journal'])}`;
        return { name, host: `${slugify(name).replace(/-/g, '')}.blog` };
      }
      case 'forum': {
        const name = random.chance(0.5)
          ? `${english} Forum`
          : `${random.pick(TOPICS)} Talk ${country.name}`;
        return { name, host: `forum.${slugify(name)}` };
      }
      case 'podcast': {
        const topic = random.pick(TOPICS);
        const name = random.pick([
          `The ${topic} Hour`,
          `${topic} Talk Podcast`,
          `${topic} Unplugged`,
        ]);
        return { name, host: `${slugify(name)}.podcasts` };
      }
      case 'newsletter': {
        const name = `${random.pick(ADJECTIVES)} ${random.pick(TOPICS)} Letter`;
        return { name, host: `${slugify(name).replace(/-/g, '')}.substack` };
      }
      default:
        return local(random.pick(NEWS.other ?? []));
    }
  }
}

/** Traffic floor per style: a big newspaper and a hobby blog differ by orders of magnitude. */
const VISITOR_FLOOR: Readonly<Record<Style, number>> = {
  news: 40_000,
  magazine: 20_000,
  press: 5_000,
  broadcast: 60_000,
  blog: 800,
  forum: 5_000,
  social: 0,
  comment: 0,
  brand: 20_000,
  podcast: 5_000,
  newsletter: 2_000,
};

function traffic(random: Random, style: Style, country: Country, rank: number) {
  const scale = (country.size / 2) * (rank === 0 ? 4 : 1 / rank);
  const visitors = Math.round(
    Math.min(4e8, random.pareto(VISITOR_FLOOR[style] * Math.max(scale, 0.2), 1.1)),
  );
  const counters: SourceExtendedAttributes = Object.freeze({
    rankerA_pageviews: Math.round(visitors * (2 + random.next() * 4)),
    rankerA_unique_visitors: visitors,
    rankerB_pageviews: Math.round(visitors * random.logNormal(1.2, 0.3)),
    rankerB_unique_visitors: Math.round(visitors * random.logNormal(0, 0.3)),
  });
  return { visitors, counters };
}

/** The special hosts: brands' newsrooms and sites, which the fixture projects use as channels. */
function brandHost(
  style: Style,
  index: number,
): { brand: Brand; host: string; name: string } | undefined {
  const brand = BRANDS[index];
  if (style === 'press' && brand)
    return { brand, host: `news.${brand.id}`, name: `${brand.corp} Newsroom` };
  if (style === 'brand' && brand) return { brand, host: `www.${brand.id}`, name: brand.corp };
  if (style === 'brand' && index === BRANDS.length) {
    const acme = BRANDS[0] as Brand;
    return { brand: acme, host: `reviews.${acme.id}`, name: `${acme.name} Customer Reviews` };
  }
  return undefined;
}

/** Every planned site, grouped by source kind (the index of SOURCE_KINDS). */
export function buildSites(random: Random): Site[][] {
  const namer = new Namer(random);
  let number = 0;
  const make = (
    kindIndex: number,
    kind: SourceKind,
    place: Place,
    rank: number,
    global: number,
  ): Site => {
    const special = global >= 0 ? brandHost(kind.style, global) : undefined;
    const home = special ? placeNamed(...special.brand.home) : place;
    const lang = special
      ? (home.country.languages[0]?.[0] ?? 'en')
      : drawLanguage(random, home.country);
    const named =
      special ??
      (kind.style === 'press'
        ? { name: WIRES[(global - BRANDS.length) % WIRES.length] ?? 'Newswire', host: '' }
        : kind.types[1] === 'ONLINENEWS_AGENCY' && global >= 0
          ? { name: AGENCIES[global % AGENCIES.length] ?? 'Press Agency', host: '' }
          : namer.name(kind.style, home, lang));
    const host = namer.claim(`${named.host || `www.${slugify(named.name)}`}.example`);
    const domain = host.split('.').slice(-2).join('.');
    const { visitors, counters } = traffic(random, kind.style, home.country, rank);
    const id = `web:${200_000 + number++}`;
    return {
      kindIndex,
      kind,
      name: named.name,
      host,
      rootUrl: ['https://', host, '/'].join(''),
      domainUrl: ['https://', domain, '/'].join(''),
      place: home,
      lang,
      source: Object.freeze({ id, name: named.name, world_data: home.world }),
      traffic: counters,
      visitors,
      verified: visitors > 1_000_000 || special !== undefined,
      rank,
      ...(special ? { brand: special.brand } : {}),
    };
  };
  return SOURCE_KINDS.map((kind, kindIndex) => {
    const sites: Site[] = [];
    for (const country of COUNTRIES) {
      const count = kind.perCountry(country);
      for (let rank = 0; rank < count; rank++) {
        const places = placesOf(country);
        const place = places[rank % places.length] ?? drawPlace(random, country);
        sites.push(make(kindIndex, kind, place, rank, -1));
      }
    }
    for (let global = 0; global < kind.global; global++)
      sites.push(make(kindIndex, kind, drawPlace(random, drawCountry(random)), global, global));
    return sites;
  });
}
