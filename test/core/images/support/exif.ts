// EXIF's TIFF structure for the tests of the orientation readers: a header and IFD0 holding only
// the orientation tag (one SHORT), as JPEG's APP1, PNG's eXIf and WebP's EXIF carry it.

/** Byte offsets in the TIFF below, for tests that corrupt one field. */
export const TIFF_AT = { ifdOffset: 4, entryCount: 8, type: 12, valueCount: 14, value: 18 };

export function orientationTiff(orientation: number, order: 'II' | 'MM' = 'MM'): Buffer {
  const little = order === 'II';
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write(order, 0, 'latin1');
  const u16 = (value: number, at: number) =>
    little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
  u16(42, 2);
  u32(8, TIFF_AT.ifdOffset); // IFD0 right after the header
  u16(1, TIFF_AT.entryCount);
  u16(0x0112, 10); // orientation
  u16(3, TIFF_AT.type); // SHORT
  u32(1, TIFF_AT.valueCount);
  u16(orientation, TIFF_AT.value);
  return tiff;
}
