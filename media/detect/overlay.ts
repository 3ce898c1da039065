// The image with a box per logo match, each labelled with its id and confidence. Boxes are in
// pixels of the image as shown and are placed in percentages of it, so they stay on their logo
// at any size of the panel. Positions are set through CSSOM (the CSP allows no style attribute).
// Without an image (an address, a file too large) the boxes lie on a blank frame of its size.
import { el } from '../shared/dom';
import type { DetectionView, PlacedMatch } from './protocol';
import { percent } from './detectNumbers';

export interface Overlay {
  readonly element: HTMLElement;
  filter(visible: readonly boolean[]): void;
}

/** A colour per logo id, in the order they first appear (a class: the styles hold the colours). */
const HUES = 6;

const share = (value: number, whole: number) =>
  `${(Math.min(Math.max(value, 0), whole) / whole) * 100}%`;

function box(match: PlacedMatch, view: DetectionView, hue: number): HTMLElement {
  const label = el('span', { className: 'label' }, `${match.id} ${percent(match.confidence)}`);
  const element = el(
    'div',
    {
      className: `box hue-${hue}`,
      attributes: {
        'data-id': match.id,
        'data-confidence': match.confidence,
        title: `${match.id}: ${percent(match.confidence)} (${match.left}, ${match.top}) – (${match.right}, ${match.bottom})`,
      },
    },
    label,
  );
  element.style.left = share(match.left, view.width);
  element.style.top = share(match.top, view.height);
  element.style.width = share(match.right - match.left, view.width);
  element.style.height = share(match.bottom - match.top, view.height);
  // A box at the image's top edge has its label inside, where it can be seen.
  if (match.top / view.height < 0.08) label.classList.add('inside');
  return element;
}

export function renderOverlay(view: DetectionView): Overlay {
  const frame = el('div', { className: view.image ? 'frame' : 'frame blank' });
  frame.style.aspectRatio = `${view.width} / ${view.height}`;
  // Small images are drawn larger, large ones fit the panel: its width, and 80% of its height
  // (a portrait photo would otherwise run off the bottom).
  const fitHeight = (view.width / view.height) * 80;
  frame.style.width = `min(100%, ${Math.max(view.width, 480)}px, ${fitHeight}vh)`;
  if (view.image) {
    const image = document.createElement('img');
    image.alt = 'The image detection ran on';
    // A base64 data: URL of an image type: checked by the protocol's schema on arrival.
    image.src = view.image;
    frame.appendChild(image);
  }
  const hues = new Map<string, number>();
  const boxes = view.matches.map((match) => {
    const hue = hues.get(match.id) ?? hues.size % HUES;
    hues.set(match.id, hue);
    return box(match, view, hue);
  });
  for (const each of boxes) frame.appendChild(each);
  return {
    element: el('figure', { className: 'overlay' }, frame),
    filter(visible) {
      boxes.forEach((each, index) => {
        each.hidden = !visible[index];
      });
    },
  };
}
