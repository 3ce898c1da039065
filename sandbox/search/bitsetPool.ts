// The sets of a search, reused by the next one. A 20-operand search makes a few dozen sets of
// one bit per document (12.5 KB each at 100,000 documents); allocated anew, each was memory
// outside the JavaScript heap, whose growth made V8 run full collections of the whole corpus in
// the middle of searches. A set taken from the pool holds anything: its taker overwrites it.
import { Bitset } from './bitset';

/** Enough for the deepest searches; more are simply allocated, and dropped when given back. */
const KEPT = 64;

export class BitsetPool {
  private readonly free: Uint32Array[] = [];

  /** A set of `size` documents, with unspecified members. */
  take(size: number): Bitset {
    const length = Math.ceil(size / 32);
    let words = this.free.pop();
    while (words && words.length !== length) words = this.free.pop();
    return new Bitset(size, words ?? new Uint32Array(length));
  }

  /** A set its owner no longer reads (nor anyone else: never a kept or shared one). */
  give(set: Bitset): void {
    if (this.free.length < KEPT) this.free.push(set.words);
  }
}
