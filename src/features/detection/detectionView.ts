// The panel's view of an answer: the boxes placed on the image as shown (turned for the EXIF
// orientation of a JPEG or PNG, as Chromium shows them: core/images/imageInfo.ts and
// placement.ts), and the image itself as a data: URL when it is a file of a type the webview
// shows and not too large to hand over in a message.
import type { ImageDetectionResponse } from '../../../core/api/schemas/images';
import { FORMAT_TYPES, imageFormat } from '../../../core/images/imageFormat';
import { readImageInfo } from '../../../core/images/imageInfo';
import { placeMatches } from '../../../core/images/placement';
import { IMAGE_DATA_URL, type DetectionView } from '../../../media/detect/protocol';
import type { LoadedImage } from './imageTarget';

/** Larger files are detected but not previewed (docs/decisions.md). */
export const MAX_PREVIEW_BYTES = 20 * 1024 * 1024;

const SHOWN_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function preview(image: LoadedImage): { image?: string; note?: string } {
  const { file } = image;
  if (!file)
    return {
      note: 'The image is at an address: the boxes are drawn on a blank frame of its size (nothing is downloaded).',
    };
  if (file.bytes.length > MAX_PREVIEW_BYTES)
    return {
      note: 'The image is too large to preview: the boxes are drawn on a blank frame of its size.',
    };
  // The type the bytes say first (a .png that is a JPEG), else the name's.
  const format = imageFormat(file.bytes);
  const type = format === undefined ? file.contentType : FORMAT_TYPES[format];
  if (!SHOWN_TYPES.has(type))
    return {
      note: 'This kind of image cannot be previewed: the boxes are drawn on a blank frame of its size.',
    };
  const url = `data:${type};base64,${Buffer.from(file.bytes).toString('base64')}`;
  return IMAGE_DATA_URL.test(url) ? { image: url } : {};
}

export function detectionView(
  image: LoadedImage,
  answer: ImageDetectionResponse['result_processing'],
): DetectionView {
  const info = image.file ? readImageInfo(image.file.bytes) : { orientation: 1 as const };
  const placed = placeMatches(answer, info);
  const { image: url, note } = preview(image);
  const turned =
    placed.orientation !== 1 && placed.frame === 'stored'
      ? `The photo's EXIF orientation (${placed.orientation}) turns it: the service's boxes, in its stored ${answer.width} × ${answer.height} grid, are turned with it.`
      : undefined;
  const notes = [note, turned].filter((each) => each !== undefined).join(' ');
  return {
    width: placed.size.width,
    height: placed.size.height,
    matches: placed.matches,
    ...(url === undefined ? {} : { image: url }),
    ...(notes === '' ? {} : { note: notes }),
  };
}
