// A set of positive whole numbers (the documents of a file, by position or line) as one bit each:
// a retry notes every applied document of its report, and a report of a million lines must not
// cost a million entries of a Map. Numbers past any real file (a hand-edited report) go to a
// plain Set rather than growing the bits to match.
const DENSE_LIMIT = 2 ** 27;

export class PositionSet {
  private bits = new Uint8Array(1024);
  private readonly sparse = new Set<number>();

  add(position: number): void {
    if (position >= DENSE_LIMIT) {
      this.sparse.add(position);
      return;
    }
    const byte = position >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[byte] = (this.bits[byte] as number) | (1 << (position & 7));
  }

  delete(position: number): void {
    if (position >= DENSE_LIMIT) {
      this.sparse.delete(position);
      return;
    }
    const byte = position >>> 3;
    if (byte < this.bits.length)
      this.bits[byte] = (this.bits[byte] as number) & ~(1 << (position & 7));
  }

  has(position: number): boolean {
    if (position >= DENSE_LIMIT) return this.sparse.has(position);
    const byte = position >>> 3;
    return byte < this.bits.length && ((this.bits[byte] as number) & (1 << (position & 7))) !== 0;
  }
}
