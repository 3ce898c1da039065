// The image detection panel's bundle (dist/media/detect.js) in headless Chromium under the
// extension's CSP: boxes where the answer puts them, on a JPEG or PNG turned by its EXIF
// orientation too (checked by the colour under each box, as Chromium draws the photo upright),
// and on a WebP with an EXIF orientation, which Chromium shows as stored (so must we); the
// confidence slider and the logo toggles hide boxes; scenes as bars; refusals in words; labels
// made of markup stay text; a message with anything but an image data: URL is dropped.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { detectionView } from '../../src/features/detection/detectionView';
import type { LoadedImage } from '../../src/features/detection/imageTarget';
import type { DetectionRun, ToDetectPanel } from '../../media/detect/protocol';
import { CONFIGURED_LOGOS, detect, measure } from '../../sandbox/images/detection';
import { solidPng } from '../../sandbox/images/png';
import { imageContentType } from '../../core/images/imageSource';
import { exifSegment, withSegment } from '../core/images/support/jpeg';
import { exifChunk, withChunks } from '../core/images/support/png';
import { withExif } from '../core/images/support/webp';
import { pagePerTest, ROOT, type Panel } from './support/panel';

const SHOTS = join(ROOT, 'test-results/screenshots');

let runs = 0;
const runOf = (kind: 'logo' | 'scene', source: string): DetectionRun => ({
  id: `run-${++runs}`,
  kind,
  source,
  logos: [],
  sandbox: true,
});

const fileImage = (bytes: Uint8Array, fileName: string): LoadedImage => ({
  target: { kind: 'address', url: fileName },
  source: fileName,
  file: { bytes, fileName, contentType: imageContentType(fileName) },
});

async function showAndWait(panel: Panel, message: ToDetectPanel): Promise<void> {
  await panel.send(message);
  await panel.page.waitForSelector(`.detection[data-run="${message.run.id}"]`, {
    state: 'attached',
  });
}

/** An image encoded by Chromium: dark grey, red in its stored top-left 30×15, blue in the bottom-right. */
async function storedImage(panel: Panel, type: 'image/jpeg' | 'image/png' | 'image/webp') {
  const base64: string = await panel.page.evaluate((type: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 60;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#404040';
    context.fillRect(0, 0, 120, 60);
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 30, 15);
    context.fillStyle = '#0000ff';
    context.fillRect(90, 45, 30, 15);
    return canvas.toDataURL(type, 0.95).split(',')[1] ?? '';
  }, type);
  return Buffer.from(base64, 'base64');
}

/** Each visible box: its place in the frame (fractions) and the colour of the image under it. */
async function visibleBoxes(panel: Panel) {
  return (await panel.page.evaluate(async () => {
    const image = document.querySelector<HTMLImageElement>('.frame img');
    if (image) await image.decode();
    const frame = document.querySelector('.frame')!.getBoundingClientRect();
    let pixels: CanvasRenderingContext2D | undefined;
    if (image) {
      // drawImage draws the photo as shown (EXIF orientation applied), like the <img>.
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      pixels = canvas.getContext('2d')!;
      pixels.drawImage(image, 0, 0);
    }
    return {
      natural: image ? [image.naturalWidth, image.naturalHeight] : null,
      boxes: [...document.querySelectorAll<HTMLElement>('.box')]
        .filter((box) => !box.hidden)
        .map((box) => {
          const rect = box.getBoundingClientRect();
          const place = [
            (rect.left - frame.left) / frame.width,
            (rect.top - frame.top) / frame.height,
            (rect.right - frame.left) / frame.width,
            (rect.bottom - frame.top) / frame.height,
          ].map((value) => Math.round(value * 1000) / 1000);
          let colour: number[] | null = null;
          if (pixels && image) {
            const x = Math.floor(((place[0]! + place[2]!) / 2) * image.naturalWidth);
            const y = Math.floor(((place[1]! + place[3]!) / 2) * image.naturalHeight);
            colour = [...pixels.getImageData(x, y, 1, 1).data.slice(0, 3)];
          }
          return { id: box.dataset.id, label: box.textContent, place, colour };
        }),
    };
  })) as {
    natural: [number, number] | null;
    boxes: { id: string; label: string; place: number[]; colour: number[] | null }[];
  };
}

