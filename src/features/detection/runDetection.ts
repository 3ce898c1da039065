// One detection, from the command to the panel: the file read, the panel opened on "Detecting…",
// the call through the command runner (progress, Cancel, errors logged), and the answer placed
// on the image as shown, or the refusal in words (codes 45 and 50 say what to do, see
// core/api/client/errors.ts; a file too large, refused before it is read) in the panel rather
// than a notification.
import { randomUUID } from 'node:crypto';
import type { DetectionKind } from '../../../core/api/schemas/images';
import { ImageTooLarge } from '../../../core/images/readImage';
import type { DetectionRun } from '../../../media/detect/protocol';
import type { DetectPanel } from './detectPanel';
import { detectionView } from './detectionView';
import { loadImage, sourceName, type ImageTarget, type LoadedImage } from './imageTarget';
import type { DetectServices } from './detectServices';

const TITLES = { logo: 'Detect logos', scene: 'Detect scenes' } as const;

export async function runDetection(
  services: DetectServices,
  panel: DetectPanel,
  kind: DetectionKind,
  target: ImageTarget,
  logos: readonly string[] = [],
): Promise<void> {
  const title = `${TITLES[kind]} in ${sourceName(target)}`;
  // An unreadable file is the runner's to show (a notification with the log).
  await services.runner.guard(title, async () => {
    const run: DetectionRun = {
      id: randomUUID(),
      kind,
      source: sourceName(target),
      logos: kind === 'logo' ? [...logos] : [],
      sandbox: services.sandbox(),
    };
    let image: LoadedImage;
    try {
      image = await loadImage(target);
    } catch (error: unknown) {
      if (!(error instanceof ImageTooLarge)) throw error;
      services.log.warn(`${title}: ${error.message}`);
      await panel.post({ type: 'failed', run, message: `${error.message}: nothing was sent.` });
      return;
    }
    await panel.post({ type: 'running', run });
    // Where the runner puts a failure: shown in the panel, in words, instead of a notification.
    const failed: { message?: string } = {};
    const options = kind === 'logo' && logos.length > 0 ? { detect: logos } : {};
    const answer = await services.runner.call(
      { title, onFailure: ({ message }) => (failed.message = message) },
      ({ client, signal }) =>
        image.file
          ? client.images.detectFile(kind, image.file, { ...options, signal })
          : client.images.detectAt(kind, image.source, { ...options, signal }),
    );
    if (answer === undefined) {
      await panel.post({
        type: 'failed',
        run,
        message: failed.message ?? 'Cancelled: nothing was detected.',
      });
      return;
    }
    await panel.post({ type: 'show', run, view: detectionView(image, answer.result_processing) });
  });
}
