// Numeric-metric histograms (reach, engagement, netA_shares, …): buckets of `interval` width from
// `min`, each with its count and the statistics of the metric (api.md histogram rule 4).
import type { HistogramResult } from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { statistics } from './statistics';
import { MAX_BINS } from '../../core/api/histogramBins';

export interface NumericRequest {
  readonly min?: number;
  readonly max?: number;
  readonly minInclude: boolean;
  readonly maxInclude: boolean;
  readonly interval?: string;
}

/** Without an interval, about 20 buckets over the data's range. */
const DYNAMIC_BUCKETS = 20;

export function numericHistogram<Document>(
  request: NumericRequest,
  documents: Iterable<Document>,
  metric: (document: Document) => number | undefined,
): HistogramResult {
  const values: number[] = [];
  for (const document of documents) {
    const value = metric(document);
    if (value !== undefined && Number.isFinite(value)) values.push(value);
  }
  // A loop, not Math.min(...values): spreading 100,000 arguments overflows the stack.
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (values.length === 0) low = high = 0;
  low = Math.floor(low);
  const min = request.min ?? low;
  // Without a max, the range ends just past the largest value, so that value is counted.
  const max = request.max ?? high + 1;
  if (min >= max) throw badParameter('min', `min (${min}) must be below max (${max})`);
  let interval: number;
  if (request.interval === undefined) {
    interval = Math.max(1, Math.ceil((max - min) / DYNAMIC_BUCKETS));
  } else {
    interval = Number(request.interval);
    if (!Number.isInteger(interval) || interval <= 0)
      throw badParameter(
        'interval',
        `a numeric histogram's interval is a whole number above 0, not ${quote(request.interval)}`,
      );
  }
  const count = Math.ceil((max - min) / interval);
  if (count > MAX_BINS)
    throw badParameter(
      'interval',
      `the histogram would have ${count} bins; the limit is ${MAX_BINS}: enlarge the interval or narrow min and max`,
    );
  const buckets = Array.from({ length: count }, (): number[] => []);
  for (const value of values) {
    if (request.minInclude ? value < min : value <= min) continue;
    if (request.maxInclude ? value > max : value >= max) continue;
    const index = Math.min(count - 1, Math.floor((value - min) / interval));
    buckets[index]?.push(value);
  }
  return {
    header: { v: ['Number Results'] },
    data: buckets.map((bucket, index) => ({
      k: min + index * interval,
      v: [bucket.length],
      val: [statistics(bucket)],
    })),
  };
}
