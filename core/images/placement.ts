// Where an image detection answer's boxes lie on the image as it is shown. The answer's boxes are
// in the image's stored pixel grid (docs/decisions.md, "Image detection boxes"), so on a photo
// whose EXIF orientation turns it they are turned the same way. A service that measured the
// upright image instead is recognised by its width and height (the shown ones, not the stored
// ones) and its boxes are left as they are: the two cannot be told apart for a square photo,
// where the stored grid is assumed, as decided.
import {
  displayedSize,
  swapsAxes,
  toDisplayed,
  type Box,
  type ImageInfo,
  type Orientation,
  type Size,
} from './orientation';

export interface Answer<M extends Box> {
  readonly width: number;
  readonly height: number;
  readonly match: readonly M[];
}

export interface Placement<M extends Box> {
  /** The image as shown: what the boxes are relative to. */
  readonly size: Size;
  readonly matches: M[];
  /** Which grid the answer was found to be in. */
  readonly frame: 'stored' | 'displayed';
  readonly orientation: Orientation;
}

/** Scene matches have all-zero boxes: nothing to turn. */
const isEmpty = (box: Box) =>
  box.left === 0 && box.top === 0 && box.right === 0 && box.bottom === 0;

export function placeMatches<M extends Box>(answer: Answer<M>, image: ImageInfo): Placement<M> {
  const { orientation } = image;
  const answered: Size = { width: answer.width, height: answer.height };
  const upright =
    swapsAxes(orientation) &&
    image.stored !== undefined &&
    answer.width !== answer.height &&
    answer.width === image.stored.height &&
    answer.height === image.stored.width;
  if (orientation === 1 || upright)
    return {
      size: answered,
      matches: [...answer.match],
      frame: upright ? 'displayed' : 'stored',
      orientation,
    };
  return {
    size: displayedSize(answered, orientation),
    matches: answer.match.map((match) =>
      isEmpty(match) ? match : toDisplayed(match, answered, orientation),
    ),
    frame: 'stored',
    orientation,
  };
}
