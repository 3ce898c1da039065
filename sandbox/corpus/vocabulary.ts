// What the synthetic corpus is made of: brands, products and events (so realistic Boolean queries
// match sensible shares), places with regions and cities, sources, and per-language templates.
export const BRANDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Tyrell',
] as const;
export const PRODUCTS = [
  'anvil',
  'rocket',
  'rocket skates',
  'magnet',
  'catapult',
  'drone',
  'battery',
  'helmet',
] as const;
export const EVENTS = [
  ['launches', 1],
  ['recalls', -3],
  ['faces a lawsuit over', -2],
  ['wins an award for', 3],
  ['cuts the price of', 1],
  ['reports an outage of', -2],
  ['reviews', 0],
  ['announces a partnership on', 2],
] as const;

export interface Place {
  readonly country: string;
  readonly countryCode: string;
  readonly continent: string;
  readonly language: string;
  readonly weight: number;
  readonly regions: readonly {
    readonly region: string;
    readonly city: string;
    readonly lat: number;
    readonly lon: number;
  }[];
}

export const PLACES: readonly Place[] = [
  {
    country: 'United States',
    countryCode: 'US',
    continent: 'North America',
    language: 'en',
    weight: 30,
    regions: [
      { region: 'California', city: 'San Francisco', lat: 37.77, lon: -122.42 },
      { region: 'New York', city: 'New York', lat: 40.71, lon: -74.01 },
      { region: 'Texas', city: 'Austin', lat: 30.27, lon: -97.74 },
    ],
  },
  {
    country: 'United Kingdom',
    countryCode: 'GB',
    continent: 'Europe',
    language: 'en',
    weight: 10,
    regions: [
      { region: 'England', city: 'London', lat: 51.51, lon: -0.13 },
      { region: 'Scotland', city: 'Edinburgh', lat: 55.95, lon: -3.19 },
    ],
  },
  {
    country: 'Germany',
    countryCode: 'DE',
    continent: 'Europe',
    language: 'de',
    weight: 10,
    regions: [
      { region: 'Bavaria', city: 'Munich', lat: 48.14, lon: 11.58 },
      { region: 'Berlin', city: 'Berlin', lat: 52.52, lon: 13.4 },
      { region: 'Hamburg', city: 'Hamburg', lat: 53.55, lon: 9.99 },
    ],
  },
  {
    country: 'France',
    countryCode: 'FR',
    continent: 'Europe',
    language: 'fr',
    weight: 8,
    regions: [
      { region: 'Île-de-France', city: 'Paris', lat: 48.86, lon: 2.35 },
      { region: 'Auvergne-Rhône-Alpes', city: 'Lyon', lat: 45.76, lon: 4.84 },
    ],
  },
  {
    country: 'Spain',
    countryCode: 'ES',
    continent: 'Europe',
    language: 'es',
    weight: 6,
    regions: [
      { region: 'Madrid', city: 'Madrid', lat: 40.42, lon: -3.7 },
      { region: 'Catalonia', city: 'Barcelona', lat: 41.39, lon: 2.17 },
    ],
  },
  {
    country: 'Mexico',
    countryCode: 'MX',
    continent: 'North America',
    language: 'es',
    weight: 4,
    regions: [{ region: 'Mexico City', city: 'Mexico City', lat: 19.43, lon: -99.13 }],
  },
  {
    country: 'Japan',
    countryCode: 'JP',
    continent: 'Asia',
    language: 'ja',
    weight: 6,
    regions: [
      { region: 'Tokyo', city: 'Tokyo', lat: 35.68, lon: 139.69 },
      { region: 'Osaka', city: 'Osaka', lat: 34.69, lon: 135.5 },
    ],
  },
  {
    country: 'Canada',
    countryCode: 'CA',
    continent: 'North America',
    language: 'en',
    weight: 4,
    regions: [
      { region: 'Ontario', city: 'Toronto', lat: 43.65, lon: -79.38 },
      { region: 'Quebec', city: 'Montreal', lat: 45.5, lon: -73.57 },
    ],
  },
  {
    country: 'Australia',
    countryCode: 'AU',
    continent: 'Oceania',
    language: 'en',
    weight: 3,
    regions: [{ region: 'New South Wales', city: 'Sydney', lat: -33.87, lon: 151.21 }],
  },
  {
    country: 'India',
    countryCode: 'IN',
    continent: 'Asia',
    language: 'en',
    weight: 5,
    regions: [
      { region: 'Maharashtra', city: 'Mumbai', lat: 19.08, lon: 72.88 },
      { region: 'Karnataka', city: 'Bengaluru', lat: 12.97, lon: 77.59 },
    ],
  },
  {
    country: 'Brazil',
    countryCode: 'BR',
    continent: 'South America',
    language: 'pt',
    weight: 4,
    regions: [{ region: 'São Paulo', city: 'São Paulo', lat: -23.55, lon: -46.63 }],
  },
  {
    country: 'Italy',
    countryCode: 'IT',
    continent: 'Europe',
    language: 'it',
    weight: 3,
    regions: [
      { region: 'Lombardy', city: 'Milan', lat: 45.46, lon: 9.19 },
      { region: 'Lazio', city: 'Rome', lat: 41.9, lon: 12.5 },
    ],
  },
  {
    country: 'Netherlands',
    countryCode: 'NL',
    continent: 'Europe',
    language: 'nl',
    weight: 2,
    regions: [{ region: 'North Holland', city: 'Amsterdam', lat: 52.37, lon: 4.9 }],
  },
  {
    country: 'Switzerland',
    countryCode: 'CH',
    continent: 'Europe',
    language: 'de',
    weight: 2,
    regions: [
      { region: 'Zurich', city: 'Zurich', lat: 47.38, lon: 8.54 },
      { region: 'Geneva', city: 'Geneva', lat: 46.2, lon: 6.14 },
    ],
  },
  {
    country: 'South Korea',
    countryCode: 'KR',
    continent: 'Asia',
    language: 'ko',
    weight: 2,
    regions: [{ region: 'Seoul', city: 'Seoul', lat: 37.57, lon: 126.98 }],
  },
];

