// The brands' words as ready-made phrases (name, company name, handle, products, hashtags) and
// the key terms that `tokens_title` and `tokens_content` list. Built once at load: every
// document reuses these strings instead of building its own.
import { BRANDS, type Brand } from './brands';
import { EVENTS, type EventId } from './events';
import { phrase, type Phrase } from './phrases';
import { GENERIC_HASHTAGS } from './vocabulary';

export interface BrandWords {
  readonly brand: Brand;
  readonly name: Phrase;
  readonly corp: Phrase;
  /** `@acme` */
  readonly mention: Phrase;
  readonly products: readonly Phrase[];
  /** `#AcmeAnvils`, per product. */
  readonly productTags: readonly Phrase[];
  /** `#Acme` */
  readonly brandTag: Phrase;
  /** `#AcmeRecall`, per newsworthy event. */
  readonly eventTags: Readonly<Partial<Record<EventId, Phrase>>>;
  /** Key terms per product: the brand's and the product's words, lower case. */
  readonly terms: readonly (readonly string[])[];
}

function wordsOf(brand: Brand): BrandWords {
  const eventTags: Partial<Record<EventId, Phrase>> = {};
  for (const event of EVENTS)
    if (event.hashtag) eventTags[event.id] = phrase(`#${brand.name}${event.hashtag}`);
  return {
    brand,
    name: phrase(brand.name),
    corp: phrase(brand.corp),
    mention: phrase(`@${brand.handle}`),
    products: brand.products.map((product) => phrase(product.name)),
    productTags: brand.products.map((product) => phrase(`#${product.hashtag}`)),
    brandTag: phrase(`#${brand.name}`),
    eventTags,
    terms: brand.products.map((product) =>
      Object.freeze([brand.id, ...product.name.toLowerCase().split(' ')]),
    ),
  };
}

export const BRAND_WORDS: ReadonlyMap<Brand, BrandWords> = new Map(
  BRANDS.map((brand) => [brand, wordsOf(brand)]),
);

export function wordsFor(brand: Brand): BrandWords {
  const words = BRAND_WORDS.get(brand);
  if (!words) throw new Error(`no words for brand ${brand.id}`);
  return words;
}

export const GENERIC_TAGS: readonly Phrase[] = GENERIC_HASHTAGS.map((tag) => phrase(`#${tag}`));
