// What a JPEG's header says about how it is shown: the EXIF orientation (IFD0 of the APP1
// "Exif" segment, read by exif.ts) and the stored pixel size (the SOF segment). A small
// hand-written walk over the markers rather than a package, which must hold against any bytes
// a user opens: every read is bounds-checked, every loop advances and is bounded by the input's
// length, and anything that does not parse is orientation 1 (as shown) with no size, never an
// exception.
import { tiffOrientation } from './exif';
import { isJpeg } from './imageFormat';
import type { ImageInfo, Orientation } from './orientation';

const NONE: ImageInfo = { orientation: 1 };

/** Markers without a length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC), which carry the size. */
const startOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

export function readJpegInfo(bytes: Uint8Array): ImageInfo {
  if (!isJpeg(bytes)) return NONE;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation: Orientation | undefined;
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return NONE;
    const marker = bytes[position + 1] ?? 0;
    // 0xFF fill bytes may precede a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (standalone(marker)) {
      position += 2;
      continue;
    }
    // End of image or start of scan: no header segment follows.
    if (marker === 0xd9 || marker === 0xda) break;
    const length = view.getUint16(position + 2);
    const start = position + 4;
    const end = position + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (marker === 0xe1 && orientation === undefined)
      orientation = exifOrientation(bytes.subarray(start, end));
    if (startOfFrame(marker) && end - start >= 5) {
      const height = view.getUint16(start + 1);
      const width = view.getUint16(start + 3);
      const found = orientation ?? 1;
      return width > 0 && height > 0
        ? { orientation: found, stored: { width, height } }
        : { orientation: found };
    }
    position = end;
  }
  return orientation === undefined ? NONE : { orientation };
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

/** The orientation in an APP1 segment's body, if it is EXIF and holds a valid one. */
function exifOrientation(segment: Uint8Array): Orientation | undefined {
  if (!EXIF_HEADER.every((byte, index) => segment[index] === byte)) return undefined;
  return tiffOrientation(segment.subarray(EXIF_HEADER.length));
}
