// WebP bytes for the tests of its reader: RIFF chunks, header-only files (a VP8, VP8L or VP8X
// first chunk of a given size: no pixels, enough for the reader) and an EXIF chunk added to a
// real WebP, which makes it an extended (VP8X) file as webpmux would.
import { orientationTiff } from './exif';

export function riffChunk(type: string, data: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length & 1)]);
}

export function riff(...chunks: Uint8Array[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A VP8X chunk: flags (0x08: EXIF present) and the canvas size. */
export function vp8x(width: number, height: number, flags = 0x08): Buffer {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riffChunk('VP8X', data);
}

/** The start of a lossy key frame: frame tag, start code, 14-bit width and height. */
export function vp8(width: number, height: number): Buffer {
  const data = Buffer.from([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0]);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return riffChunk('VP8 ', data);
}

/** The start of a lossless image: signature 0x2F, width - 1 and height - 1 in 14 bits each. */
export function vp8l(width: number, height: number): Buffer {
  const data = Buffer.alloc(5);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riffChunk('VP8L', data);
}

export const exifChunk = (tiff: number | Uint8Array) =>
  riffChunk('EXIF', typeof tiff === 'number' ? orientationTiff(tiff) : tiff);

/** A real WebP (simple or extended) of `width`×`height` with an EXIF chunk of `orientation`. */
export function withExif(webp: Uint8Array, width: number, height: number, orientation: number) {
  const chunks: Buffer[] = [];
  for (let at = 12; at + 8 <= webp.length;) {
    const size = Buffer.from(webp.subarray(at + 4, at + 8)).readUInt32LE(0);
    const end = at + 8 + size + (size & 1);
    chunks.push(Buffer.from(webp.subarray(at, end)));
    at = end;
  }
  const first = chunks[0];
  if (first?.toString('latin1', 0, 4) === 'VP8X') first[8] = (first[8] ?? 0) | 0x08;
  else chunks.unshift(vp8x(width, height));
  return riff(...chunks, exifChunk(orientation));
}
