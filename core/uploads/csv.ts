// CSV upload files (csv-parse, streamed): a header row names the fields, each later record is a
// document whose cells are its values. Empty cells are left out (an update changes only what it
// names); `custom.<name>` and other dotted columns nest; numeric fields become numbers when they
// read as one (else the checks name the cell); `label` holds JSON. A record whose cell count is
// not the header's is a problem on its line. A record csv-parse cannot read at all (a quote never
// closed, a record over the size limit) is a problem on its line that ends the reading: where the
// next record starts is then unknowable.
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse, type InfoRecord } from 'csv-parse';
import { isNumericColumn, JSON_COLUMNS, setField } from './uploadFields';
import { ByteWindow, csvLocator } from './csvCells';
import { parseJson } from './jsonText';
import { MAX_PIECE_BYTES, problem, type Chunks, type Fields, type SourceItem } from './items';
import { NewlineIndex } from './newlines';
import type { ValueLocator } from './spans';

function cellValue(column: string, cell: string): unknown {
  if (isNumericColumn(column)) {
    const number = Number(cell.trim());
    return cell.trim() !== '' && Number.isFinite(number) ? number : cell;
  }
  return cell;
}

function headerProblem(header: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const [index, name] of header.entries()) {
    if (name.trim() === '') return `the header row names no field for column ${index + 1}`;
    if (seen.has(name)) return `the header row names ${JSON.stringify(name)} twice`;
    seen.add(name);
  }
  return undefined;
}

function documentOfRow(
  header: readonly string[],
  record: readonly string[],
  line: number,
  locate: ValueLocator,
): SourceItem {
  const fields: Fields = {};
  for (const [index, column] of header.entries()) {
    const cell = record[index] ?? '';
    if (cell === '') continue;
    if (JSON_COLUMNS.has(column)) {
      const parsed = parseJson(cell);
      if ('problem' in parsed)
        return problem(line, `${column}: the cell is ${parsed.problem}`, locate(column));
      setField(fields, column, parsed.value);
    } else setField(fields, column, cellValue(column, cell));
  }
  return { kind: 'document', line, fields, locate };
}

interface Row {
  readonly record: string[];
  /** Where the record and the empty lines before it end: bytes read, empty lines skipped. */
  readonly bytes: number;
  readonly emptyLines: number;
  /** Its bytes, the empty lines before it included: where its cells are, if asked. */
  readonly text: Buffer;
}

/** The bytes, a byte-order mark dropped (so that csv-parse's offsets are the file's), noted. */
async function* noted(chunks: Chunks, breaks: NewlineIndex, recordBytes: ByteWindow) {
  let first = true;
  for await (let chunk of chunks) {
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf)
      chunk = chunk.subarray(3);
    first = false;
    breaks.note(chunk);
    recordBytes.note(chunk);
    yield chunk;
  }
}

export async function* readCsv(
  chunks: Chunks,
  maxBytes = MAX_PIECE_BYTES,
): AsyncGenerator<SourceItem> {
  const breaks = new NewlineIndex();
  const recordBytes = new ByteWindow();
  /** Where the last record csv-parse made ended. */
  let parsed = 0;
  // Records as csv-parse makes them, in order: read from here rather than from the stream, whose
  // buffered records an error would discard.
  const rows: Row[] = [];
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: maxBytes,
    on_record: (record: string[], context: InfoRecord) => {
      const text = recordBytes.take(parsed, context.bytes);
      parsed = context.bytes;
      rows.push({ record, bytes: context.bytes, emptyLines: context.empty_lines, text });
      return record;
    },
  });
  // Errors reach the loop below through the parser: csv-parse's own, and reading's.
  pipeline(Readable.from(noted(chunks, breaks, recordBytes)), parser, () => undefined);
  let header: readonly string[] | undefined;
  /** Where the last record ended, and the empty lines skipped by then. */
  let ended = 0;
  let emptyLines = 0;
  function* take(): Generator<SourceItem, boolean> {
    for (let row = rows.shift(); row; row = rows.shift()) {
      const line = breaks.lineAt(ended) + (row.emptyLines - emptyLines);
      ended = row.bytes;
      emptyLines = row.emptyLines;
      if (header === undefined) {
        header = row.record.map((name) => name.trim());
        const wrong = headerProblem(header);
        if (wrong !== undefined) {
          yield problem(line, `${wrong}: nothing is read`);
          return false;
        }
      } else if (row.record.length !== header.length)
        yield problem(
          line,
          `the record has ${row.record.length} cells where the header row has ${header.length}`,
        );
      else
        yield documentOfRow(
          header,
          row.record,
          line,
          csvLocator(header, row.text, { line, column: 0 }, row.record.length),
        );
    }
    return true;
  }
  try {
    for await (const _ of parser as AsyncIterable<unknown>) if (!(yield* take())) return;
  } catch (error: unknown) {
    if (!(error instanceof CsvError)) throw error;
    if (!(yield* take())) return;
    // On the line after the last record read: where the unreadable one starts.
    yield problem(
      breaks.lineAt(ended),
      `unreadable CSV (${error.message.replace(/ at line \d+/, '')}): the rest of the file is not read`,
    );
  } finally {
    parser.destroy();
  }
}
