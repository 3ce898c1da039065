// What kind of image bytes are, by their signature rather than the file's name (a .png that is a
// JPEG is shown and read as a JPEG): the four types image detection takes.

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export const FORMAT_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

export const isJpeg = (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xd8, 0xff]);
export const isPng = (bytes: Uint8Array) => startsWith(bytes, PNG_SIGNATURE);
export const isGif = (bytes: Uint8Array) =>
  startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
/** A RIFF container (its size at 4–7) of form type WEBP. */
export const isWebp = (bytes: Uint8Array) =>
  startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);

/** A chunk type (PNG, RIFF) as the big-endian number its four bytes make: compared, not decoded. */
export const fourCC = (type: string) =>
  [...type].reduce((value, character) => ((value << 8) | character.charCodeAt(0)) >>> 0, 0);

export function imageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (isJpeg(bytes)) return 'jpeg';
  if (isPng(bytes)) return 'png';
  if (isGif(bytes)) return 'gif';
  if (isWebp(bytes)) return 'webp';
  return undefined;
}
