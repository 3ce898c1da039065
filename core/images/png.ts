// What a PNG's header says about how it is shown: the stored size (IHDR, the first chunk) and the
// EXIF orientation of its eXIf chunk, read as Chromium reads it (observed in Chromium 156, the
// engine of VS Code's webviews, docs/decisions.md): only an eXIf before the first IDAT counts,
// one whose CRC is wrong is skipped, and the first one with a right CRC decides (a second one
// is not looked at, even when the first has no usable orientation). The walk must hold against
// any bytes a user opens: every read is bounds-checked, each chunk moves on by at least its
// 12-byte frame, and anything that does not parse is orientation 1 with no size.
import { crc32 } from './crc32';
import { tiffOrientation } from './exif';
import { fourCC, isPng } from './imageFormat';
import type { ImageInfo, Orientation, Size } from './orientation';

const NONE: ImageInfo = { orientation: 1 };
const SIGNATURE_LENGTH = 8;
/** PNG limits chunk lengths and image dimensions to 2^31 - 1. */
const MAX_VALUE = 0x7fffffff;
const IHDR = fourCC('IHDR');
const IDAT = fourCC('IDAT');
const IEND = fourCC('IEND');
const EXIF = fourCC('eXIf');

export function readPngInfo(bytes: Uint8Array): ImageInfo {
  if (!isPng(bytes)) return NONE;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let stored: Size | undefined;
  let orientation: Orientation | undefined;
  let position = SIGNATURE_LENGTH;
  // Each chunk: length (4), type (4), data (length), CRC (4) over type and data.
  while (position + 12 <= bytes.length) {
    const length = view.getUint32(position);
    const type = view.getUint32(position + 4);
    const dataStart = position + 8;
    const dataEnd = dataStart + length;
    if (length > MAX_VALUE || dataEnd + 4 > bytes.length) break;
    if (stored === undefined) {
      // IHDR must come first: anything else is not a PNG Chromium shows.
      if (type !== IHDR || length !== 13) return NONE;
      const width = view.getUint32(dataStart);
      const height = view.getUint32(dataStart + 4);
      if (width < 1 || height < 1 || width > MAX_VALUE || height > MAX_VALUE) return NONE;
      stored = { width, height };
    } else if (type === IDAT || type === IEND) {
      break;
    } else if (
      type === EXIF &&
      crc32(bytes.subarray(position + 4, dataEnd)) === view.getUint32(dataEnd)
    ) {
      orientation = tiffOrientation(bytes.subarray(dataStart, dataEnd)) ?? 1;
      break;
    }
    position = dataEnd + 4;
  }
  if (stored === undefined) return NONE;
  return { orientation: orientation ?? 1, stored };
}
