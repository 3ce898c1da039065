// A table's columns as data, shared by the panel that shows the table and the extension that
// exports it: the export writes the columns the table shows, in the same order, under the same
// headings. A column says what it sorts by and how it is written out (one cell, several, or none
// for a picture such as a bar); the panel adds how a cell looks (media/results/table.ts). No DOM
// here: the extension's bundle imports it.

/** A cell as written to CSV or copied: the API's number as it came, or text. */
export type CellValue = string | number | undefined;

export interface WrittenCell<Row> {
  readonly label: string;
  readonly value: (row: Row) => CellValue;
}

export interface DataColumn<Row> {
  readonly key: string;
  readonly label: string;
  readonly numeric?: boolean;
  /** What the table sorts by. */
  readonly value: (row: Row) => string | number;
  /** How the column is written out; its label and value when absent, nothing when empty. */
  readonly written?: readonly WrittenCell<Row>[];
}

export interface DataTable<Row> {
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
}

/** The cells a row is written as, column after column. */
export function writtenCells<Row>(columns: readonly DataColumn<Row>[]): WrittenCell<Row>[] {
  return columns.flatMap(
    (column) => column.written ?? [{ label: column.label, value: column.value }],
  );
}

/** The headings, then a record per row, in the order given. */
export function tableRecords<Row>(
  columns: readonly DataColumn<Row>[],
  rows: readonly Row[],
): CellValue[][] {
  const cells = writtenCells(columns);
  return [
    cells.map((cell) => cell.label),
    ...rows.map((row) => cells.map((cell) => cell.value(row))),
  ];
}
