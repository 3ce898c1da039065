// Makes test/vscode/workspace/photo-turned.jpg, the in-editor test's photo (run once, with
// `VSCODE_TEST_DIR=… npx tsx test/media/support/makePhotoFixture.ts`): a small scene drawn upright by
// Chromium, stored turned 90° counter-clockwise with EXIF orientation 6, as a camera held
// sideways stores it, so that only a viewer that applies the orientation shows it upright. The
// drawing varies until the sandbox finds at least one logo and one scene in its bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIGURED_LOGOS, detect, measure } from '../../../sandbox/images/detection';
import { exifSegment, withSegment } from '../../core/images/support/jpeg';
import { launchBrowser } from '../../vscode/harness/browser.mjs';

const OUT = join(import.meta.dirname, '../../vscode/workspace/photo-turned.jpg');

const profile = mkdtempSync(join(tmpdir(), 'mm-photo-'));
const { context, page } = await launchBrowser(profile);
try {
  for (let variant = 0; variant < 50; variant++) {
    const base64 = (await page.evaluate((seed: number) => {
      // Upright 320×240; stored 240×320.
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 320;
      const c = canvas.getContext('2d');
      if (!c) throw new Error('no 2d context');
      c.translate(0, 320);
      c.rotate(-Math.PI / 2);
      const sky = c.createLinearGradient(0, 0, 0, 240);
      sky.addColorStop(0, '#6aa7e8');
      sky.addColorStop(1, '#d9ecff');
      c.fillStyle = sky;
      c.fillRect(0, 0, 320, 240);
      c.fillStyle = '#3f7f3a';
      c.fillRect(0, 170, 320, 70);
      c.fillStyle = '#f2c94c';
      c.beginPath();
      c.arc(260, 50, 24, 0, 2 * Math.PI);
      c.fill();
      c.fillStyle = '#8a4b2a';
      c.fillRect(40, 110, 120, 70);
      c.fillStyle = '#ffffff';
      c.font = 'bold 22px sans-serif';
      c.fillText('ACME', 62, 152);
      c.fillStyle = `rgb(${seed % 256}, 20, 20)`;
      c.fillRect(300, 225, 4, 4);
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
    }, variant)) as string;
    const photo = withSegment(Buffer.from(base64, 'base64'), exifSegment(6));
    const image = measure(photo);
    const logos = detect('logo', image, CONFIGURED_LOGOS).length;
    const scenes = detect('scene', image, []).length;
    if (logos >= 2 && scenes >= 1) {
      writeFileSync(OUT, photo);
      console.log(`${OUT}: ${photo.length} bytes, ${logos} logos, ${scenes} scenes`);
      break;
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
