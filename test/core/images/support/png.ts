// PNG bytes for the tests of EXIF orientation: an eXIf chunk (right or wrong CRC) put among the
// chunks after IHDR, and a header-only PNG (IHDR, the given chunks, IEND: no pixels, enough for
// the reader, which stops at the first IDAT) of a given stored size.
import { pngChunk } from '../../../../sandbox/images/png';
import { orientationTiff } from './exif';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The signature and IHDR (8 + 4 + 4 + 13 + 4 bytes): where the chunks after IHDR start. */
export const AFTER_IHDR = 33;

/** An eXIf chunk of `tiff` (an orientation's, or any bytes); `badCrc` spoils its CRC. */
export function exifChunk(tiff: number | Uint8Array, badCrc = false): Buffer {
  const chunk = pngChunk('eXIf', typeof tiff === 'number' ? orientationTiff(tiff) : tiff);
  if (badCrc)
    chunk.writeUInt32BE((chunk.readUInt32BE(chunk.length - 4) ^ 1) >>> 0, chunk.length - 4);
  return chunk;
}

/** A PNG with `chunks` inserted right after IHDR (so before its first IDAT). */
export function withChunks(png: Uint8Array, ...chunks: Uint8Array[]): Buffer {
  return Buffer.concat([png.subarray(0, AFTER_IHDR), ...chunks, png.subarray(AFTER_IHDR)]);
}

export function headerOnlyPng(width: number, height: number, ...chunks: Uint8Array[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', header),
    ...chunks,
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
