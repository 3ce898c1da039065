// A time histogram as columns for uPlot: the buckets' times followed by the forecast's, one
// column per breakdown value (null over the forecast), and per value a forecast column with its
// confidence bounds (null over the real buckets but the last, so the forecast joins the line).
import type { Histogram } from '../results/protocol';

export interface TimeColumns {
  readonly xs: number[];
  /** Index of the last real bucket in xs (-1 without buckets). */
  readonly lastReal: number;
  readonly names: readonly string[];
  readonly real: (number | null)[][];
  readonly forecast?: {
    readonly value: (number | null)[][];
    readonly low: (number | null)[][];
    readonly high: (number | null)[][];
  };
}

export function timeColumns(result: Histogram): TimeColumns {
  const names = result.header?.v ?? ['Number Results'];
  const buckets = result.data.filter((bucket) => bucket.t !== undefined);
  const lastTime = buckets[buckets.length - 1]?.t ?? -Infinity;
  const ahead = (result.forecast?.data ?? []).filter(
    (bucket) => (bucket.t ?? -Infinity) > lastTime,
  );
  const xs = [
    ...buckets.map((bucket) => bucket.t as number),
    ...ahead.map((bucket) => bucket.t as number),
  ];
  const lastReal = buckets.length - 1;
  const blank = () => xs.map((): number | null => null);
  const real = names.map((_, series) => {
    const column = blank();
    buckets.forEach((bucket, index) => (column[index] = bucket.v[series] ?? 0));
    return column;
  });
  if (ahead.length === 0) return { xs, lastReal, names, real };
  const value = names.map(blank);
  const low = names.map(blank);
  const high = names.map(blank);
  names.forEach((_, series) => {
    const joint = real[series]?.[lastReal] ?? null;
    if (lastReal >= 0) {
      (value[series] as (number | null)[])[lastReal] = joint;
      (low[series] as (number | null)[])[lastReal] = joint;
      (high[series] as (number | null)[])[lastReal] = joint;
    }
    ahead.forEach((bucket, index) => {
      const at = lastReal + 1 + index;
      (value[series] as (number | null)[])[at] = bucket.v[series] ?? null;
      (low[series] as (number | null)[])[at] = bucket.min_confidence[series] ?? null;
      (high[series] as (number | null)[])[at] = bucket.max_confidence[series] ?? null;
    });
  });
  return { xs, lastReal, names, real, forecast: { value, low, high } };
}

/** The end of bucket `index`: the next bucket's start, or the last step again. */
export function bucketEnd(xs: readonly number[], index: number): number {
  const next = xs[index + 1];
  if (next !== undefined) return next;
  const at = xs[index] ?? 0;
  const previous = xs[index - 1];
  return previous === undefined ? at + 86_400_000 : at + (at - previous);
}
