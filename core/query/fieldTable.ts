// The field table of spec/query-language.md §2 as data: what each field accepts, its closed value
// set (from data/*.json), how values compare, and the documentation shown on hover and completion.
import contains from './data/contains.json';
import countries from './data/countries.json';
import demographics from './data/demographics.json';
import devices from './data/devices.json';
import flags from './data/flags.json';
import genders from './data/genders.json';
import languages from './data/languages.json';
import noiseCategories from './data/noisecategories.json';
import postTypes from './data/posttypes.json';
import sentiments from './data/sentiments.json';
import sourceTypes from './data/sourcetypes.json';
import { editDistance } from './editDistance';

export interface FieldValueEntry {
  readonly value: string;
  readonly description?: string;
}

/** How a written value must be spelled to be in its set. */
export type ValueCase = 'lower' | 'upper' | 'any';

export interface ValueSet {
  readonly entries: readonly FieldValueEntry[];
  readonly valueCase: ValueCase;
  /** An open set only serves completion: other values of the right case are accepted. */
  readonly closed: boolean;
  /** For open sets checked by prefix (demographic groups). */
  readonly prefixes?: readonly string[];
  /** Values completion lists first, in this order, before the rest in the table's order. */
  readonly first?: readonly string[];
}

/** A value format that is checked by shape rather than by a set. */
export type ValueFormat = 'network-id' | 'type-path' | 'mention' | 'hashtag' | 'url';

export interface FieldSpec {
  readonly name: string;
  /** One line for completion lists. */
  readonly summary: string;
  /** What it matches in the document (api.md field names). */
  readonly matches: string;
  readonly example: string;
  /** Whether `field:>N` comparisons apply, and on what. */
  readonly comparable?: 'date' | 'number';
  /** Inclusive bounds of a numeric field's values. */
  readonly numberRange?: readonly [number, number];
  readonly values?: ValueSet;
  readonly format?: ValueFormat;
  /** Whether wildcards and phrases make sense as values (text fields). */
  readonly text?: boolean;
}

function set(
  data: { values: readonly FieldValueEntry[] },
  valueCase: ValueCase,
  closed = true,
): ValueSet {
  return { entries: data.values, valueCase, closed };
}

/**
 * The languages most monitored coverage is in, most common first (by their share of online news
 * and social media; English far ahead): completion lists these before the alphabetical rest, so
 * `lang:` does not open on Afar, Abkhazian and Avestan.
 */
const COMMON_LANGUAGES = ['en', 'es', 'de', 'fr', 'pt', 'it', 'ja', 'ru', 'zh', 'ar', 'nl', 'tr'];

