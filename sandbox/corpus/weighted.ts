// Weighted draws in O(log n): a cumulative table searched by bisection. Built once per pool
// (authors, sites, brands), so drawing from thousands of weighted items stays cheap for every
// one of the tens of thousands of documents.
import type { Random } from './random';

export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T, index: number) => number,
  ) {
    if (items.length === 0) throw new RangeError('a weighted table needs at least one item');
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((item, index) => {
      sum += Math.max(0, weight(item, index));
      this.cumulative[index] = sum;
    });
    if (!(sum > 0)) throw new RangeError('a weighted table needs a positive total weight');
    this.total = sum;
  }

  static of<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
    return new WeightedTable(
      entries.map(([item]) => item),
      (_item, index) => entries[index]?.[1] ?? 0,
    );
  }

  get size(): number {
    return this.items.length;
  }

  /** The index of a weighted draw. */
  drawIndex(random: Random): number {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  draw(random: Random): T {
    return this.items[this.drawIndex(random)] as T;
  }
}

/** Zipf-like weight of the item at `rank` (0-based): a few items get most of the draws. */
export function zipf(rank: number, exponent: number): number {
  return 1 / Math.pow(rank + 1, exponent);
}
