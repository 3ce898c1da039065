// A WebP's stored size (the VP8X canvas, or a simple file's VP8 or VP8L frame header) and the
// orientation in its EXIF chunk, which the reader reports though Chromium does not apply it
// (imageInfo.ts decides that). Hostile bytes: truncations, garbage, lying chunk and RIFF sizes,
// a million chunks.
import assert from 'node:assert/strict';
import { readWebpInfo } from '../../../core/images/webp';
import { orientationTiff } from './support/exif';
import { exifChunk, riff, riffChunk, vp8, vp8l, vp8x } from './support/webp';

describe('WebP header', () => {
  it('the size of a lossy, a lossless and an extended file', () => {
    assert.deepEqual(readWebpInfo(riff(vp8(40, 20))), {
      orientation: 1,
      stored: { width: 40, height: 20 },
    });
    assert.deepEqual(readWebpInfo(riff(vp8l(16384, 1))), {
      orientation: 1,
      stored: { width: 16384, height: 1 },
    });
    assert.deepEqual(readWebpInfo(riff(vp8x(0x1000000, 3, 0), vp8(40, 20))), {
      orientation: 1,
      stored: { width: 0x1000000, height: 3 },
    });
  });

  it('orientations 1–8 from an EXIF chunk after the image (both byte orders)', () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      assert.deepEqual(readWebpInfo(riff(vp8x(40, 20), vp8l(40, 20), exifChunk(orientation))), {
        orientation,
        stored: { width: 40, height: 20 },
      });
      const little = exifChunk(orientationTiff(orientation, 'II'));
      const padded = riffChunk('ALPH', Buffer.alloc(3)); // an odd size: padded to even
      assert.equal(
        readWebpInfo(riff(vp8x(9, 9), padded, vp8(9, 9), little)).orientation,
        orientation,
      );
    }
  });

  it('EXIF only counts in an extended file, as raw TIFF', () => {
    assert.equal(readWebpInfo(riff(vp8(4, 4), exifChunk(6))).orientation, 1);
    const prefixed = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationTiff(6)]);
    assert.equal(readWebpInfo(riff(vp8x(4, 4), vp8(4, 4), exifChunk(prefixed))).orientation, 1);
  });

  it('not a WebP, an unknown first chunk, a broken frame header: orientation 1, no size', () => {
    assert.deepEqual(readWebpInfo(new Uint8Array()), { orientation: 1 });
    const avi = riff(vp8(4, 4));
    avi.write('AVI ', 8, 'latin1');
    assert.deepEqual(readWebpInfo(avi), { orientation: 1 });
    assert.deepEqual(readWebpInfo(riff(exifChunk(6), vp8x(4, 4))), { orientation: 1 });
    const badStart = vp8(4, 4);
    badStart[8 + 3] = 0;
    assert.deepEqual(readWebpInfo(riff(badStart)), { orientation: 1 });
    const badSignature = vp8l(4, 4);
    badSignature[8] = 0x2e;
    assert.deepEqual(readWebpInfo(riff(badSignature)), { orientation: 1 });
    assert.deepEqual(readWebpInfo(riff(vp8(0, 5))), { orientation: 1 });
  });

  describe('hostile bytes', () => {
    const valid = riff(vp8x(40, 20), vp8(40, 20), exifChunk(6));

    it('every truncation: no exception; the size once VP8X is whole, 6 once EXIF is', () => {
      for (let length = 0; length <= valid.length; length++) {
        const info = readWebpInfo(valid.subarray(0, length));
        assert.equal(info.stored === undefined, length < 12 + 18, `length ${length}`);
        assert.equal(info.orientation, length === valid.length ? 6 : 1, `length ${length}`);
      }
    });

    it('chunk sizes past the end and RIFF sizes that lie stop the walk', () => {
      for (const size of [0xffffffff, 0x80000000, 1000]) {
        const lying = Buffer.from(valid);
        lying.writeUInt32LE(size, 12 + 18 + 4); // the VP8 chunk's size
        assert.deepEqual(readWebpInfo(lying), {
          orientation: 1,
          stored: { width: 40, height: 20 },
        });
      }
      // A RIFF size shorter than the file: what lies beyond it is not read.
      const short = Buffer.from(valid);
      short.writeUInt32LE(4 + 18, 4);
      assert.deepEqual(readWebpInfo(short), { orientation: 1, stored: { width: 40, height: 20 } });
      for (const size of [0, 3, 0xffffffff]) {
        const riffSize = Buffer.from(valid);
        riffSize.writeUInt32LE(size, 4);
        const info = readWebpInfo(riffSize);
        assert.equal(info.orientation, size === 0xffffffff ? 6 : 1);
      }
    });

    it('a million empty chunks before the EXIF one, in linear time', () => {
      const empty = riffChunk('JUNK', Buffer.alloc(0));
      const many = riff(vp8x(4, 4), Buffer.alloc(empty.length * 1_000_000, empty), exifChunk(3));
      const started = performance.now();
      assert.equal(readWebpInfo(many).orientation, 3);
      assert.ok(performance.now() - started < 2000);
    });
  });
});
