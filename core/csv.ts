// CSV as the extension and mmq write it: RFC 4180 quoting through csv-stringify, CRLF between
// records (what spreadsheet programs expect), and no text cell a spreadsheet would run as a
// formula (spreadsheetCell.ts). The results panel's export and the collector files both write
// through here, so both quote and neutralise alike.
import { stringify } from 'csv-stringify/sync';
import { inertCell } from './spreadsheetCell';

export type CsvCell = string | number | undefined;

/** Rows as CSV text, each record ended by CRLF. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(inertCell)),
    { record_delimiter: 'windows' },
  );
}
