// Converts between document offsets (what core/query works in) and zero-based line/character
// positions (what LSP and `mmq lint --format json` speak). Characters are UTF-16 code units, as
// in LSP's default position encoding.

import type { TextChange } from './textChange';

/**
 * The offsets in [from, to] where a line starts: after `\n`, or after a `\r` not followed by
 * `\n` (`text[to]` is looked at, so a change that splits or joins a `\r\n` is seen).
 */
function lineStartsIn(text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  // From one line break to the next rather than character by character: a large file has a
  // hundred characters or so per line.
  const lineBreak = /[\r\n]/g;
  lineBreak.lastIndex = Math.max(from - 1, 0);
  for (let found = lineBreak.exec(text); found; found = lineBreak.exec(text)) {
    const offset = found.index + 1;
    if (offset > to) break;
    if (offset < from) continue;
    if (found[0] === '\n' || text.charCodeAt(offset) !== 10 /* \n */) starts.push(offset);
  }
  return starts;
}

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** Offsets to line/character positions and back: a LineIndex, or the language server's documents. */
export interface LinePositions {
  readonly lineCount: number;
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

export class LineIndex implements LinePositions {
  /** Offset of the first character of each line. */
  private readonly lineStarts: Int32Array;

  constructor(
    private readonly text: string,
    lineStarts?: Int32Array,
  ) {
    this.lineStarts = lineStarts ?? LineIndex.startsOf(text);
  }

  /** Line 0 at 0, then every line start: no array of the file's lines spread into another. */
  private static startsOf(text: string): Int32Array {
    const found = lineStartsIn(text, 1, text.length);
    const starts = new Int32Array(found.length + 1);
    starts.set(found, 1);
    return starts;
  }

  /**
   * The index of `text`, which is this index's text with `change` made: the line starts before
   * the change are kept, those in it found again, those after it moved. A pass over the line
   * starts rather than over the text's characters.
   */
  edited(text: string, change: TextChange): LineIndex {
    const delta = change.newEnd - change.oldEnd;
    const old = this.lineStarts;
    // Line 0 always starts at 0; the others before the change stay, those after it move.
    const keep = Math.max(1, this.firstLineFrom(change.start));
    const after = this.firstLineFrom(change.oldEnd + 1);
    const found = lineStartsIn(text, Math.max(change.start, 1), change.newEnd);
    const starts = new Int32Array(keep + found.length + old.length - after);
    starts.set(old.subarray(0, keep));
    starts.set(found, keep);
    let next = keep + found.length;
    for (let index = after; index < old.length; index++)
      starts[next++] = (old[index] as number) + delta;
    return new LineIndex(text, starts);
  }

  /** The first line whose start is at or after `offset` (the line count when none is). */
  private firstLineFrom(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.lineStarts[middle] as number) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] ?? 0) <= clamped) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: clamped - (this.lineStarts[low] ?? 0) };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line] ?? 0;
    const next = this.lineStarts[position.line + 1] ?? this.text.length;
    return Math.max(start, Math.min(start + position.character, next));
  }
}
