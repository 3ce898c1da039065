// The row of a file's segments (segment.ts) in file order, with where each stands in the text,
// kept in blocks of a few hundred segments and never changed: an edit makes a new row that
// shares every block it did not touch, and moves the blocks after it by the edit's length with
// one number each. So replacing the segments an edit touched costs a block and a pass over the
// row of blocks (about 200 for a file of 100,000 rules), not a copy of the whole row: on a VM
// that maps each fresh large allocation page by page, copying two rows of 100,000 (segments and
// their starts) cost 10–15 ms an edit.
//
// A block also knows which of its segments have diagnostics, so that listing the file's
// diagnostics passes over the blocks and the segments that have any, not over every segment.
import type { Segment } from './segment';

/** Segments a block holds at most: small enough to copy on each edit, few blocks for large files. */
const BLOCK_SIZE = 512;

class Block {
  private diagnosedList: readonly number[] | undefined;
  private holdsRule: boolean | undefined;

  constructor(
    readonly segments: readonly Segment[],
    /** Where each segment stands, from where the block's first one stands. */
    readonly offsets: readonly number[],
  ) {}

  /** The places in the block of the segments with diagnostics of their own, found once. */
  diagnosed(): readonly number[] {
    if (this.diagnosedList) return this.diagnosedList;
    const found: number[] = [];
    this.segments.forEach((segment, index) => {
      if (segment.diagnostics().length > 0) found.push(index);
    });
    return (this.diagnosedList = found);
  }

  hasRule(): boolean {
    return (this.holdsRule ??= this.segments.some((segment) => segment.kind === 'rule'));
  }
}

/** The blocks of `segments`, which stand at `starts`: as few as hold them, of about equal size. */
function blocksOf(
  segments: readonly Segment[],
  starts: readonly number[],
  size: number,
): { blocks: Block[]; starts: number[] } {
  const count = Math.ceil(segments.length / size);
  const result = { blocks: [] as Block[], starts: [] as number[] };
  for (let index = 0; index < count; index++) {
    const from = Math.round((index * segments.length) / count);
    const to = Math.round(((index + 1) * segments.length) / count);
    const start = starts[from] as number;
    result.blocks.push(
      new Block(
        segments.slice(from, to),
        starts.slice(from, to).map((each) => each - start),
      ),
    );
    result.starts.push(start);
  }
  return result;
}

/**
 * The last index in `0 … highest` whose value is below `value` (or at it, with `orAt`), the values
 * ascending; -1 when none is.
 */
function lastBelow(
  values: readonly number[],
  value: number,
  orAt: boolean,
  highest = values.length - 1,
): number {
  let low = -1;
  let high = highest;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const at = values[middle] as number;
    if (at < value || (orAt && at === value)) low = middle;
    else high = middle - 1;
  }
  return low;
}

export class SegmentRow {
  /** The index in the row of each block's first segment, then the row's length. */
  private readonly firstIndex: number[];

  private constructor(
    private readonly blocks: readonly Block[],
    /** Where each block's first segment stands in the text. */
    private readonly blockStarts: readonly number[],
    /** Segments a block holds at most (tests make it small, to cross blocks often). */
    private readonly blockSize: number,
  ) {
    this.firstIndex = [0];
    for (const block of blocks)
      this.firstIndex.push(
        (this.firstIndex[this.firstIndex.length - 1] as number) + block.segments.length,
      );
  }

  /** The row of `segments`, which stand at `starts` in the text. */
  static of(
    segments: readonly Segment[],
    starts: readonly number[],
    blockSize = BLOCK_SIZE,
  ): SegmentRow {
    const { blocks, starts: blockStarts } = blocksOf(segments, starts, blockSize);
    return new SegmentRow(blocks, blockStarts, blockSize);
  }

  get length(): number {
    return this.firstIndex[this.blocks.length] as number;
  }

  segment(index: number): Segment {
    const [block, place] = this.locate(index);
    return (this.blocks[block] as Block).segments[place] as Segment;
  }

  /** Where segment `index` stands in the text. */
  start(index: number): number {
    const [block, place] = this.locate(index);
    return (
      (this.blockStarts[block] as number) + ((this.blocks[block] as Block).offsets[place] as number)
    );
  }

