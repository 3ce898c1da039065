// Converts between document offsets (what core/query works in) and zero-based line/character
// positions (what LSP and `mmq lint --format json` speak). Characters are UTF-16 code units, as
// in LSP's default position encoding.

/** The offsets where a line other than the first starts: after `\n`, or after a `\r` alone. */
function lineStartsIn(text: string): number[] {
  const starts: number[] = [];
  // From one line break to the next rather than character by character: a large file has a
  // hundred characters or so per line.
  const lineBreak = /\r\n?|\n/g;
  for (let found = lineBreak.exec(text); found; found = lineBreak.exec(text))
    starts.push(found.index + found[0].length);
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

  constructor(private readonly text: string) {
    // Line 0 at 0, then every line start: no array of the file's lines spread into another.
    const found = lineStartsIn(text);
    this.lineStarts = new Int32Array(found.length + 1);
    this.lineStarts.set(found, 1);
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
    const start = this.lineStarts[low] ?? 0;
    return { line: low, character: this.beforeLineBreak(clamped, start) - start };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line] ?? 0;
    if (position.character <= 0) return start;
    const next = this.lineStarts[position.line + 1] ?? this.text.length;
    return this.beforeLineBreak(Math.min(start + position.character, next), start);
  }

  /**
   * An offset at or inside the line break that ends its line, moved to just before the break:
   * a position is on a line, never between a `\r` and its `\n` nor past the line's end, as in
   * vscode-languageserver-textdocument (the language server's positions and the editor's).
   */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.text.charCodeAt(at - 1))) at -= 1;
    return at;
  }
}

const isLineBreak = (code: number): boolean => code === 10 || code === 13;