export const SOURCE_TYPES: readonly (readonly [readonly string[], number])[] = [
  [['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'], 14],
  [['ONLINENEWS', 'ONLINENEWS_MAGAZINE'], 5],
  [['ONLINENEWS', 'ONLINENEWS_AGENCY'], 3],
  [['ONLINENEWS', 'ONLINENEWS_PRESSRELEASES'], 2],
  [['ONLINENEWS', 'ONLINENEWS_TVRADIO'], 2],
  [['ONLINENEWS', 'ONLINENEWS_OTHER'], 4],
  [['BLOG', 'BLOG_OTHER'], 8],
  [['MESSAGEBOARD', 'MESSAGEBOARD_OTHER'], 6],
  [['SOCIALMEDIA', 'SOCIALMEDIA_TWITTER'], 30],
  [['SOCIALMEDIA', 'SOCIALMEDIA_DISQUS'], 5],
  [['BROADCAST', 'BROADCAST_TV'], 2],
  [['MONITOREDSITE', 'MONITOREDSITE_OTHER'], 2],
  [['PODCAST_OTHER'], 1],
  [['NEWSLETTER', 'NEWSLETTER_SUBSTACK'], 2],
  [['OTHER'], 1],
];

export const AGES = [
  'age-18-24',
  'age-25-34',
  'age-35-44',
  'age-45-54',
  'age-55-64',
  'age-65-plus',
] as const;
export const INTERESTS = [
  'interest-technology',
  'interest-sports',
  'interest-business',
  'interest-travel',
  'interest-food',
  'interest-music',
] as const;
export const OCCUPATIONS = [
  'occupation-engineer',
  'occupation-journalist',
  'occupation-student',
  'occupation-executive',
  'occupation-artist',
  'occupation-teacher',
] as const;
export const EMOJI = ['🚀', '🔥', '👍', '😡', '🎉', '😂', '⚡'] as const;
export const LOGOS = ['logo-acme', 'logo-globex', 'logo-initech', 'logo-umbrella'] as const;
export const SCENES = [
  'scene-beach',
  'scene-office',
  'scene-stadium',
  'scene-street',
  'scene-kitchen',
] as const;
export const TAGS = ['tag-crisis', 'tag-praise', 'tag-vip'] as const;

/** Sentences per language: {brand}, {event} and {product}, {city}. */
export const TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  en: [
    '{brand} {event} the {product} in {city}.',
    'Customers in {city} talk about the {brand} {product}.',
    'Analysts expect more news from {brand} this week!',
    'Is the {product} worth it?',
  ],
  de: [
    '{brand} {event} {product} in {city}.',
    'Kunden in {city} sprechen über {brand}.',
    'Mehr Neuigkeiten von {brand} werden erwartet.',
  ],
  fr: [
    '{brand} {event} le {product} à {city}.',
    'Les clients de {city} parlent de {brand}.',
    'On attend plus de nouvelles de {brand}.',
  ],
  es: [
    '{brand} {event} el {product} en {city}.',
    'Los clientes de {city} hablan de {brand}.',
    'Se esperan más noticias de {brand}.',
  ],
  ja: ['{brand}が{city}で{product}を発表しました。', '{city}の顧客が{brand}について話しています。'],
  pt: ['{brand} {event} o {product} em {city}.', 'Clientes em {city} falam da {brand}.'],
  it: ['{brand} {event} il {product} a {city}.', 'I clienti di {city} parlano di {brand}.'],
  nl: ['{brand} {event} de {product} in {city}.', 'Klanten in {city} praten over {brand}.'],
  ko: [
    '{brand}가 {city}에서 {product}를 발표했습니다.',
    '{city}의 고객들이 {brand}에 대해 이야기합니다.',
  ],
};
