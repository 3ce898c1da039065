// The small menu a bucket, bar or row opens: "Show results" and "Add as a new rule" for that
// slice. A menu in the ARIA sense: focus moves into it, arrows move between items, Escape
// closes it and gives focus back to what opened it.
import type { FromPanel, Slice } from './protocol';
import { el } from '../shared/dom';

export interface MenuItem {
  readonly label: string;
  readonly run: () => void;
}

let open: { element: HTMLElement; close: () => void } | undefined;

export function closeMenu(): void {
  open?.close();
}

/** Opens a menu at page coordinates (x, y), returning focus to `opener` when it closes. */
export function openMenu(
  title: string,
  items: readonly MenuItem[],
  at: { x: number; y: number },
  opener: HTMLElement | null,
): HTMLElement {
  closeMenu();
  const buttons = items.map((item) =>
    el(
      'button',
      {
        className: 'menu-item',
        attributes: { role: 'menuitem', type: 'button', tabindex: -1 },
        listeners: {
          click: () => {
            close();
            item.run();
          },
        },
      },
      item.label,
    ),
  );
  const menu = el(
    'div',
    {
      className: 'menu',
      attributes: { role: 'menu', 'aria-label': title, tabindex: -1 },
      listeners: {
        keydown: (event) => {
          const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
          const move = (to: number) => buttons[(to + buttons.length) % buttons.length]?.focus();
          if (event.key === 'ArrowDown') move(index + 1);
          else if (event.key === 'ArrowUp') move(index - 1);
          else if (event.key === 'Home') move(0);
          else if (event.key === 'End') move(buttons.length - 1);
          else if (event.key === 'Escape' || event.key === 'Tab') close();
          else return;
          event.preventDefault();
        },
      },
    },
    el('div', { className: 'menu-title', attributes: { 'aria-hidden': 'true' } }, title),
    ...buttons,
  );
  const outside = (event: PointerEvent) => {
    if (!menu.contains(event.target as Node)) close();
  };
  function close() {
    if (open?.element !== menu) return;
    open = undefined;
    menu.remove();
    document.removeEventListener('pointerdown', outside, true);
    opener?.focus();
  }
  document.body.appendChild(menu);
  // Inside the window, even near its right or bottom edge.
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  menu.style.left = `${Math.max(0, Math.min(at.x, window.scrollX + window.innerWidth - width - 4))}px`;
  menu.style.top = `${Math.max(0, Math.min(at.y, window.scrollY + window.innerHeight - height - 4))}px`;
  document.addEventListener('pointerdown', outside, true);
  open = { element: menu, close };
  buttons[0]?.focus();
  return menu;
}

/** The drill-down menu of a slice: its results, or a new rule for it in the query file. */
export function openDrillMenu(
  title: string,
  slice: Slice,
  post: (message: FromPanel) => void,
  at: { x: number; y: number },
  opener: HTMLElement | null,
): HTMLElement {
  return openMenu(
    title,
    [
      { label: 'Show results', run: () => post({ type: 'drill', action: 'results', slice }) },
      { label: 'Add as a new rule', run: () => post({ type: 'drill', action: 'addRule', slice }) },
    ],
    at,
    opener,
  );
}

/** Where a menu opened from an element (by keyboard) goes: under it. */
export function belowElement(element: HTMLElement): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: box.left + window.scrollX, y: box.bottom + window.scrollY };
}
