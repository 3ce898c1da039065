// Converts between document offsets (what core/query works in) and zero-based line/character
// positions (what LSP and `mmq lint --format json` speak). Characters are UTF-16 code units, as
// in LSP's default position encoding.

export interface Position {
  readonly line: number;
  readonly character: number;
}

export class LineIndex {
  /** Offset of the first character of each line. */
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 /* \n */) {
        this.lineStarts.push(i + 1);
      } else if (code === 13 /* \r */ && text.charCodeAt(i + 1) !== 10) {
        this.lineStarts.push(i + 1);
      }
    }
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
