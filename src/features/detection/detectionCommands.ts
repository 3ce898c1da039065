// Image detection from the explorer's context menu on an image file, or from the palette:
// forwarded to the detection bundle (detection.ts), loaded on first use.
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { Detection } from './detection';

const detectionBundle = lazyBundle<typeof import('./index')>('detection.js');

export function detectionCommands(ctx: Ctx) {
  let loaded: Detection | undefined;
  const detection = () => (loaded ??= ctx.own(new (detectionBundle().Detection)(ctx)));
  return {
    'mediaMonitoring.detect.logos': (resource?: unknown) => detection().run('logo', resource),
    'mediaMonitoring.detect.scenes': (resource?: unknown) => detection().run('scene', resource),
    // The explorer's "Detect Chosen Logos…": the file, then which logo ids.
    'mediaMonitoring.detect.chosenLogos': (resource?: unknown) =>
      detection().run('logo', resource, true),
  } satisfies CommandArea;
}