const TABLE: readonly FieldSpec[] = [
  {
    name: 'title',
    summary: 'Words or a phrase in the title',
    matches: '`title`',
    example: 'title:"car sharing"',
    text: true,
  },
  {
    name: 'content',
    summary: 'Words or a phrase in the body text',
    matches: '`content`',
    example: 'content:recall',
    text: true,
  },
  {
    name: 'author',
    summary: "The author's name",
    matches: '`extra_author_attributes.name`',
    example: 'author:"Jane Doe"',
    text: true,
  },
  {
    name: 'authordescription',
    summary: "Words in the author's profile description",
    matches: 'author description',
    example: 'authordescription:journalist',
    text: true,
  },
  {
    name: 'authorshort',
    summary: "The author's handle (case-sensitive)",
    matches: 'author short name',
    example: 'authorshort:AcmeNews',
  },
  {
    name: 'author_id',
    summary: 'An author by network and id',
    matches: '`extra_author_attributes.id`',
    example: 'author_id:"netA:12345"',
    format: 'network-id',
  },
  {
    name: 'source_id',
    summary: 'A source by network and id',
    matches: '`extra_source_attributes.id`',
    example: 'source_id:"netB:987"',
    format: 'network-id',
  },
  {
    name: 'mention',
    summary: 'A mentioned account',
    matches: '`tokens_mention`',
    example: 'mention:@acme',
    format: 'mention',
  },
  {
    name: 'hashtag',
    summary: 'A hashtag in the title or content',
    matches: 'hashtags in `title` and `content`',
    example: 'hashtag:#gdl',
    format: 'hashtag',
  },
  {
    name: 'lang',
    summary: 'Document language (ISO 639-1)',
    matches: '`lang` (no detected language counts as `en`)',
    example: 'lang:en',
    values: { ...set(languages, 'lower'), first: COMMON_LANGUAGES },
  },
  {
    name: 'sourcecountry',
    summary: 'Country of the source (ISO 3166-1 alpha-2)',
    matches: '`extra_source_attributes.world_data.country_code`',
    example: 'sourcecountry:de',
    values: set(countries, 'lower'),
  },
  {
    name: 'authorcountry',
    summary: 'Country of the author (ISO 3166-1 alpha-2)',
    matches: 'author country',
    example: 'authorcountry:fr',
    values: set(countries, 'lower'),
  },
  {
    name: 'sourcetype',
    summary: 'Source type; a parent matches all its subtypes',
    matches: '`source_type[]`',
    example: 'sourcetype:ONLINENEWS',
    values: set(sourceTypes, 'upper'),
  },
  {
    name: 'posttype',
    summary: 'Post type',
    matches: '`post_type[]`',
    example: 'posttype:VIDEO',
    values: set(postTypes, 'upper'),
  },
  {
    name: 'sentiment',
    summary: 'Sentiment of the document',
    matches: '`sentiment` (> 0 positive, 0 neutral, < 0 negative)',
    example: 'sentiment:negative',
    values: set(sentiments, 'any'),
  },
  {
    name: 'gender',
    summary: "The author's gender",
    matches: '`extra_author_attributes.gender`',
    example: 'gender:female',
    values: set(genders, 'any'),
  },
  {
    name: 'domainurl',
    summary: 'A domain and all its hosts',
    matches: '`domain_url`',
    example: 'domainurl:example.com',
    format: 'url',
  },
  {
    name: 'hosturl',
    summary: 'One host',
    matches: '`host_url`',
    example: 'hosturl:news.example.com',
    format: 'url',
  },
  {
    name: 'site',
    summary: 'Documents under a site address (prefix)',
    matches: '`url` prefix after removing the scheme',
    example: 'site:example.com/blog',
    format: 'url',
  },
  {
    name: 'url',
    summary: 'Documents under an address (prefix)',
    matches: '`url` prefix after removing the scheme',
    example: 'url:"https://example.com/news"',
    format: 'url',
  },
  {
    name: 'is',
    summary: 'A document flag',
    matches: 'document flags',
    example: 'is:retweet',
    values: set(flags, 'lower'),
  },
  {
    name: 'contains',
    summary: 'Media in the document',
    matches: '`images[]` and media',
    example: 'contains:image',
    values: set(contains, 'lower'),
  },
  {
    name: 'device',
    summary: 'Device class used to post',
    matches: 'posting device',
    example: 'device:MOBILE_IOS',
    values: set(devices, 'upper', false),
  },
  {
    name: 'noisecategory',
    summary: 'Noise category',
    matches: 'noise classification',
    example: 'noisecategory:seo_scam',
    values: set(noiseCategories, 'lower'),
  },
  {
    name: 'demographic',
    summary: 'Author demographic group (age-, interest-, occupation-)',
    matches: 'author demographics',
    example: 'demographic:occupation-artist',
    values: {
      ...set(demographics, 'lower', false),
      prefixes: ['age-', 'interest-', 'occupation-'],
    },
  },
  {
    name: 'image',
    summary: 'A detected logo id or `scene-<name>`',
    matches: 'image detection results',
    example: 'image:scene-beach',
  },
  { name: 'tag', summary: 'A project tag by id', matches: '`tags_internal`', example: 'tag:1234' },
  {
    name: 'customerentity',
    summary: 'An imported entity',
    matches: 'imported documents',
    example: 'customerentity:"Store:Berlin/Mitte"',
    format: 'type-path',
  },
  {
    name: 'published',
    summary: 'Publication time, epoch milliseconds',
    matches: '`published`',
    example: 'published:>=1633039200000',
    comparable: 'date',
  },
  {
    name: 'indexed',
    summary: 'Indexing time, epoch milliseconds',
    matches: '`indexed`',
    example: 'indexed:<1633039200000',
    comparable: 'date',
  },
  {
    name: 'search_indexed',
    summary: 'Search indexing time, epoch milliseconds',
    matches: '`search_indexed`',
    example: 'search_indexed:>1633039200000',
    comparable: 'date',
  },
  {
    name: 'engagement',
    summary: 'Engagement count',
    matches: '`engagement`',
    example: 'engagement:>100',
    comparable: 'number',
  },
  {
    name: 'reach',
    summary: 'Estimated reach',
    matches: '`reach`',
    example: 'reach:>=10000',
    comparable: 'number',
  },
  {
    name: 'score',
    summary: 'Relevance score, 0 to 10',
    matches: '`score`',
    example: 'score:>=7',
    comparable: 'number',
    numberRange: [0, 10],
  },
  {
    name: 'word_count',
    summary: 'Number of words',
    matches: '`word_count`',
    example: 'word_count:>300',
    comparable: 'number',
  },
  {
    name: 'trending_score',
    summary: 'Trending score',
    matches: '`trending_score`',
    example: 'trending_score:>5',
    comparable: 'number',
  },
];