const isRed = (colour: number[] | null) =>
  colour !== null && colour[0]! > 200 && colour[1]! < 60 && colour[2]! < 60;
const isBlue = (colour: number[] | null) =>
  colour !== null && colour[2]! > 200 && colour[0]! < 60 && colour[1]! < 60;

describe('the image detection panel', function () {
  this.timeout(60_000);
  const page = pagePerTest('detect');
  let panel: Panel;
  before(() => mkdirSync(SHOTS, { recursive: true }));
  beforeEach(() => (panel = page()));

  it("draws the sandbox's logo boxes where its answer puts them", async () => {
    // The first colour in which the sandbox finds two logos or more.
    const bytes = [...Array(64).keys()]
      .map((green) => solidPng(160, 90, [30, green * 4, 60]))
      .find((image) => detect('logo', measure(image), CONFIGURED_LOGOS).length >= 2)!;
    const answer = {
      match: detect('logo', measure(bytes), CONFIGURED_LOGOS),
      width: 160,
      height: 90,
    };
    assert.ok(answer.match.length > 0, 'the sandbox finds a logo in this image');
    await showAndWait(panel, {
      type: 'show',
      run: runOf('logo', 'green.png'),
      view: detectionView(fileImage(bytes, 'green.png'), answer),
    });
    const shown = await visibleBoxes(panel);
    assert.deepEqual(shown.natural, [160, 90]);
    assert.deepEqual(
      shown.boxes.map((box) => [box.id, box.place]),
      answer.match.map((match) => [
        match.id,
        [match.left / 160, match.top / 90, match.right / 160, match.bottom / 90].map(
          (value) => Math.round(value * 1000) / 1000,
        ),
      ]),
    );
    for (const [index, box] of shown.boxes.entries())
      assert.equal(
        box.label,
        `${answer.match[index]!.id} ${Math.round(answer.match[index]!.confidence * 100)}%`,
      );
    assert.deepEqual(await panel.waitForPosted('drawn'), {
      type: 'drawn',
      runId: `run-${runs}`,
      visible: answer.match.length,
    });
  });

  /** Shows `photo` with the answer in the stored 120×60 grid; checks the red and blue logos are under their boxes. */
  async function showStoredAnswer(photo: Buffer, fileName: string, shownTurned: boolean) {
    // The answer in the stored 120×60 grid, as the sandbox gives it (docs/decisions.md).
    const answer = {
      width: 120,
      height: 60,
      match: [
        { id: 'logo-red', confidence: 0.91, left: 0, top: 0, right: 30, bottom: 15 },
        { id: 'logo-blue', confidence: 0.62, left: 90, top: 45, right: 120, bottom: 60 },
      ],
    };
    const view = detectionView(fileImage(photo, fileName), answer);
    await showAndWait(panel, { type: 'show', run: runOf('logo', fileName), view });
    const shown = await visibleBoxes(panel);
    const upright = shownTurned ? [60, 120] : [120, 60];
    assert.deepEqual(shown.natural, upright, `${fileName}: as Chromium shows it`);
    assert.deepEqual([view.width, view.height], upright);
    const [red, blue] = shown.boxes;
    assert.ok(isRed(red?.colour ?? null), `${fileName}: red under ${JSON.stringify(red)}`);
    assert.ok(isBlue(blue?.colour ?? null), `${fileName}: blue under ${JSON.stringify(blue)}`);
    return view;
  }

  it('a photo turned by its EXIF orientation: each box lies on its logo as the photo is shown', async () => {
    const stored = await storedImage(panel, 'image/jpeg');
    for (const orientation of [1, 3, 6, 8, 2, 5, 7, 4]) {
      const photo = withSegment(stored, exifSegment(orientation));
      await showStoredAnswer(photo, `turned-${orientation}.jpg`, orientation >= 5);
      if (orientation === 6)
        await panel.page.screenshot({ path: join(SHOTS, 'detect-rotated.png') });
    }
  });

  it('a PNG turned by its eXIf chunk: Chromium turns it, and the boxes with it', async () => {
    const stored = await storedImage(panel, 'image/png');
    for (const orientation of [1, 3, 6, 8, 2, 5, 7, 4]) {
      const photo = withChunks(stored, exifChunk(orientation));
      await showStoredAnswer(photo, `turned-${orientation}.png`, orientation >= 5);
      if (orientation === 8)
        await panel.page.screenshot({ path: join(SHOTS, 'detect-rotated-png.png') });
    }
    // After the image data, eXIf is not read by Chromium, nor by the extension.
    const iend = stored.length - 12;
    const late = Buffer.concat([stored.subarray(0, iend), exifChunk(6), stored.subarray(iend)]);
    await showStoredAnswer(late, 'late-exif.png', false);
  });

  it('a WebP with an EXIF orientation: Chromium shows it as stored, and the boxes stay', async () => {
    const stored = await storedImage(panel, 'image/webp');
    for (const orientation of [6, 3, 8]) {
      const photo = withExif(stored, 120, 60, orientation);
      const view = await showStoredAnswer(photo, `exif-${orientation}.webp`, false);
      assert.equal(view.note, undefined);
      if (orientation === 6)
        await panel.page.screenshot({ path: join(SHOTS, 'detect-webp-as-stored.png') });
    }
  });

  it('the confidence slider hides weaker matches, a toggle hides a logo', async () => {
    const bytes = solidPng(200, 100, [90, 90, 90]);
    const answer = {
      width: 200,
      height: 100,
      match: [
        { id: 'logo-acme', confidence: 0.95, left: 10, top: 10, right: 60, bottom: 40 },
        { id: 'logo-acme', confidence: 0.52, left: 120, top: 50, right: 180, bottom: 90 },
        { id: 'logo-globex', confidence: 0.8, left: 70, top: 20, right: 110, bottom: 60 },
      ],
    };
    await showAndWait(panel, {
      type: 'show',
      run: runOf('logo', 'grey.png'),
      view: detectionView(fileImage(bytes, 'grey.png'), answer),
    });
    const ids = async () => (await visibleBoxes(panel)).boxes.map((box) => box.label);
    assert.deepEqual(await ids(), ['logo-acme 95%', 'logo-acme 52%', 'logo-globex 80%']);
    await panel.page.getByLabel('Minimum confidence').fill('60');
    assert.deepEqual(await ids(), ['logo-acme 95%', 'logo-globex 80%']);
    assert.equal(await panel.page.locator('output.threshold').textContent(), '60%');
    await panel.page.locator('input[data-id="logo-globex"]').uncheck();
    assert.deepEqual(await ids(), ['logo-acme 95%']);
    await panel.page.screenshot({ path: join(SHOTS, 'detect-filters.png') });
    await panel.page.getByLabel('Minimum confidence').fill('0');
    await panel.page.locator('input[data-id="logo-globex"]').check();
    assert.equal((await ids()).length, 3);
  });

  it('scenes: a list with bars, strongest first, filtered by the slider', async () => {
    const answer = {
      width: 64,
      height: 48,
      match: [
        { id: 'scene-office', confidence: 0.6, left: 0, top: 0, right: 0, bottom: 0 },
        { id: 'scene-beach', confidence: 0.9, left: 0, top: 0, right: 0, bottom: 0 },
      ],
    };
    const image: LoadedImage = {
      target: { kind: 'address', url: 'https://images.acme.example/a.jpg' },
      source: 'https://images.acme.example/a.jpg',
    };
    await showAndWait(panel, {
      type: 'show',
      run: runOf('scene', image.source),
      view: detectionView(image, answer),
    });
    const rows = async () =>
      (await panel.page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.scene')]
          .filter((row) => !row.hidden)
          .map((row) => [
            row.querySelector('.name')!.textContent,
            row.querySelector('.value')!.textContent,
            Math.round(
              (row.querySelector('.fill')!.getBoundingClientRect().width /
                row.querySelector('.bar')!.getBoundingClientRect().width) *
                100,
            ),
          ]),
      )) as unknown[];
    assert.deepEqual(await rows(), [
      ['scene-beach', '90%', 90],
      ['scene-office', '60%', 60],
    ]);
    await panel.page.getByLabel('Minimum confidence').fill('70');
    assert.deepEqual(await rows(), [['scene-beach', '90%', 90]]);
    assert.equal(await panel.page.locator('img').count(), 0);
    await panel.page.screenshot({ path: join(SHOTS, 'detect-scenes.png') });
  });

  it('an address: the boxes on a blank frame of its size, nothing loaded', async () => {
    const answer = {
      width: 300,
      height: 150,
      match: [{ id: 'logo-acme', confidence: 0.7, left: 150, top: 75, right: 300, bottom: 150 }],
    };
    const image: LoadedImage = {
      target: { kind: 'address', url: 'https://cdn.sandbox.example/x.png' },
      source: 'https://cdn.sandbox.example/x.png',
    };
    await showAndWait(panel, {
      type: 'show',
      run: runOf('logo', image.source),
      view: detectionView(image, answer),
    });
    const shown = await visibleBoxes(panel);
    assert.equal(shown.natural, null);
    assert.deepEqual(shown.boxes[0]?.place, [0.5, 0.5, 1, 1]);
    assert.match(
      (await panel.page.locator('.detection-note').textContent()) ?? '',
      /nothing is downloaded/,
    );
  });

  it('labels, sources and refusals made of markup are text; a non-image data: URL is dropped', async () => {
    const markup = '<img src=x onerror="window.__pwned=1">';
    const bytes = solidPng(100, 50, [10, 10, 10]);
    const run = { ...runOf('logo', `${markup}.png`) };
    await showAndWait(panel, {
      type: 'show',
      run,
      view: {
        ...detectionView(fileImage(bytes, 'x.png'), { width: 100, height: 50, match: [] }),
        matches: [{ id: markup, confidence: 0.9, left: 0, top: 20, right: 50, bottom: 50 }],
        note: markup,
      },
    });
    await panel.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const found = await panel.page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      images: document.querySelectorAll('img').length,
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((a) => a.name),
      ),
      label: document.querySelector('.box .label')?.textContent,
      title: document.querySelector('h1')?.textContent,
    }));
    assert.deepEqual(found, {
      pwned: undefined,
      images: 1,
      handlers: [],
      label: `${markup} 90%`,
      title: `Logos in ${markup}.png`,
    });
    await panel.send({ type: 'failed', run, message: `refused: ${markup}` });
    await panel.page.waitForSelector('.error');
    assert.equal(await panel.page.locator('.error').textContent(), `refused: ${markup}`);
    assert.equal(await panel.page.locator('img').count(), 0);
    // Not an image data: URL: dropped on arrival, with the reason logged.
    const before = (await panel.warnings()).length;
    await panel.send({
      type: 'show',
      run: runOf('logo', 'evil.png'),
      view: { width: 10, height: 10, matches: [], image: 'data:text/html;base64,PHNjcmlwdD4=' },
    });
    await panel.page.waitForFunction((count: number) => window.__warnings.length > count, before);
    assert.match((await panel.warnings()).at(-1) ?? '', /message dropped \(view\.image/);
    assert.equal(await panel.page.locator('.detection').count(), 0);
    assert.deepEqual(panel.dialogs, []);
  });

  it('a refusal explained in words (code 50) and a newer run replacing an older one', async () => {
    const older = runOf('logo', 'https://elsewhere.example/a.png');
    const newer = runOf('logo', 'b.png');
    await panel.send({ type: 'running', run: older });
    await panel.send({ type: 'running', run: newer });
    await panel.send({ type: 'failed', run: older, message: 'too late' });
    await panel.send({
      type: 'failed',
      run: newer,
      message:
        'the image address is not approved for processing: its domain elsewhere.example is not approved for this account',
    });
    await panel.page.waitForSelector('.error');
    assert.match(
      (await panel.page.locator('[role=alert]').textContent()) ?? '',
      /not approved for this account/,
    );
    await panel.page.screenshot({ path: join(SHOTS, 'detect-refused.png') });
  });
});
