// The sets of a search, reused by the next one, and those the index kept until it changed. A
// 20-operand search makes a few dozen sets of one bit per document (12.5 KB each at 100,000
// documents); allocated anew, each was memory outside the JavaScript heap, whose growth made V8
// run full collections of the whole corpus in the middle of searches. A set taken from the pool
// holds anything: its taker overwrites it.
import { Bitset } from './bitset';

/**
 * Enough for the deepest searches and the sets the index keeps (3.2 MB at 100,000 documents);
 * more are simply allocated, and dropped when given back.
 */
const KEPT = 256;

export class BitsetPool {
  private readonly free: Uint32Array[] = [];

  /** A set of `size` documents, with unspecified members. */
  take(size: number): Bitset {
    const length = Math.ceil(size / 32);
    let words = this.free.pop();
    while (words && words.length !== length) words = this.free.pop();
    return new Bitset(size, words ?? new Uint32Array(length));
  }

  /** A set of `size` documents, none in it. */
  none(size: number): Bitset {
    return this.take(size).clear();
  }

  /** A set of `size` documents, all in it. */
  all(size: number): Bitset {
    return this.take(size).fillAll();
  }

  /** A set of `size` documents with these in it. */
  of(size: number, members: Iterable<number>): Bitset {
    const set = this.none(size);
    for (const member of members) set.add(member);
    return set;
  }

  /** A set its owner no longer reads (nor anyone else: never a kept or shared one). */
  give(set: Bitset): void {
    if (this.free.length < KEPT) this.free.push(set.words);
  }
}
