// Where the cells of a CSV record are, so that a problem underlines its cell: the record's bytes
// kept as the parser reads them (csv-parse says where each record ends, not where its cells
// are), and cut into cells again only for a document with a problem. Quoted cells keep their
// quotes in the span: what is underlined is the cell as written.
import { spanIn, type TextStart, type ValueLocator } from './spans';

interface Range {
  readonly from: number;
  readonly to: number;
}

/** The bytes of a stream from some offset on, for the records still to be cut out of them. */
export class ByteWindow {
  private pieces: { readonly offset: number; readonly bytes: Uint8Array }[] = [];
  private seen = 0;

  note(bytes: Uint8Array): void {
    this.pieces.push({ offset: this.seen, bytes });
    this.seen += bytes.length;
  }

  /** The bytes from `from` to `to` (offsets in the stream), those before `to` then dropped. */
  take(from: number, to: number): Buffer {
    const parts: Uint8Array[] = [];
    for (const { offset, bytes } of this.pieces) {
      const start = Math.max(from, offset) - offset;
      const end = Math.min(to, offset + bytes.length) - offset;
      if (end > start) parts.push(bytes.subarray(start, end));
    }
    this.pieces = this.pieces.filter(({ offset, bytes }) => offset + bytes.length > to);
    return Buffer.concat(parts);
  }
}

const isBreak = (char: string | undefined) => char === '\n' || char === '\r';

/** The cells of the record that starts at `at` in `text`, as csv-parse reads them. */
function cellRanges(text: string, at: number): Range[] {
  const cells: Range[] = [];
  let index = at;
  for (;;) {
    const from = index;
    if (text[index] === '"') {
      for (index++; index < text.length; index++)
        if (text[index] === '"') {
          if (text[index + 1] !== '"') {
            index++;
            break;
          }
          index++;
        }
    }
    // An unquoted cell, or what a relaxed quote leaves after its closing quote.
    while (index < text.length && text[index] !== ',' && !isBreak(text[index])) index++;
    cells.push({ from, to: index });
    if (text[index] !== ',') return cells;
    index++;
  }
}

/** The header's column a field's value comes from: its own, or the JSON column holding it. */
function columnOf(header: readonly string[], field: string): number {
  const exact = header.indexOf(field);
  if (exact >= 0) return exact;
  return header.findIndex((column) => field.startsWith(`${column}.`));
}

/**
 * Where the values of a record are: `record` its bytes from the end of the record before (empty
 * lines before it included), `start` where the record itself starts in the file, `cells` how
 * many csv-parse read. Nothing is located when cutting the text again disagrees with csv-parse.
 */
export function csvLocator(
  header: readonly string[],
  record: Buffer,
  start: TextStart,
  cells: number,
): ValueLocator {
  let cut: { text: string; ranges: Range[] } | undefined;
  return (field) => {
    if (!cut) {
      const text = record.toString('utf8');
      let at = 0;
      while (isBreak(text[at])) at++;
      cut = { text: text.slice(at), ranges: cellRanges(text.slice(at), 0) };
    }
    const { text, ranges } = cut;
    if (ranges.length !== cells) return undefined;
    const first = ranges[0];
    const last = ranges[ranges.length - 1];
    if (field === '') return first && last && spanIn(text, start, first.from, last.to);
    const range = ranges[columnOf(header, field)];
    // An empty cell is a field left out: nothing to underline.
    return range && range.to > range.from ? spanIn(text, start, range.from, range.to) : undefined;
  };
}
