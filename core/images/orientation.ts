// EXIF orientation (1–8): how a photo's stored pixel grid is turned and mirrored to be shown.
// Image detection answers in the stored grid (docs/decisions.md, "Image detection boxes"), while
// browsers and VS Code show photos turned upright: a box is mapped from one to the other here.
// Coordinates are pixel edges (left/top inclusive, right/bottom exclusive), so a mirror maps x
// to width - x and a box keeps its size.

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export function isOrientation(value: number): value is Orientation {
  return Number.isInteger(value) && value >= 1 && value <= 8;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * What an image's header says: its EXIF orientation (1 when none; readImageInfo gives 1 too
 * where the webview does not apply it) and the stored pixel grid.
 */
export interface ImageInfo {
  readonly orientation: Orientation;
  /** The pixel grid as stored (before the orientation is applied), when the header says. */
  readonly stored?: Size;
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Orientations 5–8 swap the axes: a stored 4000×3000 photo is shown 3000×4000. */
export const swapsAxes = (orientation: Orientation) => orientation >= 5;

export function displayedSize(stored: Size, orientation: Orientation): Size {
  return swapsAxes(orientation) ? { width: stored.height, height: stored.width } : stored;
}

/** A point of the stored grid where it is shown (EXIF 2.32, tag 0x0112). */
function point(x: number, y: number, { width: w, height: h }: Size, orientation: Orientation) {
  switch (orientation) {
    case 1:
      return [x, y] as const;
    case 2: // mirrored left to right
      return [w - x, y] as const;
    case 3: // turned 180°
      return [w - x, h - y] as const;
    case 4: // mirrored top to bottom
      return [x, h - y] as const;
    case 5: // mirrored along the main diagonal: stored rows become columns
      return [y, x] as const;
    case 6: // turned 90° clockwise to be shown: the stored top row becomes the right column
      return [h - y, x] as const;
    case 7: // mirrored along the other diagonal
      return [h - y, w - x] as const;
    case 8: // turned 90° counter-clockwise: the stored top row becomes the left column
      return [y, w - x] as const;
  }
}

/** A box of the stored grid (`stored` its size) as it lies on the image as shown. */
export function toDisplayed<B extends Box>(box: B, stored: Size, orientation: Orientation): B {
  const [x1, y1] = point(box.left, box.top, stored, orientation);
  const [x2, y2] = point(box.right, box.bottom, stored, orientation);
  return {
    ...box,
    left: Math.min(x1, x2),
    top: Math.min(y1, y2),
    right: Math.max(x1, x2),
    bottom: Math.max(y1, y2),
  };
}
