// CSV as the extension and mmq write it: RFC 4180 quoting through csv-stringify, CRLF between
// records (what spreadsheet programs expect). The results panel's export and the collector files
// both write through here, so both quote alike.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | undefined;

/** Rows as CSV text, each record ended by CRLF. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    { record_delimiter: 'windows' },
  );
}
