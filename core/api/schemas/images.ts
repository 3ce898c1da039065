// Image detection (api.md "Image detection", "Image detection match").
import { z } from 'zod';
import { envelope } from './envelope';

export const DETECTION_KINDS = ['logo', 'scene'] as const;
export type DetectionKind = (typeof DETECTION_KINDS)[number];

export const ImageMatch = z.object({
  top: z.number().int(),
  left: z.number().int(),
  right: z.number().int(),
  bottom: z.number().int(),
  confidence: z.number().min(0).max(1),
  id: z.string(),
});
export type ImageMatch = z.infer<typeof ImageMatch>;

export const ImageDetectionResponse = envelope(
  'result_processing',
  z.object({ match: z.array(ImageMatch), height: z.number().int(), width: z.number().int() }),
);
export type ImageDetectionResponse = z.infer<typeof ImageDetectionResponse>;
