// A project's topics, filters, channels, panels or datasets as checkboxes in a disclosure: the
// choice is sent when the list closes (one rerun, one credit confirmation, for several ticks).
import { el, uniqueId } from '../shared/dom';

export interface ScopePicker {
  readonly name: string;
  readonly element: HTMLElement;
  setError(message: string | undefined, severity?: 'error' | 'note'): void;
}

export function scopePicker(
  name: string,
  label: string,
  choices: readonly { readonly id: string; readonly title: string }[],
  selected: readonly string[],
  apply: (ids: string[] | undefined) => void,
): ScopePicker {
  const id = uniqueId(`scope-${name}`);
  const boxes = choices.map((choice) => {
    const box = el('input', { attributes: { type: 'checkbox', value: choice.id } });
    box.checked = selected.includes(choice.id);
    return {
      box,
      element: el(
        'label',
        { className: 'check' },
        box,
        ` ${choice.title}`,
        el('span', { className: 'muted' }, ` ${choice.id}`),
      ),
    };
  });
  const chosen = () => boxes.filter(({ box }) => box.checked).map(({ box }) => box.value);
  const describe = (ids: readonly string[]) =>
    ids.length === 0 ? `${label}: all` : `${label}: ${ids.length} of ${choices.length}`;
  const summary = el('summary', {}, describe(selected));
  const error = el('div', {
    className: 'field-error',
    attributes: { id: `${id}-error`, role: 'alert' },
  });
  const details = el(
    'details',
    {
      className: 'scope',
      attributes: { 'data-parameter': name, 'aria-describedby': `${id}-error` },
    },
    summary,
    el(
      'div',
      { className: 'scope-list', attributes: { role: 'group', 'aria-label': label } },
      ...boxes.map(({ element }) => element),
    ),
  );
  const before = [...selected].sort().join(',');
  details.addEventListener('change', () => {
    summary.textContent = describe(chosen());
  });
  details.addEventListener('toggle', () => {
    const ids = chosen();
    summary.textContent = describe(ids);
    if (details.open || [...ids].sort().join(',') === before) return;
    apply(ids.length > 0 ? ids : undefined);
  });
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false;
      summary.focus();
    }
  });
  return {
    name,
    element: el('div', { className: 'field scope-field' }, details, error),
    setError(message, severity = 'error') {
      error.textContent = message ?? '';
      error.classList.toggle('note', severity === 'note');
    },
  };
}
