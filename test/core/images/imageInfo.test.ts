// One reader for every image the detection takes (core/images/imageInfo.ts): the format by the
// bytes' signature, whatever the file is called; JPEG and PNG turned by their EXIF orientation,
// WebP and GIF shown as stored (as Chromium shows them, docs/decisions.md); the preview's type
// by the signature too. And a fuzz loop over all three parsers: random bytes behind each
// signature and random mutations of valid files never throw, and give 1–8 and a sane size.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { imageFormat } from '../../../core/images/imageFormat';
import { readImageInfo } from '../../../core/images/imageInfo';
import { readJpegInfo } from '../../../core/images/jpeg';
import type { ImageInfo } from '../../../core/images/orientation';
import { readPngInfo } from '../../../core/images/png';
import { readWebpInfo } from '../../../core/images/webp';
import { pngChunk, solidPng } from '../../../sandbox/images/png';
import { detectionView } from '../../../src/features/detection/detectionView';
import { orientationTiff } from './support/exif';
import { exifSegmentOf, headerOnlyJpeg, withSegment } from './support/jpeg';
import { exifChunk as pngExif, headerOnlyPng } from './support/png';
import { exifChunk as webpExif, riff, vp8, vp8l, vp8x } from './support/webp';

const GIF = Buffer.from('GIF89a\x28\x00\x14\x00\x00\x00\x00', 'latin1');

