// How an image is shown in the panel, from its bytes: the orientation Chromium (the engine of
// VS Code's webviews) turns it by, and its stored size, by the format its signature says. Which
// formats Chromium turns was observed (docs/decisions.md) and is held by
// test/media/detect.test.ts: JPEG and PNG by their EXIF orientation, WebP never, GIF has none.
import { imageFormat, type ImageFormat } from './imageFormat';
import { readJpegInfo } from './jpeg';
import type { ImageInfo } from './orientation';
import { readPngInfo } from './png';
import { readWebpInfo } from './webp';

const NONE: ImageInfo = { orientation: 1 };

const READERS: Readonly<Record<ImageFormat, (bytes: Uint8Array) => ImageInfo>> = {
  jpeg: readJpegInfo,
  png: readPngInfo,
  // Shown as stored: its EXIF orientation is not applied, so neither are the boxes turned.
  webp: (bytes) => ({ ...readWebpInfo(bytes), orientation: 1 }),
  gif: () => NONE,
};

export function readImageInfo(bytes: Uint8Array): ImageInfo {
  const format = imageFormat(bytes);
  return format === undefined ? NONE : READERS[format](bytes);
}
