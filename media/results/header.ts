// The panel's header: which rule ran (title, query in monospace), where (a project or global
// data), what it cost, whether against the sandbox; and the panel's actions: Pin, Export ▾
// (PNG, CSV, JSON), Copy as curl, View as table, Undo zoom.
import { counted } from '../../core/plural';
import type { RunInfo } from './protocol';
import { belowElement, openMenu, type MenuItem } from './drillMenu';
import { el } from '../shared/dom';
import { formatTime } from './panelNumbers';

export interface HeaderActions {
  readonly pinned: boolean;
  readonly togglePin: () => void;
  /** Export choices, asked for when the menu opens; PNG only for views with a picture. */
  readonly exports: () => readonly MenuItem[];
  readonly copyCurl: () => void;
  /** Present for charts: whether they show as a table now, and the toggle. */
  readonly table?: { readonly on: boolean; readonly toggle: () => void };
  /** Present after a zoom: how many, and the undo. */
  readonly undoZoom?: { readonly depth: number; readonly undo: () => void };
}

const button = (
  label: string,
  click: () => void,
  attributes: Record<string, string | boolean> = {},
) => el('button', { attributes: { type: 'button', ...attributes }, listeners: { click } }, label);

export function renderHeader(run: RunInfo, actions: HeaderActions | undefined): HTMLElement {
  // Global data is what the service collects, kept 30 days (api.md "Limits"): saying so tells a
  // reader of global results why nothing older shows.
  const target =
    run.target.kind === 'project' ? `project ${run.target.name}` : 'global data · last 30 days';
  const facts = el(
    'div',
    { className: 'facts' },
    run.sandbox
      ? el(
          'span',
          {
            className: 'badge',
            attributes: { title: 'Answered by the embedded sandbox (synthetic data)' },
          },
          'sandbox',
        )
      : null,
    el('span', { className: 'target' }, target),
    el(
      'span',
      { className: 'credits' },
      run.credits === null ? 'credits: –' : counted(run.credits, 'credit'),
    ),
    el('span', { className: 'when' }, `${formatTime(run.at, 'UTC')} UTC`),
  );
  const toolbar = actions
    ? el(
        'div',
        { className: 'actions', attributes: { role: 'group', 'aria-label': 'Panel actions' } },
        button(actions.pinned ? 'Pinned' : 'Pin', actions.togglePin, {
          'aria-pressed': String(actions.pinned),
          title: 'A pinned panel keeps this answer: new runs open another panel',
        }),
        (() => {
          const exportButton: HTMLButtonElement = button(
            'Export ▾',
            () => openMenu('Export', actions.exports(), belowElement(exportButton), exportButton),
            { 'aria-haspopup': 'menu' },
          );
          return exportButton;
        })(),
        button('Copy as curl', actions.copyCurl, {
          title: run.sandbox
            ? 'The request as a curl command, with the sandbox’s token'
            : 'The request as a curl command that reads the token from a shell variable',
        }),
        actions.table
          ? button('View as table', actions.table.toggle, {
              'aria-pressed': String(actions.table.on),
            })
          : null,
        actions.undoZoom
          ? button(`Undo zoom (${actions.undoZoom.depth})`, actions.undoZoom.undo, {
              title: 'Back to the range before the last zoom',
            })
          : null,
      )
    : null;
  return el(
    'header',
    { className: 'header' },
    el('div', { className: 'title-row' }, el('h1', {}, run.title), facts),
    el(
      'pre',
      { className: 'query', attributes: { 'aria-label': 'Query' } },
      el('code', {}, run.query || '(no query)'),
    ),
    toolbar,
  );
}
