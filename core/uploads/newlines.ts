// Where the line breaks of a byte stream are, for a reader whose parser counts lines its own way:
// csv-parse counts a CR LF inside a quoted cell as two lines, so the CSV reader numbers lines from
// the bytes instead. Offsets are asked in increasing order, and those passed are dropped, so what
// is held is the breaks of the bytes read ahead of the parser.
const NEWLINE = 0x0a;

export class NewlineIndex {
  private offsets: number[] = [];
  private next = 0;
  private passed = 0;
  private seen = 0;

  /** Notes the breaks of the stream's next bytes. */
  note(bytes: Uint8Array): void {
    for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1))
      this.offsets.push(this.seen + at);
    this.seen += bytes.length;
  }

  /** The 1-based line of the byte at `offset` (never less than one asked before). */
  lineAt(offset: number): number {
    while (this.next < this.offsets.length && (this.offsets[this.next] as number) < offset) {
      this.next++;
      this.passed++;
    }
    if (this.next > 4096) {
      this.offsets = this.offsets.slice(this.next);
      this.next = 0;
    }
    return this.passed + 1;
  }
}
