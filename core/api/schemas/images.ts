// Image detection (api.md "Image detection", "Image detection match").
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { list } from './lenient';

export const DETECTION_KINDS = ['logo', 'scene'] as const;
export type DetectionKind = (typeof DETECTION_KINDS)[number];

/**
 * The largest image file detection takes (`image_file`; the sandbox refuses more, code 5, and
 * the clients check a file's size before reading it). api.md states no limit: docs/decisions.md.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Models the service names that the sandbox does not emulate (api.md: `object`). */
export const OTHER_DETECTION_MODELS = ['object'] as const;

export const ImageMatch = z.object({
  top: z.number(),
  left: z.number(),
  right: z.number(),
  bottom: z.number(),
  confidence: z.number(),
  id: z.string(),
});
export type ImageMatch = z.infer<typeof ImageMatch>;

export const ImageDetectionResponse = envelope(
  'result_processing',
  z.object({ match: list(ImageMatch), height: z.number(), width: z.number() }),
);
export type ImageDetectionResponse = z.infer<typeof ImageDetectionResponse>;
