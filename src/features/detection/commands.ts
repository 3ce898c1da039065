// Image detection from the explorer's context menu on an image file, or from the palette:
// forwarded to the detection bundle (detect/detection.ts), loaded on first use.
import type { Ctx } from '../../shell/ctx';
import type { CommandArea } from '../../shell/commands/table';

export function detectCommands(ctx: Ctx) {
  return {
    'mediaMonitoring.detect.logos': (resource?: unknown) => ctx.detection().run('logo', resource),
    'mediaMonitoring.detect.scenes': (resource?: unknown) => ctx.detection().run('scene', resource),
    // The explorer's "Detect Chosen Logos…": the file, then which logo ids.
    'mediaMonitoring.detect.chosenLogos': (resource?: unknown) =>
      ctx.detection().run('logo', resource, true),
  } satisfies CommandArea;
}
