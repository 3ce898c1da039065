// Shared frozen copies of the small lists documents repeat (flags, detections, hashtags, emoji,
// mentions): 50,000 documents hold a few hundred distinct lists, and every list not allocated is
// one object less for the garbage collector to trace, which is most of generation time.
export class Interner<T> {
  private readonly lists = new Map<string, readonly T[]>();

  /** The shared list equal to `items` (keyed by their text, which identifies them here). */
  list(items: readonly T[]): readonly T[] {
    if (items.length === 0) return EMPTY;
    const key = items.length === 1 ? String(items[0]) : items.join('\u0000');
    let list = this.lists.get(key);
    if (!list) {
      list = Object.freeze([...items]);
      this.lists.set(key, list);
    }
    return list;
  }
}

export const EMPTY: readonly never[] = Object.freeze([]);
