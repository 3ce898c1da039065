// Search results: a document per item with its title, source, date, engagement and the
// service's snippets (its <b> marks shown as highlighting, nothing else of the text read), the
// rule's operands that match it (or that none does here, said plainly), the
// page as "Showing N–M of T" (never a silent cap), previous and next pages, and per document
// Open (its address, http or https only) and Open as JSON.
import type { FromPanel, ResultDocument, ResultReading } from './protocol';
import { el, safeHref } from '../shared/dom';
import { formatNumber, formatTime } from './panelNumbers';
import { externalLink } from './link';
import type { Rendered } from './rendered';
import { snippetSegments } from './snippets';
import type { RerunView, Shown } from './state';

type ResultsShown = Shown & { view: { kind: 'results' } };

function highlighted(snippet: string): HTMLElement {
  return el(
    'span',
    { className: 'snippet' },
    ...snippetSegments(snippet).map((segment) =>
      segment.marked ? el('mark', {}, segment.text) : segment.text,
    ),
  );
}

/** Text with the [start, end) offsets of matched words marked; offsets out of order or range are skipped. */
function withMarks(text: string, marks: readonly (readonly [number, number])[]): HTMLElement {
  const parts: (string | HTMLElement)[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(el('mark', {}, text.slice(start, end)));
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return el('span', { className: 'snippet' }, ...parts);
}

/** Which operands of the rule match the document, as our matcher reads it; or that none does. */
function readingLine(reading: ResultReading | undefined): HTMLElement | null {
  if (!reading) return null;
  if (reading.unexplained !== undefined)
    return el(
      'p',
      { className: 'document-unexplained' },
      `Not explained here: ${reading.unexplained}.`,
    );
  return el(
    'p',
    { className: 'document-matched' },
    'Matched by ',
    ...reading.operands.flatMap((operand, index) => [
      index > 0 ? ' · ' : '',
      el('code', {}, operand),
    ]),
  );
}

function sentimentText(value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value > 0 ? 'positive' : value < 0 ? 'negative' : 'neutral';
}

function documentItem(
  document: ResultDocument,
  index: number,
  position: number,
  post: (message: FromPanel) => void,
): HTMLElement {
  const reading = document.reading;
  const title = document.titleSnippet
    ? highlighted(document.titleSnippet)
    : reading && reading.titleMarks.length > 0
      ? withMarks(document.title, reading.titleMarks)
      : document.title || '(no title)';
  const excerpt = document.contentSnippet
    ? highlighted(document.contentSnippet)
    : reading?.excerpt
      ? withMarks(reading.excerpt.text, reading.excerpt.marks)
      : null;
  const facts = [
    document.source,
    document.published === undefined ? undefined : `${formatTime(document.published, 'UTC')} UTC`,
    document.engagement === undefined
      ? undefined
      : `engagement ${formatNumber(document.engagement)}`,
    document.reach === undefined ? undefined : `reach ${formatNumber(document.reach)}`,
    document.lang,
    document.country,
    sentimentText(document.sentiment),
  ].filter((fact): fact is string => fact !== undefined && fact !== '');
  const openable = safeHref(document.url) !== undefined;
  return el(
    'li',
    { className: 'document' },
    el(
      'h3',
      { className: 'document-title' },
      el('span', { className: 'position' }, `${position}.`),
      ' ',
      externalLink(document.url, title, post),
    ),
    el('div', { className: 'document-facts' }, facts.join(' · ')),
    excerpt ? el('p', { className: 'document-snippet' }, excerpt) : null,
    readingLine(reading),
    el(
      'div',
      { className: 'document-actions' },
      el(
        'button',
        {
          className: 'secondary',
          attributes: {
            type: 'button',
            disabled: !openable,
            title: openable
              ? (document.url ?? '')
              : document.url === undefined
                ? 'The service gave no address for this document'
                : 'Not an http or https address',
          },
          listeners: {
            click: () => {
              const href = safeHref(document.url);
              if (href) post({ type: 'openUrl', url: href });
            },
          },
        },
        'Open',
      ),
      el(
        'button',
        {
          className: 'secondary',
          attributes: { type: 'button' },
          listeners: { click: () => post({ type: 'openDocument', index }) },
        },
        'Open as JSON',
      ),
    ),
  );
}

export function renderResults(
  shown: ResultsShown,
  post: (message: FromPanel) => void,
  rerun: (view: RerunView) => void,
): Rendered {
  const { documents, total, parameters } = shown.view;
  const first = documents.length > 0 ? parameters.offset + 1 : 0;
  const last = parameters.offset + documents.length;
  const page = (offset: number) =>
    rerun({ kind: 'results', parameters: { ...parameters, offset } });
  const range =
    documents.length > 0
      ? `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`
      : `Showing 0 of ${formatNumber(total)}`;
  const paging = el(
    'nav',
    { className: 'paging', attributes: { 'aria-label': 'Pages' } },
    el('span', { className: 'page-range' }, range),
    el(
      'button',
      {
        className: 'secondary',
        attributes: { type: 'button', disabled: parameters.offset === 0 },
        listeners: { click: () => page(Math.max(0, parameters.offset - parameters.hpp)) },
      },
      '‹ Previous',
    ),
    el(
      'button',
      {
        className: 'secondary',
        attributes: { type: 'button', disabled: last >= total },
        listeners: { click: () => page(parameters.offset + parameters.hpp) },
      },
      'Next ›',
    ),
  );
  const list = el(
    'ol',
    { className: 'documents', attributes: { start: first || 1, 'aria-label': range } },
    ...documents.map((document, index) =>
      documentItem(document, index, parameters.offset + index + 1, post),
    ),
  );
  return {
    element: el(
      'section',
      { className: 'results', attributes: { 'aria-label': 'Results' } },
      paging,
      documents.length > 0 ? list : el('p', { className: 'empty' }, 'No documents on this page.'),
      documents.length > 3 ? bottomRange(range) : null,
    ),
  };
}

function bottomRange(range: string): HTMLElement {
  return el('p', { className: 'page-range bottom' }, range);
}
