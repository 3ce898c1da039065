// Per-bucket statistics of a metric (api.md: count, min, max, avg = sum / count, sum). An empty
// bucket has no min, max or avg: the service leaves them out (its published answers).
import type { Statistics } from '../../core/api/schemas/histogram';

/**
 * The statistics of many series at once (a histogram's buckets, or buckets × breakdown series),
 * added a value at a time without keeping the values. The sum adds values in the order given, so
 * the same values in the same order give the same sum to the last bit.
 */
export class SeriesStatistics {
  private readonly counts: Uint32Array;
  private readonly mins: Float64Array;
  private readonly maxes: Float64Array;
  private readonly sums: Float64Array;

  constructor(series: number) {
    this.counts = new Uint32Array(series);
    this.mins = new Float64Array(series).fill(Infinity);
    this.maxes = new Float64Array(series).fill(-Infinity);
    this.sums = new Float64Array(series);
  }

  add(series: number, value: number): void {
    this.counts[series]! += 1;
    if (value < this.mins[series]!) this.mins[series] = value;
    if (value > this.maxes[series]!) this.maxes[series] = value;
    this.sums[series]! += value;
  }

  count(series: number): number {
    return this.counts[series] ?? 0;
  }

  of(series: number): Statistics {
    const count = this.counts[series] ?? 0;
    const sum = this.sums[series] ?? 0;
    if (count === 0) return { count: 0, sum: 0 };
    return { count, min: this.mins[series]!, max: this.maxes[series]!, avg: sum / count, sum };
  }
}
