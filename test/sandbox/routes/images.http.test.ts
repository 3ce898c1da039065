// Contract tests of image detection over real HTTP: addresses, uploads, dimensions, errors 45/50.
import assert from 'node:assert/strict';
import { ErrorEnvelope, ImageDetectionResponse } from '../../../core/api/schemas/index';
import { solidPng } from '../../../sandbox/images/png';
import type { RunningSandbox } from '../../../sandbox/server';
import { headerOnlyJpeg } from '../../core/images/support/jpeg';
import { exifChunk as pngExif, headerOnlyPng } from '../../core/images/support/png';
import { exifChunk as webpExif, riff, vp8, vp8x } from '../../core/images/support/webp';
import { call, sandbox, TOKEN } from '../support/sandbox';

describe('sandbox image detection', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await sandbox();
  });
  afterEach(() => running.close());

  const upload = async (kind: string, bytes: Buffer, query = '') => {
    const form = new FormData();
    form.append('image_file', new Blob([bytes], { type: 'image/png' }), 'image.png');
    const response = await fetch(
      `${running.url}/api/v2/detect/images/${kind}?access_token=${TOKEN}${query}`,
      { method: 'POST', body: form },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('POST image_file: the real width and height of the image, logo boxes inside it', async () => {
    const { status, body } = await upload('logo', solidPng(123, 45, [200, 10, 10]));
    assert.equal(status, 200);
    const result = ImageDetectionResponse.parse(body).result_processing;
    assert.deepEqual([result.width, result.height], [123, 45]);
    for (const match of result.match) {
      assert.ok(match.id.startsWith('logo-'));
      assert.ok(
        match.left >= 0 &&
          match.right <= 123 &&
          match.top >= 0 &&
          match.bottom <= 45 &&
          match.left < match.right,
      );
      assert.ok(match.confidence > 0 && match.confidence <= 1);
    }
  });

  it('a JPEG, PNG or WebP turned by its EXIF orientation is answered in its stored grid (docs/decisions.md)', async () => {
    // Stored 40×20, shown 20×40 (orientation 6): the answer's size and boxes are the stored ones.
    for (const orientation of [1, 6, 8]) {
      const files = {
        jpeg: headerOnlyJpeg(40, 20, orientation),
        png: headerOnlyPng(40, 20, pngExif(orientation)),
        webp: riff(vp8x(40, 20), vp8(40, 20), webpExif(orientation)),
      };
      for (const [format, bytes] of Object.entries(files)) {
        const { status, body } = await upload('logo', bytes);
        assert.equal(status, 200);
        const result = ImageDetectionResponse.parse(body).result_processing;
        assert.deepEqual([result.width, result.height], [40, 20], `${format} ${orientation}`);
        for (const match of result.match) assert.ok(match.right <= 40 && match.bottom <= 20);
      }
    }
  });

  it('a logo is found or not whichever other logos detect asks for with it', async () => {
    for (let red = 0; red < 12; red++) {
      const image = solidPng(50, 40, [red * 20, 100, 100]);
      const all = ImageDetectionResponse.parse(
        (await upload('logo', image)).body,
      ).result_processing;
      for (const id of ['logo-acme', 'logo-umbrella']) {
        const alone = ImageDetectionResponse.parse(
          (await upload('logo', image, `&detect=${id}`)).body,
        ).result_processing;
        assert.deepEqual(
          alone.match,
          all.match.filter((match) => match.id === id),
        );
      }
    }
  });

  it('the same image always gives the same matches', async () => {
    const image = solidPng(64, 64, [1, 2, 3]);
    assert.deepEqual(
      (await upload('logo', image)).body.result_processing,
      (await upload('logo', image)).body.result_processing,
    );
  });

  it('GET image_url on an approved domain; another domain is error 50 with param_url', async () => {
    const approved = await call(
      running.url,
      '/api/v2/detect/images/scene?image_url=https://images.acme.example/shop.jpg',
    );
    const result = ImageDetectionResponse.parse(approved.body).result_processing;
    assert.ok(result.width > 0 && result.height > 0);
    for (const match of result.match) {
      assert.ok(match.id.startsWith('scene-'));
      assert.deepEqual([match.top, match.left, match.right, match.bottom], [0, 0, 0, 0]);
    }
    const refused = await call(
      running.url,
      '/api/v2/detect/images/logo?image_url=https://elsewhere.example/a.png',
    );
    assert.equal(refused.status, 400);
    const error = ErrorEnvelope.parse(refused.body);
    assert.equal(error.status_code, '50');
    assert.equal(error.status_message, 'Url is not approved for processing');
    assert.deepEqual(error.result_error?.data, [
      { key: 'param_url', value: ['https://elsewhere.example/a.png'] },
    ]);
  });

  it('detect with a logo not configured is error 45 naming it; detect is ignored for scenes', async () => {
    const refused = await call(
      running.url,
      '/api/v2/detect/images/logo?image_url=https://images.acme.example/a.png&detect=logo-acme,logo-nope',
    );
    const error = ErrorEnvelope.parse(refused.body);
    assert.equal(error.status_code, '45');
    assert.deepEqual(error.result_error?.data, [
      { key: 'details', value: ['Unauthorized query ids'] },
      { key: 'query_id', value: ['logo-nope'] },
    ]);
    assert.equal(
      (
        await call(
          running.url,
          '/api/v2/detect/images/scene?image_url=https://images.acme.example/a.png&detect=logo-nope',
        )
      ).status,
      200,
    );
    const only = ImageDetectionResponse.parse(
      (
        await call(
          running.url,
          '/api/v2/detect/images/logo?image_url=https://images.acme.example/a.png&detect=logo-acme',
        )
      ).body,
    );
    assert.ok(only.result_processing.match.every((match) => match.id === 'logo-acme'));
  });

  it('neither image_url nor image_file is code 3 naming both; a file that is no image is code 5', async () => {
    const missing = ErrorEnvelope.parse(
      (await call(running.url, '/api/v2/detect/images/logo')).body,
    );
    assert.equal(missing.status_code, '3');
    assert.deepEqual(missing.result_error?.data, [
      { key: 'params', value: ['image_url', 'image_file'] },
    ]);
    const notImage = await upload('logo', Buffer.from('hello, not an image'));
    assert.equal(notImage.status, 400);
    assert.match(ErrorEnvelope.parse(notImage.body).status_message, /image_file/);
  });

  it('an image of a format its refusal does not list (SVG, ICO, PSD) is code 5 with that list', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80"/></svg>';
    // A 16×16 icon: the ICO header and one directory entry (image-size reads no further).
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 4, 0, 0, 22, 0, 0, 0]);
    const psd = Buffer.concat([
      Buffer.from('8BPS'),
      Buffer.from([0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 80, 0, 0, 0, 120, 0, 8, 0, 3]),
    ]);
    for (const [name, bytes] of [
      ['svg', Buffer.from(svg)],
      ['ico', ico],
      ['psd', psd],
    ] as const) {
      const refused = await upload('scene', bytes);
      assert.equal(refused.status, 400, `${name}: ${JSON.stringify(refused.body)}`);
      const error = ErrorEnvelope.parse(refused.body);
      assert.equal(error.status_code, '5', name);
      assert.match(
        error.status_message,
        /not an image this service reads \(PNG, JPEG, GIF, WebP, BMP, TIFF\)/,
      );
    }
  });
});
