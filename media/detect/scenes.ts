// The scenes found, strongest first, each with a bar as long as its confidence.
import { el } from '../shared/dom';
import type { PlacedMatch } from './protocol';
import { percent } from './detectNumbers';

export interface Scenes {
  readonly element: HTMLElement;
  filter(visible: readonly boolean[]): void;
}

export function renderScenes(matches: readonly PlacedMatch[]): Scenes {
  const rows = matches.map((match) => {
    const fill = el('div', { className: 'fill' });
    fill.style.width = percent(match.confidence);
    return el(
      'li',
      {
        className: 'scene',
        attributes: { 'data-id': match.id, 'data-confidence': match.confidence },
      },
      el('span', { className: 'name' }, match.id),
      el('div', { className: 'bar', attributes: { 'aria-hidden': 'true' } }, fill),
      el('span', { className: 'value' }, percent(match.confidence)),
    );
  });
  // Strongest first; the filter's order is the answer's, so rows keep their index.
  const ordered = rows
    .map((row, index) => ({ row, confidence: matches[index]?.confidence ?? 0 }))
    .sort((a, b) => b.confidence - a.confidence)
    .map(({ row }) => row);
  return {
    element: el('ul', { className: 'scenes' }, ...ordered),
    filter(visible) {
      rows.forEach((row, index) => {
        row.hidden = !visible[index];
      });
    },
  };
}
