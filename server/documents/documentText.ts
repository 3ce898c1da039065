// An open document's text, kept in pieces of a few thousand characters (chunk.ts) with the line
// breaks of each, and never changed: an edit makes a new text that shares every piece it did not
// touch. So applying an edit costs the pieces it touches plus a pass over the row of pieces (a
// thousand or so for 10 MB), not a copy of the text; positions, lines and stretches are read
// from the pieces; the whole text is joined only when someone asks for it (formatting, say),
// once per version. vscode-languageserver-textdocument kept one string and the first read after
// an edit copied it whole (20 MB, 90 ms, for 10 M characters beyond Latin-1).
//
// Two versions compare piece by piece (`changeFrom`): pieces are shared by identity, so what
// changed between them is found from the row without reading the text around it.
//
// Offsets, positions and their clamping are those of vscode-languageserver-textdocument's
// TextDocument (what clients expect of an LSP server: UTF-16 code units, `\n`, `\r\n` and a lone
// `\r` each end a line, a position past a line's end is its end); a test holds it to that.
import type { Position, Range } from 'vscode-languageserver';
import type { LinePositions } from '../../core/query/lineIndex';
import { findChange, type TextChange } from '../../core/query/textChange';
import type { TextSource } from '../../core/query/textSource';
import { Chunk, chunksOf } from './chunk';

/** Characters a piece is cut to: small enough that an edit's piece is cheap to make again. */
const CHUNK_SIZE = 8192;

const isLineBreak = (code: number): boolean => code === 10 /* \n */ || code === 13; /* \r */

/**
 * A number from the client as the whole number LSP says it is: a fraction cut, anything else 0.
 * A position that breaks the protocol must not throw halfway through applying an edit, which
 * would leave the server's text unlike the client's.
 */
const whole = (value: number): number => Math.trunc(value) || 0;

export class DocumentText implements TextSource, LinePositions {
  /** Offset of each piece's first character, then the text's length. */
  private readonly starts: Float64Array;
  /** Line breaks before each piece, then all of them. */
  private readonly breaksBefore: Float64Array;
  private whole: string | undefined;

  private constructor(
    private readonly chunks: readonly Chunk[],
    /** Characters a piece is cut to (tests cut small, to cross piece boundaries often). */
    private readonly chunkSize: number,
    whole?: string,
  ) {
    this.starts = new Float64Array(chunks.length + 1);
    this.breaksBefore = new Float64Array(chunks.length + 1);
    chunks.forEach((chunk, index) => {
      this.starts[index + 1] = (this.starts[index] as number) + chunk.text.length;
      this.breaksBefore[index + 1] = (this.breaksBefore[index] as number) + chunk.breaks.length;
    });
    this.whole = whole;
  }

  static of(text: string, chunkSize = CHUNK_SIZE): DocumentText {
    return new DocumentText(chunksOf(text, chunkSize), chunkSize, text);
  }

  get length(): number {
    return this.starts[this.chunks.length] as number;
  }

  get lineCount(): number {
    return (this.breaksBefore[this.chunks.length] as number) + 1;
  }

  toString(): string {
    return (this.whole ??= this.chunks.map((chunk) => chunk.text).join(''));
  }

  slice(start: number, end: number): string {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(0, Math.min(end, this.length));
    if (to <= from) return '';
    if (this.whole !== undefined) return this.whole.slice(from, to);
    const parts: string[] = [];
    for (let index = this.chunkAt(from); (this.starts[index] as number) < to; index++) {
      const at = this.starts[index] as number;
      parts.push((this.chunks[index] as Chunk).text.slice(Math.max(from - at, 0), to - at));
    }
    return parts.length === 1 ? (parts[0] as string) : parts.join('');
  }

  /** The UTF-16 code unit at `offset`, as `String.prototype.charCodeAt` (NaN outside the text). */
  charCodeAt(offset: number): number {
    if (!(offset >= 0 && offset < this.length)) return NaN;
    const index = this.chunkAt(offset);
    return (this.chunks[index] as Chunk).text.charCodeAt(offset - (this.starts[index] as number));
  }

  /** The text of `range`, or all of it; as TextDocument.getText (an inverted range read forwards). */
  getText(range?: Range): string {
    if (!range) return this.toString();
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    return this.slice(Math.min(start, end), Math.max(start, end));
  }

