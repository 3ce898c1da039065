// A fixed-size set of document numbers as bits: AND, OR and NOT over 100,000 documents are a few
// thousand word operations, which is what makes indexed search fast.
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static all(size: number): Bitset {
    return new Bitset(size).fillAll();
  }

  static of(size: number, members: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const member of members) set.add(member);
    return set;
  }

  /** Clears the bits past `size` in the last word, so counts and NOT stay exact. */
  trim(): void {
    const extra = this.words.length * 32 - this.size;
    if (extra > 0 && this.words.length > 0)
      this.words[this.words.length - 1]! &= 0xffffffff >>> extra;
  }

  /** The same members in a set of another size (members past it are dropped). */
  resized(size: number): Bitset {
    const words = new Uint32Array(Math.ceil(size / 32));
    words.set(this.words.subarray(0, words.length));
    const result = new Bitset(size, words);
    result.trim();
    return result;
  }

  add(member: number): void {
    this.words[member >>> 5]! |= 1 << (member & 31);
  }

  has(member: number): boolean {
    return ((this.words[member >>> 5] ?? 0) & (1 << (member & 31))) !== 0;
  }

  and(other: Bitset): Bitset {
    const result = new Uint32Array(this.words.length);
    for (let index = 0; index < result.length; index++)
      result[index] = this.words[index]! & other.words[index]!;
    return new Bitset(this.size, result);
  }

  or(other: Bitset): Bitset {
    const result = new Uint32Array(this.words.length);
    for (let index = 0; index < result.length; index++)
      result[index] = this.words[index]! | other.words[index]!;
    return new Bitset(this.size, result);
  }

  remove(member: number): void {
    this.words[member >>> 5]! &= ~(1 << (member & 31));
  }

  isEmpty(): boolean {
    for (let index = 0; index < this.words.length; index++)
      if (this.words[index] !== 0) return false;
    return true;
  }

  /** In place, for a set of one's own (these save allocating a set per step of a search): */
  /** …no member; */
  clear(): this {
    this.words.fill(0);
    return this;
  }

  /** …every member of its size; */
  fillAll(): this {
    this.words.fill(0xffffffff);
    this.trim();
    return this;
  }

  /** …`a` ∩ `b`; */
  setAnd(a: Bitset, b: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index] = a.words[index]! & b.words[index]!;
    return this;
  }

  /** …`a` minus `b`; */
  setAndNot(a: Bitset, b: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index] = a.words[index]! & ~b.words[index]!;
    return this;
  }

  /** …this ∩ `other`; */
  andWith(other: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index]! &= other.words[index]!;
    return this;
  }

  /** …this ∪ `other`; */
  orWith(other: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index]! |= other.words[index]!;
    return this;
  }

  /** …this minus `other`; */
  andNotWith(other: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index]! &= ~other.words[index]!;
    return this;
  }

  /** …`context` minus this. */
  complementWithin(context: Bitset): this {
    for (let index = 0; index < this.words.length; index++)
      this.words[index] = context.words[index]! & ~this.words[index]!;
    return this;
  }

  /** The members of this set that are not in `other`. */
  andNot(other: Bitset): Bitset {
    const result = new Uint32Array(this.words.length);
    for (let index = 0; index < result.length; index++)
      result[index] = this.words[index]! & ~other.words[index]!;
    return new Bitset(this.size, result);
  }

  not(): Bitset {
    const result = new Bitset(
      this.size,
      this.words.map((word) => ~word >>> 0),
    );
    result.trim();
    return result;
  }

  /** Members in increasing order. */
  *members(): Generator<number> {
    for (let index = 0; index < this.words.length; index++) {
      let word = this.words[index]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        yield index * 32 + bit;
        word &= word - 1;
      }
    }
  }

  /**
   * Members in increasing order, as a typed array: cheap to iterate and to index. In `into` (a
   * view of its start) when it has room: a fresh array of 30,000 members is a fresh 120 KB
   * outside the heap, which this VM maps page by page, several times the cost of filling it.
   */
  toArray(into?: Uint32Array): Uint32Array {
    // `into` holding every possible member needs no count first (a pass fewer).
    const members =
      into !== undefined && into.length >= this.size
        ? into
        : into !== undefined && into.length >= this.count()
          ? into
          : new Uint32Array(this.count());
    const words = this.words;
    let at = 0;
    for (let index = 0; index < words.length; index++) {
      let word = words[index]!;
      while (word !== 0) {
        members[at++] = index * 32 + (31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
    return at === members.length ? members : members.subarray(0, at);
  }

  count(): number {
    let total = 0;
    for (const word of this.words) {
      let value = word - ((word >>> 1) & 0x55555555);
      value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
      total += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }
}
