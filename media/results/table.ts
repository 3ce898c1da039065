// A sortable, copyable HTML table: the form of every distribution, the influencers and each
// chart's "View as table". Headers are buttons (aria-sort says the order); rows that drill down
// are focusable and open their menu on click, Enter or Space; Copy puts the table on the
// clipboard as TSV, and so does Ctrl+C on a selection inside it (the rows it touches), with the
// cells an export writes (media/tables/). A row is one line high: a long text is cut with an
// ellipsis (the whole of it in its tooltip), and a table wider than the panel scrolls sideways.
import { counted } from '../../core/plural';
import { inertCell } from '../../core/spreadsheetCell';
import { writtenCells, type DataColumn } from '../tables/dataColumn';
import { belowElement } from './drillMenu';
import { el, replace, type Child } from '../shared/dom';

/** How a column's cells look in the panel. */
export interface Look<Row> {
  /** The cell's content; the value as text when absent. */
  readonly render?: (row: Row) => Child;
  readonly sortable?: boolean;
  readonly className?: string;
  /** Free text of any length: one line, cut with an ellipsis, the whole text in its tooltip. */
  readonly clip?: boolean;
}

export type Column<Row> = DataColumn<Row> & Look<Row>;

/** A table's data columns with how each looks, by key. */
export function withLooks<Row>(
  columns: readonly DataColumn<Row>[],
  looks: Readonly<Record<string, Look<Row>>>,
): Column<Row>[] {
  return columns.map((column) => ({ ...column, ...looks[column.key] }));
}

export interface TableOptions<Row> {
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  /** The initial order; the rows' own order when absent. */
  readonly sort?: { readonly key: string; readonly descending: boolean };
  /** Drill down from a row: what its menu is called, and how it opens. */
  readonly activate?: {
    readonly label: (row: Row) => string;
    readonly open: (row: Row, at: { x: number; y: number }, opener: HTMLElement) => void;
  };
  readonly className?: string;
}

const cellText = (value: string | number) => String(value).replace(/[\t\r\n]+/g, ' ');

/** The rows as TSV, as a spreadsheet takes them from the clipboard (no cell a formula). */
export function tsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = writtenCells(columns);
  const text = (value: string | number | undefined) => String(inertCell(cellText(value ?? '')));
  const lines = [cells.map((cell) => text(cell.label))];
  for (const row of rows) lines.push(cells.map((cell) => text(cell.value(row))));
  return lines.map((line) => line.join('\t')).join('\n') + '\n';
}

function cellContent<Row>(column: Column<Row>, row: Row): Child {
  const content = column.render ? column.render(row) : cellText(column.value(row));
  if (!column.clip) return content;
  return el(
    'span',
    { className: 'clip', attributes: { title: cellText(column.value(row)) } },
    content,
  );
}