  positionAt(offset: number): Position {
    const at = Math.max(Math.min(whole(offset), this.length), 0);
    const line = this.lineAt(at);
    const lineStart = this.lineStart(line);
    return { line, character: this.beforeLineBreak(at, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const line = whole(position.line);
    if (line >= this.lineCount) return this.length;
    if (line < 0) return 0;
    const lineStart = this.lineStart(line);
    const character = whole(position.character);
    if (character <= 0) return lineStart;
    const next = line + 1 < this.lineCount ? this.lineStart(line + 1) : this.length;
    return this.beforeLineBreak(Math.min(lineStart + character, next), lineStart);
  }

  /**
   * The text with `text[start, end)` replaced by `insert`: the pieces the edit touches are cut
   * again (with a neighbour, where the cut would split a `\r\n` or leave a small piece), the
   * others are shared.
   */
  replaced(start: number, end: number, insert: string): DocumentText {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    if (from === to && insert === '') return this;
    const { chunks } = this;
    if (chunks.length === 0) return DocumentText.of(insert, this.chunkSize);
    let first = this.chunkAt(from);
    let last = this.chunkAt(to);
    let piece =
      (chunks[first] as Chunk).text.slice(0, from - (this.starts[first] as number)) +
      insert +
      (chunks[last] as Chunk).text.slice(to - (this.starts[last] as number));
    // Many small edits must not leave many tiny pieces: a piece under a quarter of the size
    // takes in a neighbour.
    const small = this.chunkSize / 4;
    for (;;) {
      const before = chunks[first - 1];
      if (before && (piece.length < small || joinsLineBreak(before.text, piece))) {
        piece = before.text + piece;
        first--;
        continue;
      }
      const after = chunks[last + 1];
      if (after && (piece.length < small || joinsLineBreak(piece, after.text))) {
        piece += after.text;
        last++;
        continue;
      }
      break;
    }
    const fresh = chunksOf(piece, this.chunkSize);
    return new DocumentText(
      chunks.slice(0, first).concat(fresh, chunks.slice(last + 1)),
      this.chunkSize,
    );
  }

  /**
   * The one stretch where this text differs from `older`: the pieces both share (by identity)
   * at either end are passed over unread, and only the pieces between are compared.
   */
  changeFrom(older: DocumentText): TextChange | null {
    if (older === this) return null;
    const before = older.chunks;
    const after = this.chunks;
    const shorter = Math.min(before.length, after.length);
    let head = 0;
    while (head < shorter && before[head] === after[head]) head++;
    let tail = 0;
    while (
      tail < shorter - head &&
      before[before.length - 1 - tail] === after[after.length - 1 - tail]
    )
      tail++;
    const from = this.starts[head] as number;
    const change = findChange(
      older.slice(from, older.starts[before.length - tail] as number),
      this.slice(from, this.starts[after.length - tail] as number),
    );
    return (
      change && {
        start: change.start + from,
        oldEnd: change.oldEnd + from,
        newEnd: change.newEnd + from,
      }
    );
  }

  /** The piece holding `offset`: the last piece starting at or before it. */
  private chunkAt(offset: number): number {
    return lastAtOrBelow(this.starts, offset, this.chunks.length - 1);
  }

  /** The line `offset` is on: the line breaks ending at or before it. */
  private lineAt(offset: number): number {
    if (this.chunks.length === 0) return 0;
    const index = this.chunkAt(offset);
    const breaks = (this.chunks[index] as Chunk).breaks;
    const local = offset - (this.starts[index] as number);
    return (
      (this.breaksBefore[index] as number) + (lastAtOrBelow(breaks, local, breaks.length - 1) + 1)
    );
  }

  /** Where line `line` (0 … lineCount - 1) starts: just after the line break before it. */
  private lineStart(line: number): number {
    if (line <= 0) return 0;
    // The piece holding the line's break: the last with fewer breaks before it than `line`.
    const index = lastAtOrBelow(this.breaksBefore, line - 1, this.chunks.length - 1);
    const breaks = (this.chunks[index] as Chunk).breaks;
    return (
      (this.starts[index] as number) +
      (breaks[line - 1 - (this.breaksBefore[index] as number)] as number)
    );
  }

  /** `offset` moved back before a line break it is in or after, down to `lineStart`. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.charCodeAt(at - 1))) at--;
    return at;
  }
}

/** Whether `left` ends with `\r` and `right` starts with `\n`: they hold one line break between them. */
function joinsLineBreak(left: string, right: string): boolean {
  return left.charCodeAt(left.length - 1) === 13 /* \r */ && right.charCodeAt(0) === 10; /* \n */
}

/**
 * The last index in `0 … highest` whose value is at most `value` (the values ascending), or -1
 * when even the first is greater.
 */
function lastAtOrBelow(values: Float64Array | Int32Array, value: number, highest: number): number {
  let low = -1;
  let high = highest;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((values[middle] as number) <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
