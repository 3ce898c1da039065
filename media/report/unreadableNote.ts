// The note above the table when some of the report could not be read: lines of the report file
// that are not report lines (the extension read the file and names them), and rows that arrived
// malformed (the panel checks each, and counts them). The good ones are shown; these are counted
// and named, never the reason to show nothing.
import { el } from '../shared/dom';

/** How many line numbers the note names before it says "…". */
const NAMED = 10;

const number = (n: number) => n.toLocaleString('en');

/** `N lines could not be read (lines 3, 7, …): …`, or nothing when every line was read. */
export function unreadableNote(
  fromFile: { readonly count: number; readonly lines: readonly number[] } | undefined,
  rejectedRows: number,
): HTMLElement | null {
  const count = (fromFile?.count ?? 0) + rejectedRows;
  if (count === 0) return null;
  const lines = fromFile?.lines.slice(0, NAMED) ?? [];
  const which =
    lines.length === 0
      ? ''
      : ` (line${lines.length === 1 ? '' : 's'} ${lines.map(number).join(', ')}${count > lines.length ? ', …' : ''})`;
  const them = count === 1 ? 'it' : 'them';
  return el(
    'p',
    { className: 'note unreadable', attributes: { role: 'status' } },
    `${number(count)} line${count === 1 ? '' : 's'} of the report could not be read${which}: the table leaves ${them} out. Open the NDJSON report to see ${them}.`,
  );
}
