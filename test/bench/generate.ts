// Seeded generator of realistic .mmq files: many rules of brand-monitoring queries with phrases,
// proximity, field clauses, nested groups, annotations and comments. Same seed, same text.

/** mulberry32: a small, fast, seedable PRNG; quality is ample for test data. */
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

const BRANDS = [
  'acme',
  'globex',
  'initech',
  'umbrella',
  'hooli',
  'stark',
  'wayne',
  'tyrell',
  'cyberdyne',
  'soylent',
];
const PRODUCTS = [
  'anvil',
  'rocket',
  'magnet',
  'skates',
  'catapult',
  'glue',
  'spring',
  'umbrella',
  'drone',
  'battery',
  'charger',
  'helmet',
];
const WORDS = [
  'recall',
  'launch',
  'review',
  'price',
  'outage',
  'lawsuit',
  'partnership',
  'earnings',
  'strike',
  'leak',
  'ceo',
  'layoffs',
];
const FIELDS = [
  'lang:en',
  'lang:de',
  'lang:fr',
  'sourcetype:ONLINENEWS',
  'sourcetype:SOCIALMEDIA_TWITTER',
  'sentiment:negative',
  'sourcecountry:us',
  'is:retweet',
  'engagement:>100',
  'published:>1700000000000',
];

export function generateFile(targetBytes: number, seed = 42): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const leaf = (): string => {
    const roll = next();
    if (roll < 0.45) return pick([...BRANDS, ...PRODUCTS, ...WORDS]);
    if (roll < 0.6) return `"${pick(BRANDS)} ${pick(PRODUCTS)}"`;
    if (roll < 0.68) return `${pick(WORDS).slice(0, 4)}*`;
    if (roll < 0.85) return pick(FIELDS);
    return `${pick(BRANDS)} NEAR/${1 + Math.floor(next() * 9)} (${pick(PRODUCTS)} OR ${pick(PRODUCTS)})`;
  };
  const orGroup = (size: number): string => `(${Array.from({ length: size }, leaf).join(' OR ')})`;
  const rule = (index: number): string => {
    const lines = [`### rule-${index}`];
    if (next() < 0.3) lines.push(`// ${pick(WORDS)} coverage for ${pick(BRANDS)}`);
    lines.push(`${orGroup(3 + Math.floor(next() * 8))} AND ${orGroup(2 + Math.floor(next() * 6))}`);
    if (next() < 0.6)
      lines.push(`  AND NOT (${pick(WORDS)} OR -site:"${pick(BRANDS)}.example.com")   // noise`);
    if (next() < 0.5) lines.push(`  AND ${pick(FIELDS)} ${pick(FIELDS)}`);
    return lines.join('\n');
  };
  const parts = ['// @stream benchmark', '// @project bench-project', ''];
  let size = parts.join('\n').length;
  for (let index = 1; size < targetBytes; index++) {
    const text = rule(index) + '\n\n';
    parts.push(text);
    size += text.length;
  }
  return parts.join('\n');
}

/** One character changed in the middle of a query line: the language server's typing case. */
export function editInMiddle(text: string): string {
  const middle = text.indexOf('\nAND', Math.floor(text.length / 2));
  const at = middle < 0 ? Math.floor(text.length / 2) : middle;
  return `${text.slice(0, at)} x${text.slice(at)}`;
}
