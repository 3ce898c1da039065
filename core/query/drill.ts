// Drill-down: a part of a histogram's answer (a time range, a numeric bucket, a key of a
// distribution or a breakdown value) as the query clause that selects the same documents, so
// that "show results" or "add as a new rule" asks for exactly that slice. The fields are those of
// spec/query-language.md; a slice no field expresses (a region, a city, a unique-author count)
// says why instead. A key is the service's (or, through the panel, anyone's) text: it is written
// as one literal whatever it holds, so that the clause added to a file is one operand of one
// rule (a key with a line break and `### other` once became a rule of its own).
import { oneLine } from '../text/controls';

export type DrillSlice =
  | {
      readonly kind: 'time';
      readonly field: 'published' | 'search_indexed';
      readonly from: number;
      readonly to: number;
    }
  | {
      readonly kind: 'number';
      readonly histogramType: string;
      readonly from: number;
      readonly to: number;
    }
  | { readonly kind: 'key'; readonly histogramType: string; readonly key: string };

export type DrillClause = { readonly clause: string } | { readonly unsupported: string };

/** Histogram types whose numeric buckets a query field compares (query-language.md). */
const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['engagement', 'reach']);

/**
 * A plain word: letters, digits, an emoji, with `_ . ' -` inside; a hashtag's `#` first (an
 * emoji of several joined characters is quoted, as is anything else). Nothing
 * the language reads otherwise: no wildcard (`*`, `?`), fuzzy `~`, field `:`, quote, parenthesis,
 * prefix (`-`, `+`), comment (`//`) or header (`###`).
 */
const PLAIN_WORD =
  /^#?[\p{L}\p{N}\p{Extended_Pictographic}][\p{L}\p{N}\p{M}\p{Extended_Pictographic}_.'-]*$/u;

/** Words the parser reads as operators (upper case only). */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR', 'ONEAR', 'SENTENCE', 'OSENTENCE']);

/**
 * A value as a query writes it, one literal whatever it holds: bare when it is a plain word,
 * else a phrase with `"` and `\` escaped. A phrase cannot hold a line break (a header line
 * ends any phrase) and counts runs of blanks as one, so line breaks and other controls become
 * single spaces: the same phrase to match.
 */
export function queryValue(value: string): string {
  if (PLAIN_WORD.test(value) && !OPERATORS.has(value)) return value;
  return `"${oneLine(value).replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

function keyClause(type: string, key: string): DrillClause {
  if (oneLine(key) === '') return { unsupported: `no query selects an empty ${type} key` };
  const lower = key.toLowerCase();
  switch (type) {
    case 'language':
      return { clause: `lang:${queryValue(lower)}` };
    case 'country':
      return { clause: `sourcecountry:${queryValue(lower)}` };
    case 'sentiment':
      return ['positive', 'neutral', 'negative'].includes(lower)
        ? { clause: `sentiment:${lower}` }
        : { unsupported: `no query selects the sentiment “${key}”` };
    case 'gender':
      return lower === 'male' || lower === 'female'
        ? { clause: `gender:${lower}` }
        : { unsupported: 'no query selects an undetermined gender' };
    case 'sourcetype':
      return { clause: `sourcetype:${queryValue(key.toUpperCase())}` };
    case 'hashtag':
      return { clause: `hashtag:${queryValue(key.startsWith('#') ? key : `#${key}`)}` };
    case 'interest':
    case 'occupation':
    case 'age':
      return {
        clause: `demographic:${queryValue(lower.startsWith(`${type}-`) ? lower : `${type}-${lower}`)}`,
      };
    case 'emoji':
    case 'theme_cloud':
      return { clause: queryValue(key) };
    case 'topic':
    case 'channel':
      return {
        unsupported: `a ${type} is chosen with the panel’s ${type} control, not in a query`,
      };
    default:
      return { unsupported: `no query field selects a ${type.replace(/_/g, ' ')}` };
  }
}

export function drillClause(slice: DrillSlice): DrillClause {
  switch (slice.kind) {
    case 'time':
      return {
        clause: `${slice.field}:>=${Math.floor(slice.from)} ${slice.field}:<${Math.ceil(slice.to)}`,
      };
    case 'number':
      return NUMERIC_FIELDS.has(slice.histogramType)
        ? { clause: `${slice.histogramType}:>=${slice.from} ${slice.histogramType}:<${slice.to}` }
        : { unsupported: `no query field compares ${slice.histogramType.replace(/_/g, ' ')}` };
    case 'key':
      return keyClause(slice.histogramType, slice.key);
  }
}

/** The query narrowed to the slice: `(query) AND clause`. */
export function narrowed(query: string, clause: string): string {
  return `(${query}) AND ${clause}`;
}
