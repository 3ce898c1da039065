// A seeded generator of realistic .mmq files for the benchmarks: a stream's worth of brand
// monitoring rules as analysts write them. Each rule is a top-level AND over a few lines: an
// OR-group of brand names (phrases, hashtags, handles, wildcards), an OR-group of topics with
// groups nested two to three levels deep and proximity (`acme NEAR/5 (fine OR probe)`), field
// filters (`lang:`, `sourcetype:`, `-site:"…"`, comparisons) and an exclusion group; 10 to 50
// operands, header comments, comment lines, end-of-line comments, annotations at the top.
// Same seed and size, same text: the benchmarks compare runs, and the unit test checks that the
// text is valid (no error diagnostic at all), so a parser is timed on the files it exists for.

/** mulberry32: a small, fast, seedable PRNG; its quality is ample for test data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Brand {
  readonly id: string;
  /** How people write the brand: words, phrases, a hashtag, a handle, a wildcard. */
  readonly names: readonly string[];
  /** Products and people, the anchors of proximity clauses. */
  readonly products: readonly string[];
  /** Its own sites, excluded from earned-media rules. */
  readonly sites: readonly string[];
}

const BRANDS: readonly Brand[] = [
  {
    id: 'acme',
    names: ['acme', '"acme corp"', '"acme corporation"', '#acme', '@acmeofficial', 'acmeco*'],
    products: ['anvil', '"rocket skates"', '"giant magnet"', '"portable hole"', 'acmephone'],
    sites: ['acme.com', 'shop.acme.com', 'acmefans.net'],
  },
  {
    id: 'globex',
    names: ['globex', '"globex corporation"', '#globex', '@globexhq', 'globex~1'],
    products: ['"globex cloud"', 'hammock', '"hank scorpio"', 'doomsday', '"cypress creek"'],
    sites: ['globex.com', 'investors.globex.com'],
  },
  {
    id: 'initech',
    names: ['initech', '"initech inc"', '#initech', '@initech_support', '++"INITECH"'],
    products: ['"tps report"', 'printer', '"red stapler"', '"milton waddams"', 'penetrode'],
    sites: ['initech.com', 'careers.initech.com'],
  },
  {
    id: 'umbrella',
    names: ['"umbrella corp"', '"umbrella corporation"', '"umbrella pharma"', '#umbrellacorp'],
    products: ['"t-virus"', 'raccoon', '"hive lab"', 'vaccine', '"albert wesker"'],
    sites: ['umbrella-corp.com', 'umbrellapharma.de'],
  },
  {
    id: 'hooli',
    names: ['hooli', '"hooli xyz"', '#hooli', '@hooli', 'hooli*'],
    products: ['"hooli phone"', 'nucleus', '"gavin belson"', '"box three"', 'hoolichat'],
    sites: ['hooli.com', 'blog.hooli.com', 'hooli.xyz'],
  },
  {
    id: 'nordlicht',
    names: ['nordlicht', '"nordlicht energie"', '"nordlicht ag"', '#nordlicht', '@nordlicht_de'],
    products: ['ökostrom', 'wärmepumpe', '"smart meter"', 'stromtarif', '"balkon-solar"'],
    sites: ['nordlicht.de', 'presse.nordlicht.de'],
  },
  {
    id: 'sakura',
    names: ['sakura', '"sakura motors"', 'さくら自動車', '#sakuramotors', '@sakura_global'],
    products: ['"sakura ev"', 'hanami', '"model s7"', 'ハナミ', 'kaze'],
    sites: ['sakura-motors.jp', 'global.sakura-motors.com'],
  },
  {
    id: 'laforet',
    names: ['laforêt', '"la forêt"', '"laforêt cosmétiques"', '#laforet', "l'atelier"],
    products: ['"crème de nuit"', 'sérum', '"eau de parfum"', '"marie dubois"', 'mascara'],
    sites: ['laforet.fr', 'boutique.laforet.fr'],
  },
];

