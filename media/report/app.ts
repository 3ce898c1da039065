// The panel: what became of each document of an uploaded file. A header (the file, where it
// went, the mode), the counts as filters (all, or one outcome), a text filter on URL and
// message, the table, and the actions: retry the failed ones, open the NDJSON report, delete the
// applied documents from search (the upload undone) and undelete them again. A newer upload's
// report replaces the one shown. Its rows are checked one by one as they arrive: those that are
// not rows are left out and counted in a note (unreadableNote.ts), never the whole report.
import { el, replace } from '../shared/dom';
import type { Messaging } from '../shared/connect';
import {
  MAX_ROWS_PER_OUTCOME,
  readRows,
  type FromReportPanel,
  type Outcome,
  type Removal,
  type ReportRow,
  type ToReportPanel,
  type UploadReport,
} from './protocol';
import { removalControls } from './removal';
import { OUTCOME_LABELS, reportTable } from './table';
import { unreadableNote } from './unreadableNote';

type Filter = 'all' | Outcome;

/** A report as shown: its rows those that checked on arrival. */
type ShownReport = Omit<UploadReport, 'rows'> & { readonly rows: ReportRow[] };

const OUTCOMES: readonly Outcome[] = ['applied', 'refused', 'unknown', 'not-sent'];
const number = (n: number) => n.toLocaleString('en');

function header(report: ShownReport): HTMLElement {
  return el(
    'header',
    { className: 'header' },
    el('h1', {}, 'Upload of ', el('span', { className: 'source' }, report.source)),
    el(
      'div',
      { className: 'facts' },
      report.sandbox ? el('span', { className: 'badge' }, 'Sandbox') : null,
      el('span', {}, `into ${report.target}`),
      el('span', {}, `mode ${report.mode}`),
      report.annotated ? el('span', {}, 'sentiment scored') : null,
      el('span', {}, `report: ${report.reportFile}`),
    ),
  );
}

export function startReportApp(
  root: HTMLElement,
  messaging: Messaging<ToReportPanel, FromReportPanel>,
): void {
  let report: ShownReport | undefined;
  /** Rows of the shown report that arrived malformed. */
  let rejected = 0;
  let filter: Filter = 'all';
  let search = '';
  let retrying = false;
  let removal: Removal | undefined;
  const tableSlot = el('div', { className: 'table-slot' });

  const post = (message: FromReportPanel) => messaging.post(message);

  function total(shown: ShownReport): number {
    return OUTCOMES.reduce((sum, outcome) => sum + shown.counts[outcome], 0);
  }

  function drawTable(): void {
    if (!report) return;
    const shown = report;
    const needle = search.toLowerCase();
    const rows = shown.rows.filter(
      (row) =>
        (filter === 'all' || row.outcome === filter) &&
        (needle === '' ||
          (row.url ?? '').toLowerCase().includes(needle) ||
          (row.message ?? '').toLowerCase().includes(needle)),
    );
    const whole = filter === 'all' ? total(shown) : shown.counts[filter];
    // Cut: an outcome shown has more documents than the rows given of each.
    const cut = (filter === 'all' ? OUTCOMES : [filter]).some(
      (outcome) => shown.counts[outcome] > MAX_ROWS_PER_OUTCOME,
    );
    replace(
      tableSlot,
      unreadableNote(shown.unreadable, rejected),
      cut
        ? el(
            'p',
            { className: 'note muted' },
            `The table shows the first ${number(MAX_ROWS_PER_OUTCOME)} documents of each outcome; the NDJSON report lists all ${number(whole)}.`,
          )
        : null,
      rows.length === 0
        ? el('p', { className: 'status muted' }, 'No document matches.')
        : reportTable(rows, shown.annotated, (line) =>
            post({ type: 'reveal', id: shown.id, line }),
          ),
    );
    post({ type: 'drawn', id: shown.id, rows: rows.length });
  }

  function filters(shown: ShownReport): HTMLElement {
    const choices: [Filter, string, number][] = [
      ['all', 'All', total(shown)],
      ...OUTCOMES.filter((outcome) => shown.counts[outcome] > 0).map(
        (outcome): [Filter, string, number] => [
          outcome,
          OUTCOME_LABELS[outcome],
          shown.counts[outcome],
        ],
      ),
    ];
    const buttons = choices.map(([value, label, count]) =>
      el(
        'button',
        {
          className: `filter filter-${value}`,
          attributes: { type: 'button', 'aria-pressed': String(filter === value) },
          listeners: {
            click: () => {
              filter = value;
              buttons.forEach((each, index) =>
                each.setAttribute('aria-pressed', String(choices[index]?.[0] === filter)),
              );
              drawTable();
            },
          },
        },
        `${label} `,
        el('span', { className: 'count' }, number(count)),
      ),
    );
    const searchBox = el('input', {
      className: 'search',
      attributes: {
        type: 'search',
        placeholder: 'Filter by URL or message',
        'aria-label': 'Filter by URL or message',
      },
      listeners: {
        input: () => {
          search = searchBox.value;
          drawTable();
        },
      },
    });
    // Drawn again (a retry, a delete under way): the box keeps what the table is filtered by.
    searchBox.value = search;
    return el(
      'div',
      { className: 'filters', attributes: { role: 'group', 'aria-label': 'Outcomes' } },
      ...buttons,
      searchBox,
    );
  }

  function actions(shown: ShownReport): HTMLElement {
    return el(
      'div',
      { className: 'actions' },
      shown.retryable > 0
        ? el(
            'button',
            {
              className: 'retry primary',
              attributes: { type: 'button', disabled: retrying },
              listeners: {
                click: () => {
                  retrying = true;
                  post({ type: 'retry', id: shown.id });
                  draw();
                },
              },
            },
            retrying ? 'Retrying…' : `Retry the ${number(shown.retryable)} Failed`,
          )
        : null,
      el(
        'button',
        {
          className: 'open-file',
          attributes: { type: 'button' },
          listeners: { click: () => post({ type: 'openFile', id: shown.id }) },
        },
        'Open the NDJSON Report',
      ),
      ...removalControls(shown, removal, (action) => {
        removal = { action, running: true, deleted: removal?.deleted ?? 0 };
        post({ type: 'remove', id: shown.id, action });
        draw();
      }),
    );
  }

  function draw(): void {
    if (!report) return;
    replace(
      root,
      header(report),
      el('div', { className: 'bar' }, filters(report), actions(report)),
      tableSlot,
    );
    drawTable();
  }

  messaging.listen((message) => {
    switch (message.type) {
      case 'retrying':
        if (report?.id === message.id && !retrying) {
          retrying = true;
          draw();
        }
        return;
      case 'removal':
        // The table, its filters and the search stay as they are: only the actions change.
        if (report?.id !== message.id) return;
        removal = message.removal;
        draw();
        return;
      case 'show': {
        const read = readRows(message.report.rows);
        report = { ...message.report, rows: read.rows };
        rejected = read.rejected;
        removal = message.removal;
        filter = 'all';
        search = '';
        retrying = false;
        draw();
      }
    }
  });
  post({ type: 'ready' });
}
