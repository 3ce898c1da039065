// Sets the index has built for a key (a word's postings, a wildcard's words, a numeric range, a
// phrase's checks), kept for the next searches: the same query, or another with the same words,
// then costs an AND over bits instead of building the sets again from posting lists. Everything
// kept goes when the index changes (its version); past the bound the least recently used go
// first, so that memory stays bounded (one bit per document per set: 12.5 KB at 100,000
// documents).
import type { Bitset } from './bitset';

export class SetCache<Kept = Bitset> {
  private readonly sets = new Map<string, Kept>();
  private version = -1;

  constructor(
    private readonly limit: number,
    /**
     * Told of each set dropped when the index changed (between searches, so nobody reads it any
     * more), whose memory may serve again.
     */
    private readonly dropped: (kept: Kept) => void = () => undefined,
  ) {}

  /** The set kept for `key` at this version of the index, or the one `make` builds now. */
  get(key: string, version: number, make: () => Kept): Kept {
    if (version !== this.version) {
      for (const kept of this.sets.values()) this.dropped(kept);
      this.sets.clear();
      this.version = version;
    }
    let set = this.sets.get(key);
    if (set) {
      // Most recently used last: Map iteration order is insertion order.
      this.sets.delete(key);
    } else {
      set = make();
      if (this.sets.size >= this.limit) {
        const oldest = this.sets.keys().next();
        // Not given back for reuse: the search under way may still read it.
        if (!oldest.done) this.sets.delete(oldest.value);
      }
    }
    this.sets.set(key, set);
    return set;
  }
}
