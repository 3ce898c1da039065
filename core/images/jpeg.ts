// What a JPEG's header says about how it is shown: the EXIF orientation tag (0x0112 in IFD0 of
// the APP1 "Exif" segment) and the stored pixel size (the SOF segment). A small hand-written
// walk over the markers rather than a package: it follows the TIFF header's own IFD offset
// (image-size assumes 8), and it must hold against any bytes a user opens: every read is
// bounds-checked, every loop advances and is bounded by the input's length, and anything that
// does not parse is orientation 1 (as shown) with no size, never an exception.
import { isOrientation, type Orientation } from './orientation';

export interface JpegInfo {
  readonly orientation: Orientation;
  /** The pixel grid as stored (before the orientation is applied), when a SOF segment says. */
  readonly stored?: { readonly width: number; readonly height: number };
}

const NONE: JpegInfo = { orientation: 1 };
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** Markers without a length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC), which carry the size. */
const startOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

export function readJpegInfo(bytes: Uint8Array): JpegInfo {
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
      orientation = exifOrientation(view, start, end);
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

/** The orientation in an APP1 segment's bytes [start, end), if it is EXIF and holds a valid one. */
function exifOrientation(view: DataView, start: number, end: number): Orientation | undefined {
  if (end - start < EXIF_HEADER.length + 8) return undefined;
  for (const [index, byte] of EXIF_HEADER.entries())
    if (view.getUint8(start + index) !== byte) return undefined;
  const tiff = start + EXIF_HEADER.length;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  if (view.getUint16(tiff + 2, little) !== 42) return undefined;
  // Offsets are from the TIFF header; IFD0 may sit anywhere inside the segment.
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd < tiff + 8 || ifd + 2 > end) return undefined;
  // A count may claim up to 65,535 entries: only those inside the segment are read.
  const declared = view.getUint16(ifd, little);
  const count = Math.min(declared, Math.floor((end - ifd - 2) / 12));
  for (let entry = 0; entry < count; entry++) {
    const at = ifd + 2 + entry * 12;
    if (view.getUint16(at, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(at + 2, little) !== SHORT || view.getUint32(at + 4, little) < 1)
      return undefined;
    const value = view.getUint16(at + 8, little);
    return isOrientation(value) ? value : undefined;
  }
  return undefined;
}
