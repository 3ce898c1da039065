// A rule compared with an earlier text of it: both versions' daily counts on one chart (an SVG
// of two lines, drawn through the DOM: the CSP allows no inline markup), and the documents the
// new text gains and loses, a page each, with their totals.
import { el, safeHref } from '../shared/dom';
import type { Comparison, Difference, FromLabPanel, Version } from './protocol';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 560;
const HEIGHT = 160;
const PAD = 24;
const number = (n: number) => n.toLocaleString('en');
const day = (start: number) =>
  new Date(start).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** The two versions' daily counts as lines on one scale, the earlier dashed. */
export function comparisonChart(before: Version, after: Version): SVGSVGElement {
  const days = Math.max(before.days.length, after.days.length);
  const top = Math.max(1, ...before.days.map((d) => d.count), ...after.days.map((d) => d.count));
  const x = (index: number) => PAD + (days <= 1 ? 0 : (index * (WIDTH - 2 * PAD)) / (days - 1));
  const y = (count: number) => HEIGHT - PAD - (count / top) * (HEIGHT - 2 * PAD);
  const chart = svg('svg', {
    class: 'compare-chart',
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': `Daily counts: ${before.label} and ${after.label}`,
  });
  chart.append(
    svg('line', { class: 'axis', x1: PAD, y1: HEIGHT - PAD, x2: WIDTH - PAD, y2: HEIGHT - PAD }),
  );
  for (const [version, className] of [
    [before, 'before'],
    [after, 'after'],
  ] as const) {
    const points = version.days.map((d, index) => `${x(index)},${y(d.count)}`).join(' ');
    chart.append(svg('polyline', { class: `series ${className}`, points, fill: 'none' }));
  }
  const label = (text: string, at: number, anchor: string) => {
    const node = svg('text', { x: at, y: HEIGHT - 6, 'text-anchor': anchor, class: 'tick' });
    node.textContent = text;
    return node;
  };
  const first = after.days[0] ?? before.days[0];
  const last = after.days.at(-1) ?? before.days.at(-1);
  if (first) chart.append(label(day(first.start), PAD, 'start'));
  if (last) chart.append(label(day(last.start), WIDTH - PAD, 'end'));
  const peak = svg('text', { x: PAD, y: PAD - 8, class: 'tick' });
  peak.textContent = `${number(top)} a day at most`;
  chart.append(peak);
  return chart;
}

function total(version: Version): number {
  return version.days.reduce((sum, d) => sum + d.count, 0);
}

function documents(
  title: string,
  difference: Difference,
  post: (message: FromLabPanel) => void,
): HTMLElement {
  const shown = difference.documents.length;
  return el(
    'section',
    { className: 'difference' },
    el(
      'h2',
      {},
      `${title}: ${number(difference.total)} ${difference.total === 1 ? 'document' : 'documents'}`,
      shown < difference.total ? ` (the first ${number(shown)})` : '',
    ),
    shown === 0
      ? el('p', { className: 'muted' }, 'None.')
      : el(
          'ol',
          {},
          ...difference.documents.map((document) => {
            const href = safeHref(document.url);
            if (!href) return el('li', {}, document.title);
            const anchor = el(
              'a',
              {
                className: 'external',
                attributes: { title: href },
                listeners: {
                  click: (event: Event) => {
                    event.preventDefault();
                    post({ type: 'openUrl', url: href });
                  },
                },
              },
              document.title,
            );
            // Set as a property after the check: el() refuses href attributes on purpose.
            anchor.href = href;
            return el('li', {}, anchor);
          }),
        ),
  );
}

export function renderComparison(
  comparison: Comparison,
  post: (message: FromLabPanel) => void,
): HTMLElement {
  const { before, after } = comparison;
  return el(
    'main',
    {},
    el(
      'header',
      { className: 'header' },
      el(
        'h1',
        {},
        el('span', { className: 'rule' }, comparison.ruleId),
        `: ${before.label} → ${after.label}`,
      ),
      el(
        'div',
        { className: 'facts' },
        comparison.sandbox ? el('span', { className: 'badge' }, 'Sandbox') : null,
        el('span', {}, comparison.target),
        el('span', {}, `last ${after.days.length} days`),
        el(
          'span',
          { className: 'totals' },
          `${number(total(before))} → ${number(total(after))} documents`,
        ),
      ),
    ),
    el(
      'div',
      { className: 'legend' },
      el('span', { className: 'key before' }, `${before.label}: `, el('code', {}, before.query)),
      el('span', { className: 'key after' }, `${after.label}: `, el('code', {}, after.query)),
    ),
    comparisonChart(before, after),
    documents('Gained', comparison.gained, post),
    documents('Lost', comparison.lost, post),
  );
}
