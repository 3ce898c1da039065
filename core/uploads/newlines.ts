// Where the line breaks of a byte stream are, for a reader whose parser counts lines its own way:
// csv-parse counts a CR LF inside a quoted cell as two lines, so the CSV reader numbers lines from
// the bytes instead. A break is LF, CR LF or a CR alone (files of old Mac spreadsheets, which
// csv-parse reads as records too): counted once each, as an editor shows them. Offsets are asked
// in increasing order, and those passed are dropped, so what is held is the breaks of the bytes
// read ahead of the parser.
const NEWLINE = 0x0a;
const RETURN = 0x0d;

export class NewlineIndex {
  private offsets: number[] = [];
  private next = 0;
  private passed = 0;
  private seen = 0;
  /** Whether the bytes noted so far end with a CR (whose LF may start the next chunk). */
  private afterReturn = false;

  /** Notes the breaks of the stream's next bytes. */
  note(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte === RETURN) this.offsets.push(this.seen + at);
      // The LF of a CR LF is the break already noted at its CR.
      else if (byte === NEWLINE && !(at === 0 ? this.afterReturn : bytes[at - 1] === RETURN))
        this.offsets.push(this.seen + at);
    }
    if (bytes.length > 0) this.afterReturn = bytes[bytes.length - 1] === RETURN;
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
