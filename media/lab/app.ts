// The query lab panel: Explain Rule's table. A header (the rule, where and over how many days it
// was counted, its total), then a row per part: operands with what they match and what only they
// bring, required parts, exclusions with what they remove, each number with a bar scaled to the
// rule's total, and the lab's flags. A click on a part's text shows it in the editor.
import { el, replace } from '../shared/dom';
import type { Messaging } from '../shared/connect';
import { renderComparison } from './compare';
import type { Counting, FromLabPanel, PartRow, PartsTable, ToLabPanel } from './protocol';

const number = (n: number) => n.toLocaleString('en');

const KIND_LABELS: Record<PartRow['kind'], string> = {
  operand: 'operand',
  required: 'required',
  exclusion: 'exclusion',
};

const FLAG_LABELS: Record<string, string> = {
  'dead-exclusion': 'removes nothing',
  'redundant-operand': 'adds nothing',
  'dominant-operand': 'most of the volume',
};

/** What the panel says while a rule's counts are under way: how many are asked, how many known. */
function countingText({ counts, known, target, days }: Counting): string {
  const asked = counts - known;
  const what = `${number(asked)} ${asked === 1 ? 'query' : 'queries'}`;
  const kept = known > 0 ? ` (${number(known)} of the ${number(counts)} already known)` : '';
  return `Counting ${what} ${target} over ${days} days${kept}…`;
}

/** A number with its bar, the bar's width its share of the rule's total (at most all of it). */
function bar(value: number | undefined, total: number, className: string): HTMLElement {
  if (value === undefined) return el('td', { className: 'number' }, '');
  const share = total > 0 ? Math.min(1, Math.max(0, value / total)) : 0;
  const fill = el('span', { className: `bar-fill ${className}` });
  // A width from a number we computed, set through the CSSOM: the CSP allows no inline style.
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  return el(
    'td',
    { className: 'number' },
    el('span', { className: 'bar', attributes: { 'aria-hidden': 'true' } }, fill),
    el('span', { className: 'value' }, number(value)),
  );
}

function row(part: PartRow, index: number, table: PartsTable, post: (m: FromLabPanel) => void) {
  const reveal = el(
    'button',
    {
      className: 'part-text',
      attributes: { type: 'button', title: 'Show it in the editor' },
      listeners: { click: () => post({ type: 'reveal', id: table.id, row: index }) },
    },
    part.text,
  );
  return el(
    'tr',
    { className: `part ${part.kind}` },
    el('td', { className: 'kind' }, KIND_LABELS[part.kind]),
    el('td', {}, reveal),
    bar(part.count, table.total, 'count'),
    bar(part.share, table.total, part.kind === 'exclusion' ? 'removed' : 'only'),
    el(
      'td',
      { className: 'flags' },
      ...part.flags.map((flag) =>
        el('span', { className: `flag ${flag}` }, FLAG_LABELS[flag] ?? flag),
      ),
    ),
  );
}

function render(table: PartsTable, post: (m: FromLabPanel) => void): HTMLElement {
  return el(
    'main',
    {},
    el(
      'header',
      { className: 'header' },
      el('h1', {}, 'Parts of ', el('span', { className: 'rule' }, table.ruleId)),
      el(
        'div',
        { className: 'facts' },
        table.sandbox ? el('span', { className: 'badge' }, 'Sandbox') : null,
        el('span', {}, table.target),
        el('span', {}, `last ${table.days} ${table.days === 1 ? 'day' : 'days'}`),
        el('span', { className: 'total' }, `${number(table.total)} documents`),
      ),
    ),
    el(
      'table',
      { className: 'parts', attributes: { 'aria-label': `Parts of ${table.ruleId}` } },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, 'Kind'),
          el('th', {}, 'Part'),
          el('th', {}, 'Matches'),
          el('th', {}, 'Only it / removes'),
          el('th', {}, 'Flags'),
        ),
      ),
      el('tbody', {}, ...table.rows.map((part, index) => row(part, index, table, post))),
    ),
  );
}

export function startLabApp(
  root: HTMLElement,
  messaging: Messaging<ToLabPanel, FromLabPanel>,
): void {
  const post = (message: FromLabPanel) => messaging.post(message);
  messaging.listen((message) => {
    if (message.type === 'counting') {
      const { counting } = message;
      replace(
        root,
        el(
          'div',
          { className: 'header' },
          el('h1', {}, `Parts of ${counting.ruleId}`),
          el(
            'p',
            { className: 'counting', attributes: { role: 'status' } },
            countingText(counting),
          ),
        ),
      );
      return;
    }
    if (message.type === 'compare') {
      const { comparison } = message;
      replace(root, renderComparison(comparison, post));
      const rows = comparison.gained.documents.length + comparison.lost.documents.length;
      messaging.post({ type: 'drawn', id: comparison.id, rows });
      return;
    }
    replace(root, render(message.table, post));
    messaging.post({ type: 'drawn', id: message.table.id, rows: message.table.rows.length });
  });
  messaging.post({ type: 'ready' });
}
