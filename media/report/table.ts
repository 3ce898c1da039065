// The report's table: one row per document shown, in line order. The line number is a button
// that shows that line of the source file; every string is a text node (dom.ts's el), so a URL
// or a service message holding markup stays text. A URL stays on one line, cut with an ellipsis
// (the whole of it in its tooltip); the message, what a reader came for, wraps.
import { el } from '../shared/dom';
import type { ReportRow } from './protocol';

export const OUTCOME_LABELS = {
  applied: 'Applied',
  refused: 'Refused',
  unknown: 'Unknown',
  'not-sent': 'Not sent',
} as const;

export function reportTable(
  rows: readonly ReportRow[],
  annotated: boolean,
  reveal: (line: number) => void,
): HTMLElement {
  // Each heading with its column's class: numbers are right-aligned under a right-aligned name.
  const header: [string, string][] = [
    ['Line', 'line'],
    ['Outcome', 'outcome-column'],
    ['URL', 'url'],
    ['Code', 'code'],
    ['Message', 'message'],
    ...(annotated ? ([['Sentiment', 'sentiment']] as [string, string][]) : []),
  ];
  const table = el(
    'table',
    { className: 'report-table' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ...header.map(([name, column]) =>
          el('th', { className: column, attributes: { scope: 'col' } }, name),
        ),
      ),
    ),
    el(
      'tbody',
      {},
      ...rows.map((row) =>
        el(
          'tr',
          { className: `row-${row.outcome}` },
          el(
            'td',
            { className: 'line' },
            el(
              'button',
              {
                className: 'line-link',
                attributes: { type: 'button', title: `Show line ${row.line} of the file` },
                listeners: { click: () => reveal(row.line) },
              },
              row.line,
            ),
          ),
          el(
            'td',
            {},
            el(
              'span',
              { className: `outcome outcome-${row.outcome}` },
              OUTCOME_LABELS[row.outcome],
            ),
          ),
          el(
            'td',
            { className: 'url' },
            row.url
              ? el('span', { className: 'clip', attributes: { title: row.url } }, row.url)
              : '',
          ),
          el('td', { className: 'code' }, row.status_code ?? ''),
          el('td', { className: 'message' }, row.message ?? ''),
          annotated ? el('td', { className: 'sentiment' }, row.sentiment ?? '') : null,
        ),
      ),
    ),
  );
  // Wider than a narrow panel: it scrolls sideways here, not the page.
  return el('div', { className: 'table-scroll' }, table);
}
