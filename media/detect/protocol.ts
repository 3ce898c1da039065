// Every message between the extension and the image detection panel, both ways, with their
// schemas (zod/mini), in the style of protocol.ts: each side checks what arrives and drops,
// with a logged reason, anything else. The boxes are already placed on the image as shown
// (core/images/placement.ts turns them for a photo's EXIF orientation), so the panel only draws.
// Every string in here is untrusted text: the panel shows it as text, never as markup.
import * as z from 'zod/mini';
import { DETECTION_KINDS, ImageMatch } from '../../core/api/schemas/images';
import { read, type Read } from '../shared/checked';

export type { Read };

export const DetectionKind = z.enum(DETECTION_KINDS);

/** One detection: what ran on what. */
export const DetectionRun = z.object({
  /** Unique per run; an answer to an older run is ignored. */
  id: z.string(),
  kind: DetectionKind,
  /** The file's name or the address, shown as text. */
  source: z.string(),
  /** Logo ids asked for (`detect`); empty: every logo configured for the account. */
  logos: z.array(z.string()),
  /** Against the embedded sandbox (the panel says so). */
  sandbox: z.boolean(),
});
export type DetectionRun = z.infer<typeof DetectionRun>;

/**
 * A match, the API's own (core/api), its box in pixels of the image as shown (all zero for
 * scenes), its confidence checked to lie in [0, 1] before the panel draws a bar of it.
 */
export const PlacedMatch = z.extend(ImageMatch, {
  confidence: z.number().check(z.gte(0), z.lte(1)),
});
export type PlacedMatch = z.infer<typeof PlacedMatch>;

/** Only base64 data: URLs of the image types detection takes: nothing remote, nothing else. */
export const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$/;

export const DetectionView = z.object({
  /** The image as shown: the boxes are relative to it. */
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  matches: z.array(PlacedMatch),
  /** The image itself; absent for an address (nothing is downloaded) or a file too large. */
  image: z.optional(z.string().check(z.regex(IMAGE_DATA_URL))),
  /** Why there is no image, or how the boxes were placed (a turned photo), as a sentence. */
  note: z.optional(z.string()),
});
export type DetectionView = z.infer<typeof DetectionView>;

export const ToDetectPanel = z.discriminatedUnion('type', [
  /** A detection started: its header and a progress state. */
  z.object({ type: z.literal('running'), run: DetectionRun }),
  z.object({ type: z.literal('show'), run: DetectionRun, view: DetectionView }),
  /** The service refused or the call failed: the explanation, in words. */
  z.object({ type: z.literal('failed'), run: DetectionRun, message: z.string() }),
]);
export type ToDetectPanel = z.infer<typeof ToDetectPanel>;

export const FromDetectPanel = z.discriminatedUnion('type', [
  /** The panel's script runs and listens: the extension may send. */
  z.object({ type: z.literal('ready') }),
  /** A run's answer is drawn: how many boxes or scene rows are visible. */
  z.object({ type: z.literal('drawn'), runId: z.string(), visible: z.number() }),
]);
export type FromDetectPanel = z.infer<typeof FromDetectPanel>;

export const readToDetectPanel = (value: unknown): Read<ToDetectPanel> =>
  read(ToDetectPanel, value);
export const readFromDetectPanel = (value: unknown): Read<FromDetectPanel> =>
  read(FromDetectPanel, value);