/** Topics of monitoring rules: risks, launches, corporate news, sustainability; a few languages. */
const TOPICS: readonly (readonly string[])[] = [
  ['recall', 'lawsuit', 'outage', '"data breach"', 'layoffs', 'strike', 'boycott', 'fraud'],
  ['investigation', 'scandal', '"class action"', 'fine', 'probe', '"price hike"', 'shortage'],
  ['launch', 'unveil*', 'announce*', 'preorder', 'review', '"hands-on"', 'teaser', 'leak'],
  ['earnings', 'revenue', 'ceo', 'acquisition', 'merger', 'ipo', 'dividend', '"profit warning"'],
  ['sustainability', 'emissions', '"carbon neutral"', 'greenwashing', 'recycling', 'esg'],
  ['rückruf', 'klage', 'panne', 'rappel', 'grève', 'huelga', 'リコール', 'boicot'],
];

/** Words that go with a topic inside nested groups: `(outage AND (app OR website))`. */
const CONTEXTS: readonly string[] = [
  'app',
  'website',
  '"customer service"',
  'delivery',
  'battery',
  'factory',
  'supplier',
  'regulator',
  '"social media"',
  'employees',
  'customers',
  'refund',
];

const NOISE: readonly string[] = [
  'stock',
  'shares',
  'nasdaq',
  'coupon',
  'giveaway',
  '"promo code"',
  'horoscope',
  'cartoon',
  '"looney tunes"',
  'recipe',
  'lyrics',
  'fanfic*',
];

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'nl'];
const SOURCE_TYPES = [
  'ONLINENEWS',
  'ONLINENEWS_NEWSPAPER',
  'BLOG',
  'SOCIALMEDIA_TWITTER',
  'PODCAST_OTHER',
];
const COUNTRIES = ['us', 'gb', 'de', 'fr', 'jp', 'es'];
const SINGLE_FILTERS = [
  '-is:retweet',
  'is:author_verified',
  'published:>1735689600000',
  'engagement:>=50',
  'reach:>10000',
  'sentiment:negative',
  '-domainurl:"prnewswire.com"',
  '-noisecategory:promotions',
];

const HEADER_NOTES = [
  'owner: comms team',
  'reviewed 2025-03',
  'agreed with legal',
  'high volume',
  'TODO: add Japanese names',
  'see ticket MON-412',
];
const COMMENT_LINES = [
  'Earned media only: own sites and retweets are excluded.',
  'Risk coverage for the crisis dashboard.',
  'Launch monitoring; widen after the embargo.',
  'Names and handles checked against the brand book.',
  'Excludes the cartoon, which shares the name.',
  'Keep under 50 operands: the service rejects longer rules.',
];
const LINE_NOTES = ['noise', 'brand names', 'ask before widening', 'from the old query'];

/** The random choices of one file, with the helpers that keep a list free of duplicates. */
class Dice {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = random(seed);
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** `count` distinct items (fewer if the list is shorter). */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return chosen;
  }
}

/** Query text and how many operands it holds (spec §3). */
interface Piece {
  readonly text: string;
  readonly operands: number;
}

const orGroup = (items: readonly string[]): Piece => ({
  text: `(${items.join(' OR ')})`,
  operands: items.length,
});

/**
 * The topic group, exactly `budget` operands: plain topics, nested groups two levels below it
 * (`(outage AND (app OR website))`), proximity to a product (`anvil NEAR/5 (fine OR probe)`),
 * phrase proximity (`"acme recall"~3`). Long groups wrap onto indented lines.
 */
