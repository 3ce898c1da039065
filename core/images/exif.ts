// The EXIF orientation tag (0x0112) in IFD0 of a TIFF structure: what JPEG (APP1 after
// "Exif\0\0"), PNG (the eXIf chunk) and WebP (the EXIF chunk) carry, each as bytes the caller
// cuts out of the file. It must hold against any bytes a user opens: every read is inside the
// given bytes, IFD0 is found by the header's own offset (not assumed to be 8), only the entries
// inside the bytes are read whatever count the IFD claims, and anything that does not parse is
// undefined, never an exception. Chromium takes the tag only as one SHORT (observed: a count
// of 0 or 2, or a LONG, leaves a JPEG or PNG as stored), so the same is required here.
import { isOrientation, type Orientation } from './orientation';

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
const ENTRY = 12;

/** The orientation in `tiff` (from its byte-order mark to its end), if it holds a valid one. */
export function tiffOrientation(tiff: Uint8Array): Orientation | undefined {
  if (tiff.length < 8) return undefined;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return undefined;
  // Offsets are from the TIFF header; IFD0 may sit anywhere after it.
  const ifd = view.getUint32(4, little);
  if (ifd < 8 || ifd + 2 > tiff.length) return undefined;
  // A count may claim up to 65,535 entries: only those inside the bytes are read.
  const count = Math.min(view.getUint16(ifd, little), Math.floor((tiff.length - ifd - 2) / ENTRY));
  for (let entry = 0; entry < count; entry++) {
    const at = ifd + 2 + entry * ENTRY;
    if (view.getUint16(at, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(at + 2, little) !== SHORT || view.getUint32(at + 4, little) !== 1)
      return undefined;
    const value = view.getUint16(at + 8, little);
    return isOrientation(value) ? value : undefined;
  }
  return undefined;
}
