// What a WebP's header says: the stored size (the VP8X canvas, or the VP8 or VP8L frame header
// of a simple file) and the orientation in its EXIF chunk (raw TIFF, per the WebP container
// specification). Chromium shows WebP as stored whatever its EXIF says (observed in Chromium
// 156, docs/decisions.md), so imageInfo.ts does not apply this orientation; it is read here so
// that the day Chromium does, test/media/detect.test.ts fails and only that decision changes.
// The walk over the RIFF chunks must hold against any bytes a user opens: every read is
// bounds-checked, each chunk moves on by at least its 8-byte header, and anything that does
// not parse is orientation 1 with no size.
import { tiffOrientation } from './exif';
import { fourCC, isWebp } from './imageFormat';
import type { ImageInfo, Orientation, Size } from './orientation';

const NONE: ImageInfo = { orientation: 1 };
const HEADER = 12; // "RIFF", the size of what follows, "WEBP"
const VP8 = fourCC('VP8 ');
const VP8L = fourCC('VP8L');
const VP8X = fourCC('VP8X');
const EXIF = fourCC('EXIF');

/** The size a first chunk gives, if it is one of the three image chunks and its header is whole. */
function sizeOf(type: number, data: Uint8Array): Size | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u24 = (at: number) => view.getUint16(at, true) + ((data[at + 2] ?? 0) << 16);
  if (type === VP8X && data.length >= 10) return { width: u24(4) + 1, height: u24(7) + 1 };
  // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
  if (type === VP8 && data.length >= 10) {
    if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return undefined;
    const width = view.getUint16(6, true) & 0x3fff;
    const height = view.getUint16(8, true) & 0x3fff;
    return width > 0 && height > 0 ? { width, height } : undefined;
  }
  // The signature 0x2F, then width - 1 and height - 1 in 14 bits each, least significant first.
  if (type === VP8L && data.length >= 5 && data[0] === 0x2f) {
    const bits = view.getUint32(1, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

export function readWebpInfo(bytes: Uint8Array): ImageInfo {
  if (!isWebp(bytes)) return NONE;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The RIFF size counts from byte 8: bytes past it are not the image's, and a cut file has fewer.
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true));
  let stored: Size | undefined;
  let orientation: Orientation | undefined;
  let position = HEADER;
  while (position + 8 <= end) {
    const type = view.getUint32(position);
    const size = view.getUint32(position + 4, true);
    const dataStart = position + 8;
    const dataEnd = dataStart + size;
    if (dataEnd > end) break;
    const data = bytes.subarray(dataStart, dataEnd);
    if (position === HEADER) {
      stored = sizeOf(type, data);
      if (stored === undefined) return NONE;
      // Only the extended format (VP8X first) has an EXIF chunk.
      if (type !== VP8X) break;
    } else if (type === EXIF) {
      orientation = tiffOrientation(data);
      break;
    }
    // Chunks are padded to an even length.
    position = dataEnd + (size & 1);
  }
  if (stored === undefined) return NONE;
  return { orientation: orientation ?? 1, stored };
}
