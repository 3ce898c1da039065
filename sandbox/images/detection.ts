// Image detection (api.md "Image detection"): logos configured for the account and scenes, found
// deterministically from the image's bytes (the same image always gives the same matches), with
// boxes inside the image's real width and height. Scene matches have all-zero boxes.
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import type { ImageMatch } from '../../core/api/schemas/images';
import { ApiFailure, badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { LOGOS, SCENES } from '../corpus/vocabulary';
import { solidPng } from './png';

/** The logos configured for the sandbox's account: those the corpus's images show. */
export const CONFIGURED_LOGOS = LOGOS;
export { SCENES };
/** Domains whose images the account may send by address; their images are synthesised here. */
export const APPROVED_IMAGE_DOMAINS = ['images.acme.example', 'cdn.sandbox.example'] as const;

export interface Measured {
  readonly width: number;
  readonly height: number;
  readonly bytes: Buffer;
}

/**
 * The formats the service reads, as `image-size` names them: those its refusal lists. The
 * library measures more (SVG, ICO, PSD, HEIF…), which are refused like anything else.
 */
const READ_FORMATS: ReadonlySet<string> = new Set(['png', 'jpg', 'gif', 'webp', 'bmp', 'tiff']);

export function measure(bytes: Buffer): Measured {
  try {
    const { width, height, type } = imageSize(bytes);
    if (!width || !height || !READ_FORMATS.has(type ?? '')) throw new Error('not read');
    return { width, height, bytes };
  } catch {
    throw badParameter(
      'image_file',
      'not an image this service reads (PNG, JPEG, GIF, WebP, BMP, TIFF)',
    );
  }
}

/**
 * The image at an approved address: a solid PNG whose size and colour follow from the address,
 * so the same address is always the same image. Unapproved domains are error 50.
 */
function hostOf(address: string): string {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    throw badParameter('image_url', `${quote(address)} is not an address`);
  }
}

export function imageAt(address: string): Measured {
  const host = hostOf(address);
  if (!(APPROVED_IMAGE_DOMAINS as readonly string[]).includes(host)) {
    throw new ApiFailure('urlNotApproved', 'Url is not approved for processing', [
      { key: 'param_url', value: [address] },
    ]);
  }
  const digest = createHash('sha256').update(address).digest();
  const width = 64 + ((digest[0] ?? 0) % 8) * 32;
  const height = 48 + ((digest[1] ?? 0) % 8) * 24;
  return measure(solidPng(width, height, [digest[2] ?? 0, digest[3] ?? 0, digest[4] ?? 0]));
}

/** Which logos to test: `detect` (comma-separated, each configured, else error 45) or all. */
export function logosToDetect(detect: string | undefined): readonly string[] {
  if (detect === undefined || detect.trim() === '') return CONFIGURED_LOGOS;
  const ids = detect
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const unknown = ids.find((id) => !(CONFIGURED_LOGOS as readonly string[]).includes(id));
  if (unknown !== undefined) {
    throw new ApiFailure('unknownImageModel', 'Unknown image detection model', [
      { key: 'details', value: ['Unauthorized query ids'] },
      { key: 'query_id', value: [unknown] },
    ]);
  }
  return ids;
}

export function detect(
  kind: 'logo' | 'scene',
  image: Measured,
  logos: readonly string[],
): ImageMatch[] {
  const digest = createHash('sha256').update(image.bytes).digest();
  const candidates = kind === 'logo' ? logos : SCENES;
  const all: readonly string[] = kind === 'logo' ? CONFIGURED_LOGOS : SCENES;
  const matches: ImageMatch[] = [];
  candidates.forEach((id) => {
    // By the id's place among all of its kind, so that a logo is found in an image or not
    // whichever other logos `detect` asks for with it.
    const index = Math.max(0, all.indexOf(id));
    const byte = digest[index] ?? 0;
    // About a third of candidates match any given image.
    if (byte % 3 !== 0) return;
    const confidence = Math.round((0.5 + (byte / 255) * 0.49) * 1000) / 1000;
    if (kind === 'scene') {
      matches.push({ id, confidence, top: 0, left: 0, right: 0, bottom: 0 });
      return;
    }
    const left = Math.floor(((digest[index + 8] ?? 0) / 255) * (image.width / 2));
    const top = Math.floor(((digest[index + 16] ?? 0) / 255) * (image.height / 2));
    matches.push({
      id,
      confidence,
      left,
      top,
      right: Math.min(image.width, left + Math.ceil(image.width / 3)),
      bottom: Math.min(image.height, top + Math.ceil(image.height / 3)),
    });
  });
  return matches;
}
