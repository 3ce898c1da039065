// Matching of field clauses other than `title:` and `content:` (spec §2 table, §5): keyword
// fields compare normalised values exactly, numeric fields compare numbers, addresses compare
// by domain, host or prefix.
import type { FieldValue } from '../ast';
import type { MatchableDocument } from '../document';
import { normalizeWord, tokenize } from '../normalize';
import { wildcardPattern } from './wildcard';

type Comparison = Extract<FieldValue, { kind: 'comparison' }>;

function valueText(value: FieldValue): string {
  return value.kind === 'comparison' ? value.raw : value.text;
}

/** A keyword test: exact after normalisation, or by pattern for a wildcard term. */
function keywordTest(value: FieldValue): (candidate: string | undefined) => boolean {
  const expected = normalizeWord(valueText(value));
  if (value.kind === 'term' && value.shape.form === 'wildcard') {
    const regex = wildcardPattern(expected);
    return (candidate) => candidate !== undefined && regex.test(normalizeWord(candidate));
  }
  return (candidate) => candidate !== undefined && normalizeWord(candidate) === expected;
}

function compare(actual: number | undefined, value: FieldValue): boolean {
  if (actual === undefined || Number.isNaN(actual)) return false;
  if (value.kind !== 'comparison') {
    const expected = Number(valueText(value));
    return !Number.isNaN(expected) && actual === expected;
  }
  const comparison: Comparison = value;
  switch (comparison.operator) {
    case '>':
      return actual > comparison.value;
    case '>=':
      return actual >= comparison.value;
    case '<':
      return actual < comparison.value;
    case '<=':
      return actual <= comparison.value;
  }
}

function withoutScheme(address: string): string {
  return address
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '');
}

function hostOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return withoutScheme(address).split(/[/?#]/, 1)[0];
}

function sentimentMatches(sentiment: number | undefined, value: string): boolean {
  if (sentiment === undefined) return false;
  switch (value.toLowerCase()) {
    case 'positive':
      return sentiment > 0;
    case 'neutral':
      return sentiment === 0;
    case 'negative':
      return sentiment < 0;
    default:
      return false;
  }
}

/** Whether a text field (author name, description) holds the value's words in sequence. */
function textHolds(text: string | undefined, value: FieldValue): boolean {
  if (!text) return false;
  const words = tokenize(text);
  const wanted = tokenize(valueText(value));
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= words.length; start++) {
    if (wanted.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

const NUMERIC: Readonly<Record<string, (document: MatchableDocument) => number | undefined>> = {
  published: (document) => document.published,
  indexed: (document) => document.indexed,
  search_indexed: (document) => document.search_indexed,
  engagement: (document) => document.engagement,
  reach: (document) => document.reach,
  score: (document) => document.score,
  word_count: (document) => document.word_count,
  trending_score: (document) => document.trending_score,
};

const LISTS: Readonly<
  Record<string, (document: MatchableDocument) => readonly string[] | undefined>
> = {
  posttype: (document) => document.post_type,
  is: (document) => document.flags,
  noisecategory: (document) => document.noise_categories,
  demographic: (document) => document.demographics,
  image: (document) => document.image_detections,
  tag: (document) => document.tags_internal,
  customerentity: (document) => document.customer_entities,
};

export function matchField(name: string, value: FieldValue, document: MatchableDocument): boolean {
  const numeric = NUMERIC[name];
  if (numeric) return compare(numeric(document), value);
  if (value.kind === 'comparison' && !name.startsWith('custom.')) return false;
  const list = LISTS[name];
  if (list) return (list(document) ?? []).some(keywordTest(value));
  const text = valueText(value);
  const author = document.extra_author_attributes;
  switch (name) {
    case 'lang':
      // Spec: no detected language counts as English.
      return keywordTest(value)(document.lang || 'en');
    case 'sourcecountry':
      return keywordTest(value)(document.extra_source_attributes?.world_data?.country_code);
    case 'authorcountry':
      return keywordTest(value)(author?.country_code);
    case 'sourcetype': {
      const wanted = text.toUpperCase();
      // A parent type matches every PARENT_child type.
      return (document.source_type ?? []).some(
        (type) => type.toUpperCase() === wanted || type.toUpperCase().startsWith(`${wanted}_`),
      );
    }
    case 'sentiment':
      return sentimentMatches(document.sentiment, text);
    case 'gender':
      return keywordTest(value)(author?.gender);
    case 'author':
      return textHolds(author?.name, value);
    case 'authordescription':
      return textHolds(author?.description, value);
    case 'authorshort':
      // Handles are case-sensitive; a leading `@` is optional on either side.
      return (
        author?.short_name !== undefined &&
        author.short_name.replace(/^@/, '') === text.replace(/^@/, '')
      );
    case 'author_id':
      return keywordTest(value)(author?.id);
    case 'source_id':
      return keywordTest(value)(document.extra_source_attributes?.id);
    case 'mention': {
      const wanted = normalizeWord(text.replace(/^@/, ''));
      return (document.tokens_mention ?? []).some(
        (mention) => normalizeWord(mention.replace(/^@/, '')) === wanted,
      );
    }
    case 'hashtag': {
      const wanted = normalizeWord(text.startsWith('#') ? text : `#${text}`);
      return [...tokenize(document.title ?? ''), ...tokenize(document.content ?? '')].includes(
        wanted,
      );
    }
    case 'contains':
      return text.toLowerCase() === 'image'
        ? (document.images?.length ?? 0) > 0
        : (document.media ?? []).includes(text.toLowerCase());
    case 'device':
      return document.device !== undefined && document.device.toUpperCase() === text.toUpperCase();
    case 'domainurl': {
      const domain = hostOf(document.domain_url) ?? hostOf(document.url);
      const wanted = withoutScheme(text).replace(/\/.*$/, '');
      // The domain and every host under it.
      return (
        domain !== undefined &&
        (domain === wanted ||
          domain.endsWith(`.${wanted}`) ||
          (hostOf(document.host_url) ?? '').endsWith(`.${wanted}`))
      );
    }
    case 'hosturl':
      return hostOf(document.host_url ?? document.url) === withoutScheme(text).replace(/\/.*$/, '');
    case 'site':
    case 'url':
      return (
        document.url !== undefined && withoutScheme(document.url).startsWith(withoutScheme(text))
      );
    default:
      if (name.startsWith('custom.')) {
        const metric = document.custom?.[name.slice('custom.'.length)];
        if (metric === undefined) return false;
        return typeof metric === 'number'
          ? compare(metric, value)
          : value.kind !== 'comparison' && normalizeWord(metric) === normalizeWord(text);
      }
      // Unknown fields match nothing.
      return false;
  }
}
