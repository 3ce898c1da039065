// JPEG bytes for the tests of EXIF orientation: an APP1 "Exif" segment holding an orientation
// tag, put after a JPEG's start-of-image marker, and a header-only JPEG (no pixels: enough for
// the sandbox and the parser, which read headers) of a given stored size.
import { orientationTiff } from './exif';

/** An APP1 segment: "Exif\0\0" and a TIFF header with IFD0 holding only the orientation tag. */
export function exifSegment(orientation: number, order: 'II' | 'MM' = 'MM'): Buffer {
  return exifSegmentOf(orientationTiff(orientation, order));
}

/** An APP1 segment: "Exif\0\0" and `tiff`, whatever its bytes. */
export function exifSegmentOf(tiff: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG with `segment` inserted after its start-of-image marker. */
export function withSegment(jpeg: Uint8Array, segment: Uint8Array): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** Start of image, the EXIF segment (unless orientation is undefined), a SOF0 header, EOI. */
export function headerOnlyJpeg(width: number, height: number, orientation?: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    orientation === undefined ? Buffer.alloc(0) : exifSegment(orientation),
    sof,
    Buffer.from([0xff, 0xd9]),
  ]);
}