export function sortableTable<Row>(options: TableOptions<Row>): HTMLElement {
  const { columns, activate } = options;
  let sort = options.sort;
  let ordered = [...options.rows];
  const status = el('span', { className: 'table-status', attributes: { 'aria-live': 'polite' } });
  const body = el('tbody');
  const headers = columns.map((column) => {
    const label = column.sortable === false ? column.label : undefined;
    return el(
      'th',
      {
        className: column.numeric ? 'numeric' : '',
        attributes: { scope: 'col' },
      },
      label ??
        el(
          'button',
          {
            className: 'sort',
            attributes: { type: 'button', title: `Sort by ${column.label}` },
            listeners: { click: () => sortBy(column) },
          },
          column.label,
        ),
    );
  });

  function order(): void {
    ordered = [...options.rows];
    const column = columns.find((each) => each.key === sort?.key);
    if (sort && column) {
      const direction = sort.descending ? -1 : 1;
      ordered.sort((a, b) => {
        const [x, y] = [column.value(a), column.value(b)];
        const compared =
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : String(x).localeCompare(String(y), 'en', { numeric: true });
        return direction * compared;
      });
    }
    headers.forEach((header, index) => {
      const key = columns[index]?.key;
      if (sort && key === sort.key)
        header.setAttribute('aria-sort', sort.descending ? 'descending' : 'ascending');
      else header.removeAttribute('aria-sort');
    });
    replace(body, ...ordered.map(rowElement));
  }

  function sortBy(column: Column<Row>): void {
    // Numbers first from the largest, text first from A.
    sort =
      sort?.key === column.key
        ? { key: column.key, descending: !sort.descending }
        : { key: column.key, descending: column.numeric === true };
    order();
    status.textContent = `Sorted by ${column.label}, ${sort.descending ? 'descending' : 'ascending'}`;
  }

  function rowElement(row: Row): HTMLTableRowElement {
    const cells = columns.map((column) =>
      el(
        'td',
        { className: [column.numeric ? 'numeric' : '', column.className ?? ''].join(' ').trim() },
        cellContent(column, row),
      ),
    );
    if (!activate) return el('tr', {}, ...cells);
    const tr: HTMLTableRowElement = el(
      'tr',
      {
        className: 'drillable',
        attributes: { tabindex: 0, 'aria-haspopup': 'menu', 'aria-label': activate.label(row) },
        listeners: {
          click: (event) => {
            // Links and buttons inside a row do their own thing.
            if ((event.target as Element).closest('a, button')) return;
            activate.open(row, { x: event.pageX, y: event.pageY }, tr);
          },
          keydown: (event) => {
            if (event.target !== tr || (event.key !== 'Enter' && event.key !== ' ')) return;
            event.preventDefault();
            activate.open(row, belowElement(tr), tr);
          },
        },
      },
      ...cells,
    );
    return tr;
  }

  const table = el(
    'table',
    {
      className: ['data', options.className ?? ''].join(' ').trim(),
      listeners: {
        copy: (event) => {
          const selection = document.getSelection();
          if (!selection || selection.isCollapsed || !event.clipboardData) return;
          const rows = [...body.rows].filter((tr) => selection.containsNode(tr, true));
          const chosen = rows
            .map((tr) => ordered[tr.sectionRowIndex])
            .filter((row) => row !== undefined);
          event.clipboardData.setData('text/plain', tsv(columns, chosen));
          event.preventDefault();
        },
      },
    },
    // Read out with the table; shown above its scrolling box, where a narrow panel has room for it.
    el('caption', { className: 'visually-hidden' }, options.caption),
    el('thead', {}, el('tr', {}, ...headers)),
    body,
  );
  order();

  const copy = el(
    'button',
    {
      className: 'secondary',
      attributes: { type: 'button', title: 'Copy the table as tab-separated values' },
      listeners: {
        click: () => {
          const text = tsv(columns, ordered);
          navigator.clipboard.writeText(text).then(
            () => {
              status.textContent = `Copied ${counted(ordered.length, 'row')} as TSV`;
            },
            () => {
              // No clipboard access: select the table, so that Ctrl+C copies it as TSV.
              document.getSelection()?.selectAllChildren(table);
              status.textContent = 'Selected: press Ctrl+C to copy';
            },
          );
        },
      },
    },
    'Copy as TSV',
  );
  return el(
    'div',
    { className: 'table-block' },
    el('div', { className: 'table-toolbar' }, copy, status),
    el('p', { className: 'table-caption', attributes: { 'aria-hidden': 'true' } }, options.caption),
    el('div', { className: 'table-scroll' }, table),
  );
}

/** A bar inside a cell: `fraction` of its width, coloured by the given CSS class. */
export function inlineBar(fraction: number, className = ''): HTMLElement {
  const fill = el('span', { className: `bar-fill ${className}`.trim() });
  fill.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  return el('span', { className: 'bar', attributes: { 'aria-hidden': 'true' } }, fill);
}
