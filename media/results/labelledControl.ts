// One labelled control with its explanation and its error, wired for assistive technology
// (label[for], aria-describedby, aria-invalid). The controls module decides which fields a view
// has; these only build them.
import { el, uniqueId, type Child } from '../shared/dom';

export interface Field {
  readonly name: string;
  readonly element: HTMLElement;
  /** The control's current value as text ('' when empty). */
  readonly control: HTMLInputElement | HTMLSelectElement;
  setError(message: string | undefined, severity?: 'error' | 'note'): void;
  setHint(text: string): void;
}

function field(
  name: string,
  label: string,
  control: HTMLInputElement | HTMLSelectElement,
  hint: string,
  extra: Child = null,
): Field {
  const id = uniqueId(`field-${name}`);
  const hintElement = el('div', { className: 'hint', attributes: { id: `${id}-hint` } }, hint);
  const error = el('div', {
    className: 'field-error',
    attributes: { id: `${id}-error`, role: 'alert' },
  });
  control.id = id;
  control.name = name;
  control.setAttribute('aria-describedby', `${id}-hint ${id}-error`);
  const element = el(
    'div',
    { className: 'field', attributes: { 'data-parameter': name } },
    el('label', { attributes: { for: id } }, label),
    control,
    extra,
    hintElement,
    error,
  );
  return {
    name,
    element,
    control,
    setError(message, severity = 'error') {
      error.textContent = message ?? '';
      error.classList.toggle('note', severity === 'note');
      element.classList.toggle('invalid', message !== undefined && severity === 'error');
      if (message !== undefined && severity === 'error')
        control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    },
    setHint(text) {
      hintElement.textContent = text;
    },
  };
}

export function textField(
  name: string,
  label: string,
  value: string | undefined,
  hint: string,
  options: {
    placeholder?: string;
    suggestions?: readonly string[];
    type?: string;
    size?: number;
  } = {},
): Field {
  const listId = options.suggestions ? uniqueId(`list-${name}`) : undefined;
  const input = el('input', {
    attributes: {
      type: options.type ?? 'text',
      placeholder: options.placeholder,
      list: listId,
      size: options.size,
      autocomplete: 'off',
      spellcheck: 'false',
    },
  });
  input.value = value ?? '';
  const list = listId
    ? el(
        'datalist',
        { attributes: { id: listId } },
        ...(options.suggestions ?? []).map((suggestion) => {
          const option = el('option');
          option.value = suggestion;
          return option;
        }),
      )
    : null;
  return field(name, label, input, hint, list);
}

export function numberField(
  name: string,
  label: string,
  value: number | undefined,
  hint: string,
  range: { min?: number; max?: number; placeholder?: string } = {},
): Field {
  const input = el('input', {
    attributes: {
      type: 'number',
      min: range.min,
      max: range.max,
      step: 1,
      placeholder: range.placeholder,
    },
  });
  input.value = value === undefined ? '' : String(value);
  return field(name, label, input, hint);
}

export function selectField(
  name: string,
  label: string,
  value: string | undefined,
  choices: readonly { readonly value: string; readonly label: string }[],
  hint: string,
): Field {
  const select = el(
    'select',
    {},
    ...choices.map((choice) => {
      const option = el('option', {}, choice.label);
      option.value = choice.value;
      return option;
    }),
  );
  select.value = value ?? '';
  return field(name, label, select, hint);
}

/** The text of a control, or undefined when empty. */
export function valueOf(field: Field): string | undefined {
  const value = field.control.value.trim();
  return value === '' ? undefined : value;
}

export function numberOf(field: Field): number | undefined {
  const value = valueOf(field);
  return value === undefined ? undefined : Number(value);
}

/**
 * Calls `apply` when the user commits a new value: on change, and on Enter (which a datalist's
 * suggestion list may take for itself without a change event). Once per value.
 */
export function onCommit(field: Field, apply: () => void): void {
  let committed = field.control.value;
  const commit = () => {
    if (field.control.value === committed) return;
    committed = field.control.value;
    apply();
  };
  field.control.addEventListener('change', commit);
  field.control.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Enter') commit();
  });
}