  /** The last index whose segment stands before (or, with `orAt`, at) `offset`; 0 if none does. */
  lastStartingBefore(offset: number, orAt: boolean): number {
    const block = lastBelow(this.blockStarts, offset, orAt);
    if (block < 0) return 0;
    const { offsets } = this.blocks[block] as Block;
    const place = lastBelow(offsets, offset - (this.blockStarts[block] as number), orAt);
    return (this.firstIndex[block] as number) + Math.max(place, 0);
  }

  hasRule(): boolean {
    return this.blocks.some((block) => block.hasRule());
  }

  /**
   * The row with segments `first` … `last` replaced by `fresh`, which stand at `freshStarts`; the
   * segments after them move by `delta`. The blocks the replacement falls in are made again
   * (with a neighbour when they would be small), the others shared.
   */
  replaced(
    first: number,
    last: number,
    fresh: readonly Segment[],
    freshStarts: readonly number[],
    delta: number,
  ): SegmentRow {
    if (this.blocks.length === 0) return SegmentRow.of(fresh, freshStarts, this.blockSize);
    let firstBlock = this.locate(first)[0];
    let lastBlock = this.locate(last)[0];
    // Many edits that remove segments must not leave many tiny blocks: what would be under a
    // quarter of a block takes in a neighbour.
    const kept =
      (this.firstIndex[lastBlock + 1] as number) - (this.firstIndex[firstBlock] as number);
    if (kept - (last - first + 1) + fresh.length < this.blockSize / 4) {
      if (firstBlock > 0) firstBlock--;
      else if (lastBlock + 1 < this.blocks.length) lastBlock++;
    }
    // What those blocks hold, the replaced segments replaced, the segments after them moved.
    const segments: Segment[] = [];
    const starts: number[] = [];
    for (let blockIndex = firstBlock; blockIndex <= lastBlock; blockIndex++) {
      const block = this.blocks[blockIndex] as Block;
      const blockStart = this.blockStarts[blockIndex] as number;
      const firstIndex = this.firstIndex[blockIndex] as number;
      block.segments.forEach((segment, place) => {
        const index = firstIndex + place;
        if (index === first)
          for (let each = 0; each < fresh.length; each++) {
            segments.push(fresh[each] as Segment);
            starts.push(freshStarts[each] as number);
          }
        if (index >= first && index <= last) return;
        segments.push(segment);
        starts.push(blockStart + (block.offsets[place] as number) + (index > last ? delta : 0));
      });
    }
    const made = blocksOf(segments, starts, this.blockSize);
    const moved = this.blockStarts.slice(lastBlock + 1).map((start) => start + delta);
    return new SegmentRow(
      this.blocks.slice(0, firstBlock).concat(made.blocks, this.blocks.slice(lastBlock + 1)),
      this.blockStarts.slice(0, firstBlock).concat(made.starts, moved),
      this.blockSize,
    );
  }

  /** Each segment in order, with where it stands and its index. */
  forEach(visit: (segment: Segment, start: number, index: number) => void): void {
    this.blocks.forEach((block, blockIndex) => {
      const blockStart = this.blockStarts[blockIndex] as number;
      const firstIndex = this.firstIndex[blockIndex] as number;
      block.segments.forEach((segment, place) =>
        visit(segment, blockStart + (block.offsets[place] as number), firstIndex + place),
      );
    });
  }

  /** Each segment with diagnostics of its own, in order: the others are passed over unread. */
  forEachDiagnosed(visit: (segment: Segment, start: number, index: number) => void): void {
    this.blocks.forEach((block, blockIndex) => {
      const blockStart = this.blockStarts[blockIndex] as number;
      const firstIndex = this.firstIndex[blockIndex] as number;
      for (const place of block.diagnosed())
        visit(
          block.segments[place] as Segment,
          blockStart + (block.offsets[place] as number),
          firstIndex + place,
        );
    });
  }

  /** The block holding segment `index`, and its place in that block. */
  private locate(index: number): [number, number] {
    const block = Math.max(lastBelow(this.firstIndex, index, true, this.blocks.length - 1), 0);
    return [block, index - (this.firstIndex[block] as number)];
  }
}