function topicGroup(dice: Dice, brand: Brand, budget: number): string {
  // The rule's own topic first (popped from the end), then words of the others.
  const theme = dice.pick(TOPICS);
  const topics = [
    ...dice.some(TOPICS.flat(), 40).filter((t) => !theme.includes(t)),
    ...dice.some(theme, 8),
  ];
  const contexts = dice.some(CONTEXTS, CONTEXTS.length);
  const products = dice.some(brand.products, brand.products.length);
  const items: string[] = [];
  let left = budget;
  const take = <T>(pool: T[], fallback: () => T): T => pool.pop() ?? fallback();
  let spare = 0;
  const word = () => take(topics, () => `topic${++spare}`);
  const phrases = dice.some(['recall', 'lawsuit', 'launch', 'strike', 'outage'], 5);
  while (left > 0) {
    const roll = dice.next();
    if (left >= 4 && roll < 0.25) {
      const inner = dice.int(2, Math.min(4, left - 1));
      const nested = Array.from({ length: inner }, () => take(contexts, word));
      items.push(`(${word()} AND (${nested.join(' OR ')}))`);
      left -= inner + 1;
    } else if (left >= 3 && roll < 0.45) {
      const inner = dice.int(2, Math.min(3, left - 1));
      const distance = dice.pick([3, 5, 8, 10, 15]);
      const near = dice.pick(['NEAR', 'NEAR', 'ONEAR']);
      const anchor = take(products, () => dice.pick(brand.names.filter((n) => !n.includes('+'))));
      const group = Array.from({ length: inner }, word).join(' OR ');
      items.push(`${anchor} ${near}/${distance} (${group})`);
      left -= inner + 1;
    } else if (roll < 0.5 && phrases.length > 0) {
      items.push(`"${brand.id} ${phrases.pop()}"~3`);
      left -= 1;
    } else {
      items.push(word());
      left -= 1;
    }
  }
  // Wrap like a person would: a new line, indented, every few items.
  let text = '(';
  let lineLength = 6;
  items.forEach((item, index) => {
    if (index > 0) {
      if (lineLength + item.length > 90) {
        text += '\n    OR ';
        lineLength = 7;
      } else {
        text += ' OR ';
        lineLength += 4;
      }
    }
    text += item;
    lineLength += item.length;
  });
  return `${text})`;
}

/** Field filters, `count` operands, each kind at most once (a repeat would be a duplicate). */
function filters(dice: Dice, brand: Brand, count: number): string[] {
  const kinds = dice.some<(room: number) => Piece>(
    [
      (room) =>
        orGroup(dice.some(LANGUAGES, Math.min(room, dice.int(2, 3))).map((l) => `lang:${l}`)),
      (room) =>
        room >= 2
          ? orGroup(dice.some(SOURCE_TYPES, 2).map((type) => `sourcetype:${type}`))
          : { text: `sourcetype:${dice.pick(SOURCE_TYPES)}`, operands: 1 },
      () => ({ text: `-site:"${dice.pick(brand.sites)}"`, operands: 1 }),
      () => ({ text: `sourcecountry:${dice.pick(COUNTRIES)}`, operands: 1 }),
      ...dice.some(SINGLE_FILTERS, 4).map((text) => () => ({ text, operands: 1 })),
    ],
    8,
  );
  const pieces: string[] = [];
  let left = count;
  for (const kind of kinds) {
    if (left <= 0) break;
    const piece = kind(left);
    pieces.push(
      piece.operands === 1 && piece.text.startsWith('(') ? piece.text.slice(1, -1) : piece.text,
    );
    left -= piece.operands;
  }
  return pieces;
}

