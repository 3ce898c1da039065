// A text cell a spreadsheet program would read as a formula, made inert. Excel, LibreOffice and
// Google Sheets evaluate a cell that starts with `=`, `+`, `-` or `@` (and some skip a leading
// tab, carriage return, line feed or space first), so a document titled
// `=HYPERLINK("http://…/?d="&A2,"Open")` would run when its CSV is opened. Such a cell gets a
// leading `'`, which every one of them shows as text. Only text is changed: a number of a numeric
// column (`-12`) is data and stays a number.

/**
 * A trigger (ASCII or its full-width form) after optional whitespace, or a leading tab or
 * carriage return.
 */
const FORMULA_START = /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** Whether `text` would start a formula in a spreadsheet. */
export function startsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** The cell as a spreadsheet reads it as text: `'` before a formula's start, else unchanged. */
export function inertCell<Cell>(cell: Cell): Cell | string {
  return typeof cell === 'string' && startsFormula(cell) ? `'${cell}` : cell;
}
