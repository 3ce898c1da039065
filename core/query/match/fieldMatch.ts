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
  // Documents repeat the same few values (languages, countries): the last answer is kept.
  let last: string | undefined;
  let lastAnswer = false;
  return (candidate) => {
    if (candidate === undefined) return false;
    if (candidate !== last) {
      last = candidate;
      lastAnswer = normalizeWord(candidate) === expected;
    }
    return lastAnswer;
  };
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

/** A test of one document, made once per field clause. */
export type DocumentTest = (document: MatchableDocument) => boolean;

const never: DocumentTest = () => false;

/** The test of `name:value`, with what depends on the value alone worked out once. */
export function fieldTest(name: string, value: FieldValue): DocumentTest {
  const numeric = NUMERIC[name];
  if (numeric) return (document) => compare(numeric(document), value);
  if (value.kind === 'comparison' && !name.startsWith('custom.')) return never;
  const list = LISTS[name];
  if (list) {
    const test = keywordTest(value);
    return (document) => (list(document) ?? []).some(test);
  }
  const text = valueText(value);
  switch (name) {
    case 'lang': {
      const test = keywordTest(value);
      // Spec: no detected language counts as English.
      return (document) => test(document.lang || 'en');
    }
    case 'sourcecountry': {
      const test = keywordTest(value);
      return (document) => test(document.extra_source_attributes?.world_data?.country_code);
    }
    case 'authorcountry': {
      const test = keywordTest(value);
      return (document) => test(document.extra_author_attributes?.country_code);
    }
    case 'sourcetype': {
      const wanted = text.toUpperCase();
      const parent = `${wanted}_`;
      // A parent type matches every PARENT_child type.
      return (document) =>
        (document.source_type ?? []).some((type) => {
          const upper = type.toUpperCase();
          return upper === wanted || upper.startsWith(parent);
        });
    }
    case 'sentiment':
      return (document) => sentimentMatches(document.sentiment, text);
    case 'gender': {
      const test = keywordTest(value);
      return (document) => test(document.extra_author_attributes?.gender);
    }
    case 'author':
      return (document) => textHolds(document.extra_author_attributes?.name, value);
    case 'authordescription':
      return (document) => textHolds(document.extra_author_attributes?.description, value);
    case 'authorshort': {
      // Handles are case-sensitive; a leading `@` is optional on either side.
      const handle = text.replace(/^@/, '');
      return (document) => {
        const short = document.extra_author_attributes?.short_name;
        return short !== undefined && short.replace(/^@/, '') === handle;
      };
    }
    case 'author_id': {
      const test = keywordTest(value);
      return (document) => test(document.extra_author_attributes?.id);
    }
    case 'source_id': {
      const test = keywordTest(value);
      return (document) => test(document.extra_source_attributes?.id);
    }
    case 'mention': {
      const wanted = normalizeWord(text.replace(/^@/, ''));
      return (document) =>
        (document.tokens_mention ?? []).some(
          (mention) => normalizeWord(mention.replace(/^@/, '')) === wanted,
        );
    }
    case 'hashtag': {
      const wanted = normalizeWord(text.startsWith('#') ? text : `#${text}`);
      return (document) =>
        [...tokenize(document.title ?? ''), ...tokenize(document.content ?? '')].includes(wanted);
    }
    case 'contains': {
      const kind = text.toLowerCase();
      return kind === 'image'
        ? (document) => (document.images?.length ?? 0) > 0
        : (document) => (document.media ?? []).includes(kind);
    }
    case 'device': {
      const device = text.toUpperCase();
      return (document) =>
        document.device !== undefined && document.device.toUpperCase() === device;
    }
    case 'domainurl': {
      const wanted = withoutScheme(text).replace(/\/.*$/, '');
      // The domain and every host under it.
      return (document) => {
        const domain = hostOf(document.domain_url) ?? hostOf(document.url);
        return (
          domain !== undefined &&
          (domain === wanted ||
            domain.endsWith(`.${wanted}`) ||
            (hostOf(document.host_url) ?? '').endsWith(`.${wanted}`))
        );
      };
    }
    case 'hosturl': {
      const wanted = withoutScheme(text).replace(/\/.*$/, '');
      return (document) => hostOf(document.host_url ?? document.url) === wanted;
    }
    case 'site':
    case 'url': {
      const prefix = withoutScheme(text);
      return (document) =>
        document.url !== undefined && withoutScheme(document.url).startsWith(prefix);
    }
    default:
      if (name.startsWith('custom.')) {
        const metricName = name.slice('custom.'.length);
        return (document) => {
          const metric = document.custom?.[metricName];
          if (metric === undefined) return false;
          return typeof metric === 'number'
            ? compare(metric, value)
            : value.kind !== 'comparison' && normalizeWord(metric) === normalizeWord(text);
        };
      }
      // Unknown fields match nothing.
      return never;
  }
}
