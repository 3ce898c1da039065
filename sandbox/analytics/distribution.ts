// Top-N and fixed distributions (language, country, hashtag, …; sentiment, age): documents counted
// per key, most frequent first, at most `top_n` buckets, with `total_hits` (api.md rule 5).
import type { Bucket, HistogramResult } from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';

export const DEFAULT_TOP_N = 10;

export function readTopN(text: string | undefined): number {
  if (text === undefined) return DEFAULT_TOP_N;
  const topN = Number(text);
  if (!Number.isInteger(topN) || topN <= 0 || topN > 100)
    throw badParameter('top_n', `a whole number in ]0, 100], not \`${text}\``);
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
 * ties by key, cut to `topN`.
 */
export function distribution<Document>(
  documents: Iterable<Document>,
  keys: (document: Document) => readonly string[],
  options: { topN: number; order?: readonly string[]; bucket?: (key: string) => KeyedBucket },
): HistogramResult {
  const counts = new Map<string, number>(options.order?.map((key) => [key, 0]));
  let total = 0;
  for (const document of documents) {
    total += 1;
    const found = keys(document);
    if (found.length === 1) {
      const key = found[0] as string;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } else if (found.length > 1) {
      for (const key of new Set(found)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const ranked = options.order
    ? options.order.map((key): [string, number] => [key, counts.get(key) ?? 0])
    : [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, options.topN);
  const toBucket = options.bucket ?? ((key: string): KeyedBucket => ({ ks: key }));
  return {
    data: ranked.map(([key, count]) => ({ ...toBucket(key), v: [count] })),
    total_hits: total,
  };
}
