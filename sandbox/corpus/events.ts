// What a story is about: the news events of branded coverage, with the sentiment they pull
// towards, whether they can start a spike, and the words their templates use per language.

/** What a story is about. `chatter` is talk about a brand without a news event. */
export type EventId =
  | 'chatter'
  | 'launch'
  | 'review'
  | 'price'
  | 'earnings'
  | 'partnership'
  | 'recall'
  | 'lawsuit'
  | 'outage'
  | 'award'
  | 'layoffs'
  | 'breach';

export interface NewsEvent {
  readonly id: EventId;
  /** Share of branded stories. */
  readonly weight: number;
  /** The sentiment the story pulls towards, −5..5. */
  readonly sentiment: number;
  /** Whether it can start a burst of coverage (a spike). */
  readonly spike: boolean;
  /** Appended to the brand for the story's hashtag: `#AcmeRecall`. */
  readonly hashtag: string;
  /**
   * The words its templates use for it per language, so queries can be written for it
   * (`acme AND (recall OR rückruf OR rappel OR retirada)`). Documentation and tests read these.
   */
  readonly keywords: Readonly<Record<'en' | 'de' | 'fr' | 'es' | 'ja', readonly string[]>>;
}

export const EVENTS: readonly NewsEvent[] = [
  {
    id: 'chatter',
    weight: 34,
    sentiment: 0.3,
    spike: false,
    hashtag: '',
    keywords: { en: [], de: [], fr: [], es: [], ja: [] },
  },
  {
    id: 'launch',
    weight: 12,
    sentiment: 1.5,
    spike: true,
    hashtag: 'Launch',
    keywords: {
      en: ['launch', 'launches'],
      de: ['Markteinführung'],
      fr: ['lancement'],
      es: ['lanzamiento'],
      ja: ['発表'],
    },
  },
  {
    id: 'review',
    weight: 10,
    sentiment: 0.8,
    spike: false,
    hashtag: 'Review',
    keywords: {
      en: ['review', 'rating'],
      de: ['Test', 'Bewertung'],
      fr: ['avis', 'note'],
      es: ['reseña', 'valoración'],
      ja: ['評価'],
    },
  },
  {
    id: 'price',
    weight: 7,
    sentiment: 1,
    spike: false,
    hashtag: 'Deal',
    keywords: {
      en: ['price'],
      de: ['Preis'],
      fr: ['prix'],
      es: ['precio'],
      ja: ['値下げ'],
    },
  },
  {
    id: 'earnings',
    weight: 7,
    sentiment: 0.2,
    spike: false,
    hashtag: 'Earnings',
    keywords: {
      en: ['earnings'],
      de: ['Quartalszahlen'],
      fr: ['résultats'],
      es: ['resultados'],
      ja: ['決算'],
    },
  },
  {
    id: 'partnership',
    weight: 5,
    sentiment: 1.5,
    spike: false,
    hashtag: 'Partnership',
    keywords: {
      en: ['partnership'],
      de: ['Partnerschaft'],
      fr: ['partenariat'],
      es: ['alianza'],
      ja: ['提携'],
    },
  },
  {
    id: 'recall',
    weight: 5,
    sentiment: -2.5,
    spike: true,
    hashtag: 'Recall',
    keywords: {
      en: ['recall'],
      de: ['Rückruf'],
      fr: ['rappel'],
      es: ['retirada'],
      ja: ['リコール'],
    },
  },
  {
    id: 'lawsuit',
    weight: 4,
    sentiment: -2,
    spike: true,
    hashtag: 'Lawsuit',
    keywords: {
      en: ['lawsuit'],
      de: ['Klage'],
      fr: ['procès'],
      es: ['demanda'],
      ja: ['訴訟'],
    },
  },
  {
    id: 'outage',
    weight: 4,
    sentiment: -2.5,
    spike: true,
    hashtag: 'Outage',
    keywords: {
      en: ['outage'],
      de: ['Störung', 'Ausfall'],
      fr: ['panne'],
      es: ['caída'],
      ja: ['障害'],
    },
  },
  {
    id: 'award',
    weight: 3,
    sentiment: 3,
    spike: false,
    hashtag: 'Award',
    keywords: {
      en: ['award'],
      de: ['Preis'],
      fr: ['prix'],
      es: ['premio'],
      ja: ['受賞'],
    },
  },
  {
    id: 'layoffs',
    weight: 3,
    sentiment: -2,
    spike: true,
    hashtag: 'Layoffs',
    keywords: {
      en: ['layoffs'],
      de: ['Stellenabbau'],
      fr: ['licenciements'],
      es: ['despidos'],
      ja: ['人員削減'],
    },
  },
  {
    id: 'breach',
    weight: 2,
    sentiment: -3,
    spike: true,
    hashtag: 'DataBreach',
    keywords: {
      en: ['breach'],
      de: ['Datenleck'],
      fr: ['fuite'],
      es: ['filtración'],
      ja: ['漏えい'],
    },
  },
];

export function eventNamed(id: EventId): NewsEvent {
  const event = EVENTS.find((candidate) => candidate.id === id);
  if (!event) throw new Error(`no event ${id}`);
  return event;
}