function rule(dice: Dice, index: number): string {
  const brand = dice.pick(BRANDS);
  const target = dice.int(10, 50);
  const brandCount = dice.int(2, Math.min(5, brand.names.length));
  const filterCount = dice.int(1, 5);
  const noiseCount = dice.chance(0.7) ? dice.int(2, 5) : 0;
  const topicBudget = Math.max(3, target - brandCount - filterCount - noiseCount);

  const lines: string[] = [];
  const id = `${brand.id}-${dice.pick(['risk', 'launch', 'corporate', 'esg', 'crisis'])}-${index}`;
  lines.push(dice.chance(0.4) ? `### ${id}  // ${dice.pick(HEADER_NOTES)}` : `### ${id}`);
  if (dice.chance(0.5)) lines.push(`// ${dice.pick(COMMENT_LINES)}`);
  const names = orGroup(dice.some(brand.names, brandCount)).text;
  lines.push(dice.chance(0.2) ? `${names}   // ${dice.pick(LINE_NOTES)}` : names);
  lines.push(`  AND ${topicGroup(dice, brand, topicBudget)}`);
  const filterLine = filters(dice, brand, filterCount).join(' ');
  lines.push(dice.chance(0.5) ? `  AND ${filterLine}` : `  ${filterLine}`);
  if (noiseCount > 0) {
    const noise = orGroup(dice.some(NOISE, noiseCount)).text;
    lines.push(
      dice.chance(0.3) ? `  AND NOT ${noise}   // ${dice.pick(LINE_NOTES)}` : `  AND NOT ${noise}`,
    );
  }
  return lines.join('\n');
}

/** A file of at least `targetBytes` UTF-16 code units (≈ bytes: the text is mostly ASCII). */
export function generateFile(targetBytes: number, seed = 42): string {
  const dice = new Dice(seed);
  const parts = [
    '// @stream brand-watch-2025',
    '// @project 7c1e-demo',
    '//',
    '// Brand monitoring rules of the benchmark corpus (generated; seed ' + String(seed) + ').',
    '',
  ];
  let size = parts.join('\n').length;
  for (let index = 1; size < targetBytes; index++) {
    const section = index % 12 === 1 ? `// ---- section ${Math.ceil(index / 12)} ----\n\n` : '';
    const text = `${section}${rule(dice, index)}\n`;
    parts.push(text);
    size += text.length + 1;
  }
  return parts.join('\n');
}

/**
 * The language server's typing case: one character typed in the middle of the file, an `s` at
 * the end of a plain word in a query (`recall` → `recalls`), so the file stays valid.
 */
export function oneCharacterEdit(text: string): string {
  const word = /(?<=[ (])[a-z]{3,}(?= OR )/g;
  word.lastIndex = Math.floor(text.length / 2);
  const found = word.exec(text);
  if (!found) throw new Error('no plain word to edit after the middle of the file');
  const at = found.index + found[0].length;
  return `${text.slice(0, at)}s${text.slice(at)}`;
}

/**
 * One small rule, 4 to 10 operands on one or two lines: a brand's names, a topic or a product
 * near a topic, sometimes a language filter or an exclusion. Files of many such rules are what
 * teams export when every alert is a rule of its own (the language server issue about a file of
 * 100,000 rules), a shape the larger rules of `rule` do not reach at that count.
 */
function smallRule(dice: Dice, index: number): string {
  const brand = dice.pick(BRANDS);
  const id = `${brand.id}-${dice.pick(['alert', 'watch', 'crisis', 'launch'])}-${index}`;
  const lines = [dice.chance(0.2) ? `### ${id}  // ${dice.pick(HEADER_NOTES)}` : `### ${id}`];
  const names = orGroup(dice.some(brand.names, dice.int(1, 3))).text;
  const topics = dice.some(TOPICS.flat(), dice.int(1, 3));
  const topic = dice.chance(0.3)
    ? `${dice.pick(brand.products)} NEAR/${dice.pick([3, 5, 10])} (${topics.join(' OR ')})`
    : `(${topics.join(' OR ')})`;
  let query = `${names} AND ${topic}`;
  if (dice.chance(0.4)) query += ` lang:${dice.pick(LANGUAGES)}`;
  if (dice.chance(0.3)) query += `\n  -site:"${dice.pick(brand.sites)}"`;
  lines.push(query);
  return lines.join('\n');
}

/** A file of `rules` small rules (smallRule), with the annotations of generateFile at the top. */
export function generateSmallRules(rules: number, seed = 42): string {
  const dice = new Dice(seed);
  const parts = ['// @stream brand-alerts', '// @project 7c1e-demo', ''];
  for (let index = 1; index <= rules; index++) parts.push(`${smallRule(dice, index)}\n`);
  return parts.join('\n');
}