const BY_NAME = new Map(TABLE.map((field) => [field.name, field]));

export const FIELD_NAMES: readonly string[] = TABLE.map((field) => field.name);
export const FIELDS: readonly FieldSpec[] = TABLE;

/** A custom metric of an imported document: a term, a phrase or a comparison. */
const CUSTOM_FIELD = /^custom\.([A-Za-z_][A-Za-z0-9_]*)$/;

function customField(name: string, metric: string): FieldSpec {
  return {
    name,
    summary: `Custom metric \`${metric}\` of imported documents`,
    matches: `\`custom.${metric}\` of an imported document`,
    example: `${name}:>10`,
    comparable: 'number',
    text: true,
  };
}

/** The field of that exact (lower-case) name, including `custom.<name>`. */
export function lookupField(name: string): FieldSpec | undefined {
  const known = BY_NAME.get(name);
  if (known) return known;
  const custom = CUSTOM_FIELD.exec(name);
  return custom ? customField(name, custom[1] ?? '') : undefined;
}

/** The closest of `candidates` to `word` (case-insensitive), when close enough to be a typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  // Allow about one edit per three characters: `lnag` → `lang`, but not `foo` → `too`-like noise.
  const allowed = Math.max(1, Math.floor(lower.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Bounded by what is allowed: a long word is not compared character by character with
    // every value (a 100 KB "language" against 184 of them), and the answer is the same.
    const distance = editDistance(lower, candidate.toLowerCase(), allowed);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= allowed) return best;
  // A fragment of a longer value (`NEWS` for `ONLINENEWS`) is a likely slip too.
  return lower.length >= 3
    ? candidates.find((candidate) => candidate.toLowerCase().includes(lower))
    : undefined;
}

/** The known field a mistyped name most likely meant (`Lang` → `lang`, `lnag` → `lang`). */
export function suggestField(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (BY_NAME.has(lower)) return lower;
  if (lower.startsWith('custom.')) return undefined;
  return closest(lower, FIELD_NAMES);
}

/** A field's known values in the order completion lists them (see ValueSet.first). */
export function fieldValues(field: FieldSpec): readonly FieldValueEntry[] {
  const entries = field.values?.entries ?? [];
  const first = field.values?.first ?? [];
  if (first.length === 0) return entries;
  const byValue = new Map(entries.map((entry) => [entry.value, entry]));
  const leading = first.flatMap((value) => byValue.get(value) ?? []);
  return [...leading, ...entries.filter((entry) => !first.includes(entry.value))];
}

/** Markdown shown on hover over a field name and beside it in completion. */
export function fieldDocumentation(field: FieldSpec): string {
  const lines = [
    `**${field.name}** — ${field.summary}`,
    '',
    `Matches ${field.matches}.`,
    '',
    `Example: \`${field.example}\``,
  ];
  if (field.comparable) {
    lines.push(
      '',
      field.comparable === 'date'
        ? 'Compare with `>`, `>=`, `<`, `<=` and epoch **milliseconds**.'
        : 'Compare with `>`, `>=`, `<`, `<=`.',
    );
  }
  if (field.values?.closed)
    lines.push(
      '',
      `${field.values.entries.length} known values; completion lists them after \`${field.name}:\`.`,
    );
  return lines.join('\n');
}

/** The entry of a closed or open value set, compared as the field's case rule says. */
export function findValue(field: FieldSpec, value: string): FieldValueEntry | undefined {
  const values = field.values;
  if (!values) return undefined;
  return values.entries.find((entry) =>
    values.valueCase === 'any'
      ? entry.value.toLowerCase() === value.toLowerCase()
      : entry.value === value,
  );
}