describe('image info by signature', () => {
  it('knows the four formats by their first bytes, nothing else', () => {
    assert.equal(imageFormat(headerOnlyJpeg(4, 4)), 'jpeg');
    assert.equal(imageFormat(solidPng(4, 4, [0, 0, 0])), 'png');
    assert.equal(imageFormat(GIF), 'gif');
    assert.equal(imageFormat(Buffer.from('GIF87a', 'latin1')), 'gif');
    assert.equal(imageFormat(riff(vp8(4, 4))), 'webp');
    for (const bytes of ['', 'GIF88a', 'RIFF\0\0\0\0AVI ', 'BM', '\x89PNG\r\n\x1a'])
      assert.equal(imageFormat(Buffer.from(bytes, 'latin1')), undefined, JSON.stringify(bytes));
  });

  it('turns JPEG and PNG by their EXIF orientation; WebP with one and GIF are shown as stored', () => {
    assert.deepEqual(readImageInfo(headerOnlyJpeg(40, 20, 6)), {
      orientation: 6,
      stored: { width: 40, height: 20 },
    });
    assert.deepEqual(readImageInfo(headerOnlyPng(40, 20, pngExif(8))), {
      orientation: 8,
      stored: { width: 40, height: 20 },
    });
    const webp = riff(vp8x(40, 20), vp8(40, 20), webpExif(6));
    assert.equal(readWebpInfo(webp).orientation, 6, 'the file says 6');
    assert.deepEqual(readImageInfo(webp), { orientation: 1, stored: { width: 40, height: 20 } });
    assert.deepEqual(readImageInfo(GIF), { orientation: 1 });
    assert.deepEqual(readImageInfo(Buffer.from('not an image')), { orientation: 1 });
  });

  it("the panel's preview takes the type the bytes say, not the name's; boxes turned for a PNG", () => {
    const answer = { width: 40, height: 20, match: [] };
    const viewOf = (bytes: Uint8Array, fileName: string, contentType: string) =>
      detectionView(
        {
          target: { kind: 'address', url: fileName },
          source: fileName,
          file: { bytes, fileName, contentType },
        },
        answer,
      );
    const typeOf = (view: { image?: string }) => /^data:([^;]+);/.exec(view.image ?? '')?.[1];
    assert.equal(typeOf(viewOf(riff(vp8(40, 20)), 'a.png', 'image/png')), 'image/webp');
    assert.equal(typeOf(viewOf(GIF, 'a.webp', 'image/webp')), 'image/gif');
    assert.equal(typeOf(viewOf(solidPng(40, 20, [1, 1, 1]), 'a.jpg', 'image/jpeg')), 'image/png');
    assert.equal(typeOf(viewOf(headerOnlyJpeg(40, 20), 'a.gif', 'image/gif')), 'image/jpeg');
    // Unknown bytes: the name's type, and no preview for a type the webview does not show.
    assert.equal(typeOf(viewOf(Buffer.from('?'), 'a.png', 'image/png')), 'image/png');
    assert.equal(viewOf(Buffer.from('?'), 'a.tif', 'image/tiff').image, undefined);
    const turned = viewOf(headerOnlyPng(40, 20, pngExif(6)), 'turned.png', 'image/png');
    assert.deepEqual([turned.width, turned.height], [20, 40]);
    assert.match(turned.note ?? '', /EXIF orientation \(6\) turns it/);
    const asStored = viewOf(riff(vp8x(40, 20), vp8(40, 20), webpExif(6)), 'b.webp', 'image/webp');
    assert.deepEqual([asStored.width, asStored.height, asStored.note], [40, 20, undefined]);
  });

  describe('fuzz: never an exception, whatever the bytes', () => {
    const READERS: [string, (bytes: Uint8Array) => ImageInfo][] = [
      ['jpeg', readJpegInfo],
      ['png', readPngInfo],
      ['webp', readWebpInfo],
      ['any', readImageInfo],
    ];
    const SIGNATURES = [
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('RIFF\xff\xff\xff\x7fWEBP', 'latin1'),
      Buffer.from('GIF89a', 'latin1'),
    ];
    const VALID = [
      headerOnlyJpeg(40, 20, 6),
      headerOnlyPng(40, 20, pngChunk('tEXt', Buffer.alloc(3)), pngExif(6)),
      solidPng(12, 8, [200, 10, 10]),
      riff(vp8x(40, 20), vp8(40, 20), webpExif(6)),
      riff(vp8l(40, 20)),
    ];

    const sane = (info: ImageInfo) => {
      assert.ok(
        Number.isInteger(info.orientation) && info.orientation >= 1 && info.orientation <= 8,
      );
      if (info.stored === undefined) return;
      const { width, height } = info.stored;
      for (const side of [width, height])
        assert.ok(Number.isInteger(side) && side >= 1 && side <= 0x7fffffff, `side ${side}`);
    };
    const everyReader = (bytes: Uint8Array) => {
      for (const [, read] of READERS) sane(read(bytes));
    };

    it('random bytes, alone and behind each signature', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat(SIGNATURES.length), (tail, which) => {
          const signature = SIGNATURES[which] ?? Buffer.alloc(0);
          everyReader(Buffer.concat([signature, tail]));
        }),
        { numRuns: 3000 },
      );
    });

    it('random byte edits, cuts and repeated slices of valid files', () => {
      fc.assert(
        fc.property(
          fc.nat(VALID.length - 1),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 10 }),
          fc.nat(),
          fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 20 })),
          (which, edits, cut, [from, to, times]) => {
            const bytes = Buffer.from(VALID[which] ?? Buffer.alloc(0));
            for (const [index, value] of edits) bytes[index % bytes.length] = value;
            everyReader(bytes);
            everyReader(bytes.subarray(0, cut % (bytes.length + 1)));
            // A slice of the file repeated in its middle: chunks and segments that repeat.
            const [a, b] = [from % bytes.length, to % bytes.length].sort((p, q) => p - q) as [
              number,
              number,
            ];
            const slice = bytes.subarray(a, b);
            everyReader(
              Buffer.concat([
                bytes.subarray(0, b),
                ...Array<Buffer>(times).fill(slice),
                bytes.subarray(b),
              ]),
            );
          },
        ),
        { numRuns: 3000 },
      );
    });

    it('random TIFF bodies inside a well-formed JPEG APP1, PNG eXIf (right CRC) and WebP EXIF', () => {
      const wrapped = (tiff: Uint8Array) => [
        withSegment(headerOnlyJpeg(40, 20), exifSegmentOf(tiff)),
        headerOnlyPng(40, 20, pngExif(tiff)),
        riff(vp8x(40, 20), vp8(40, 20), webpExif(tiff)),
      ];
      const tiffs = fc.oneof(
        fc.uint8Array({ maxLength: 120 }),
        fc
          .tuple(
            fc.constantFrom<'II' | 'MM'>('II', 'MM'),
            fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
          )
          .map(([order, edits]) => {
            const tiff = orientationTiff(5, order);
            for (const [index, value] of edits) tiff[index % tiff.length] = value;
            return tiff;
          }),
      );
      fc.assert(
        fc.property(tiffs, (tiff) => {
          for (const bytes of wrapped(tiff)) {
            everyReader(bytes);
            // The size is read whatever the EXIF holds.
            assert.deepEqual(readImageInfo(bytes).stored, { width: 40, height: 20 });
          }
        }),
        { numRuns: 2000 },
      );
    });

    it('lengths and sizes set to extremes at every 4-byte position of valid files', () => {
      for (const valid of VALID)
        for (let at = 0; at + 4 <= valid.length; at++)
          for (const value of [0, 1, 0x7fffffff, 0x80000000, 0xffffffff]) {
            const big = Buffer.from(valid);
            big.writeUInt32BE(value, at);
            everyReader(big);
            const little = Buffer.from(valid);
            little.writeUInt32LE(value, at);
            everyReader(little);
          }
    });
  });
});
