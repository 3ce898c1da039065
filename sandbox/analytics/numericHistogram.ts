// Numeric-metric histograms (reach, engagement, netA_shares, …): buckets of `interval` width from
// `min`, each with its count and the statistics of the metric (api.md histogram rule 4).
import type { HistogramResult } from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { SeriesStatistics } from './statistics';
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

/** The finite values of a metric column at the given document numbers, in their order. */
export function finiteValues(numbers: ArrayLike<number>, metric: Float64Array): Float64Array {
  const values = new Float64Array(numbers.length);
  let found = 0;
  for (let at = 0; at < numbers.length; at++) {
    const value = metric[numbers[at] as number] as number;
    if (Number.isFinite(value)) values[found++] = value;
  }
  return values.subarray(0, found);
}

/** `values`: the metric's finite values, in the order of their documents. */
export function numericHistogram(
  request: NumericRequest,
  values: ArrayLike<number>,
): HistogramResult {
  // A loop, not Math.min(...values): spreading 100,000 arguments overflows the stack.
  let low = Infinity;
  let high = -Infinity;
  for (let at = 0; at < values.length; at++) {
    const value = values[at] as number;
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
  const buckets = new SeriesStatistics(count);
  for (let at = 0; at < values.length; at++) {
    const value = values[at] as number;
    if (request.minInclude ? value < min : value <= min) continue;
    if (request.maxInclude ? value > max : value >= max) continue;
    buckets.add(Math.min(count - 1, Math.floor((value - min) / interval)), value);
  }
  return {
    header: { v: ['Number Results'] },
    data: Array.from({ length: count }, (_, index) => ({
      k: min + index * interval,
      v: [buckets.count(index)],
      val: [buckets.of(index)],
    })),
  };
}
