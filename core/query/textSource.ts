// A text that an analysis reads in stretches. A string is one (`length`, `slice`, `toString` are
// its own); the language server's open documents are another, kept in pieces
// (server/documents/documentText.ts), so that re-analysing after an edit reads the rules the edit
// touched and never joins the whole text (fileAnalysis.ts).
export interface TextSource {
  readonly length: number;
  /** The characters from `start` up to `end`, as `String.prototype.slice` gives them. */
  slice(start: number, end: number): string;
  /** The whole text: for a text in pieces, joined when first asked for. */
  toString(): string;
}
