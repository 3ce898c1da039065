// What is shown of the matches: a confidence slider (weaker matches hidden) and, for logos, a
// toggle per logo id. The owner is told which matches are visible whenever either changes.
import { el } from '../shared/dom';
import type { PlacedMatch } from './protocol';
import { percent } from './detectNumbers';

export interface Filters {
  readonly element: HTMLElement;
  /** How many matches are visible now. */
  visible(): number;
}

/** Calls `apply` with the visibility of each match (in order), now and on every change. */
export function renderFilters(
  matches: readonly PlacedMatch[],
  apply: (visible: readonly boolean[]) => void,
  toggles = true,
): Filters {
  const hiddenIds = new Set<string>();
  let minimum = 0;
  let shown: boolean[] = [];
  const value = el('output', { className: 'threshold' }, percent(minimum));
  const update = () => {
    shown = matches.map((match) => match.confidence * 100 >= minimum && !hiddenIds.has(match.id));
    value.textContent = percent(minimum / 100);
    apply(shown);
  };
  const slider = el('input', {
    className: 'confidence',
    attributes: {
      type: 'range',
      min: 0,
      max: 100,
      step: 1,
      value: 0,
      'aria-label': 'Minimum confidence',
    },
    listeners: {
      input: () => {
        minimum = Number(slider.value);
        update();
      },
    },
  });
  const ids = [...new Set(matches.map((match) => match.id))];
  const toggleList = toggles
    ? el(
        'fieldset',
        { className: 'toggles' },
        el('legend', {}, 'Logos'),
        ...ids.map((id) => {
          const box = el('input', {
            attributes: { type: 'checkbox', checked: true, 'data-id': id },
            listeners: {
              change: () => {
                if (box.checked) hiddenIds.delete(id);
                else hiddenIds.add(id);
                update();
              },
            },
          });
          const count = matches.filter((match) => match.id === id).length;
          return el(
            'label',
            { className: 'toggle' },
            box,
            ` ${id}`,
            el('span', { className: 'muted' }, ` (${count})`),
          );
        }),
      )
    : null;
  const element = el(
    'div',
    { className: 'filters' },
    el('label', { className: 'slider' }, 'Minimum confidence ', slider, ' ', value),
    ids.length > 0 ? toggleList : null,
  );
  update();
  return { element, visible: () => shown.filter(Boolean).length };
}
