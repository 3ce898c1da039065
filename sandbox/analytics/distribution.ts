// Top-N and fixed distributions (language, country, hashtag, …; sentiment, age): documents counted
// per key, most frequent first, at most `top_n` buckets, with `total_hits` (api.md rule 5).
import type { Bucket, HistogramResult } from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import type { KeyColumn } from './keyIds';

export const DEFAULT_TOP_N = 10;

export function readTopN(text: string | undefined): number {
  if (text === undefined) return DEFAULT_TOP_N;
  const topN = Number(text);
  if (!Number.isInteger(topN) || topN <= 0 || topN > 100)
    throw badParameter('top_n', `a whole number in ]0, 100], not ${quote(text)}`);
  return topN;
}

export interface KeyedBucket {
  /** What identifies the bucket: `ks`, or the `key` object of regions and cities. */
  readonly ks?: string;
  readonly key?: Bucket['key'];
}

/**
 * Counts documents per key (a document with the same key twice counts once). `order`, when
 * given, fixes the buckets and their order (sentiment); otherwise the most frequent come first,
 * ties by key, cut to `topN`. `numbers` are the documents' numbers in the column's store.
 */
export function distribution(
  numbers: ArrayLike<number>,
  column: KeyColumn,
  options: { topN: number; order?: readonly string[]; bucket?: (key: string) => KeyedBucket },
): HistogramResult {
  const counts = column.count(numbers, new Int32Array(Math.max(16, column.keys.length)));
  const countOf = (key: string) => {
    const id = column.keys.indexOf(key);
    return id < 0 ? 0 : (counts[id] ?? 0);
  };
  const ranked: [string, number][] = options.order
    ? options.order.map((key): [string, number] => [key, countOf(key)])
    : column.keys
        .map((key, id): [string, number] => [key, counts[id] ?? 0])
        .filter(([, found]) => found > 0)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, options.topN);
  const toBucket = options.bucket ?? ((key: string): KeyedBucket => ({ ks: key }));
  return {
    data: ranked.map(([key, found]) => ({ ...toBucket(key), v: [found] })),
    total_hits: numbers.length,
  };
}
