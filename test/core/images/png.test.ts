// A PNG's stored size (IHDR) and EXIF orientation (eXIf), read as Chromium reads them (observed,
// docs/decisions.md): only before the first IDAT, a chunk with a wrong CRC skipped, the first
// right one deciding. Hostile bytes: truncations, garbage, lying lengths, a million chunks.
import assert from 'node:assert/strict';
import { readPngInfo } from '../../../core/images/png';
import { pngChunk, solidPng } from '../../../sandbox/images/png';
import { orientationTiff } from './support/exif';
import { AFTER_IHDR, exifChunk, headerOnlyPng, withChunks } from './support/png';

describe('PNG header', () => {
  it('reads orientations 1–8 from eXIf (both byte orders) and the size from IHDR', () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      assert.deepEqual(readPngInfo(headerOnlyPng(40, 20, exifChunk(orientation))), {
        orientation,
        stored: { width: 40, height: 20 },
      });
      const little = exifChunk(orientationTiff(orientation, 'II'));
      assert.equal(
        readPngInfo(withChunks(solidPng(6, 4, [1, 2, 3]), little)).orientation,
        orientation,
      );
    }
    assert.deepEqual(readPngInfo(solidPng(7, 9, [0, 0, 0])), {
      orientation: 1,
      stored: { width: 7, height: 9 },
    });
  });

  it('after other ancillary chunks it counts; after the first IDAT it does not', () => {
    const text = pngChunk('tEXt', Buffer.from('Comment\0hello', 'latin1'));
    const odd = pngChunk('prVt', Buffer.alloc(5));
    assert.equal(readPngInfo(headerOnlyPng(4, 4, text, odd, exifChunk(6))).orientation, 6);
    const png = solidPng(4, 4, [9, 9, 9]);
    const iend = png.length - 12;
    const late = Buffer.concat([png.subarray(0, iend), exifChunk(6), png.subarray(iend)]);
    assert.deepEqual(readPngInfo(late), { orientation: 1, stored: { width: 4, height: 4 } });
  });

  it('a wrong CRC is skipped; the first right eXIf decides even without a usable tag', () => {
    assert.equal(readPngInfo(headerOnlyPng(4, 4, exifChunk(6, true))).orientation, 1);
    assert.equal(readPngInfo(headerOnlyPng(4, 4, exifChunk(8, true), exifChunk(6))).orientation, 6);
    assert.equal(readPngInfo(headerOnlyPng(4, 4, exifChunk(6), exifChunk(8))).orientation, 6);
    assert.equal(readPngInfo(headerOnlyPng(4, 4, exifChunk(9), exifChunk(6))).orientation, 1);
    // JPEG's "Exif\0\0" prefix does not belong in eXIf: Chromium ignores such a chunk.
    const prefixed = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationTiff(6)]);
    assert.equal(readPngInfo(headerOnlyPng(4, 4, exifChunk(prefixed))).orientation, 1);
  });

  it('not a PNG, IHDR missing or not first, sizes of 0 or past 2^31 - 1: orientation 1, no size', () => {
    assert.deepEqual(readPngInfo(new Uint8Array()), { orientation: 1 });
    assert.deepEqual(readPngInfo(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), { orientation: 1 });
    const header = headerOnlyPng(4, 4);
    const exifFirst = Buffer.concat([header.subarray(0, 8), exifChunk(6), header.subarray(8)]);
    assert.deepEqual(readPngInfo(exifFirst), { orientation: 1 });
    for (const [width, height] of [
      [0, 4],
      [4, 0],
      [0x80000000, 4],
      [4, 0xffffffff],
    ] as const)
      assert.deepEqual(readPngInfo(headerOnlyPng(width, height, exifChunk(6))), { orientation: 1 });
  });

  describe('hostile bytes', () => {
    const valid = headerOnlyPng(40, 20, pngChunk('tEXt', Buffer.from('a\0b')), exifChunk(6));

    it('every truncation: no exception; the size once IHDR is whole, 6 once eXIf is', () => {
      for (let length = 0; length <= valid.length; length++) {
        const info = readPngInfo(valid.subarray(0, length));
        assert.equal(info.stored === undefined, length < AFTER_IHDR, `length ${length}`);
        assert.equal(info.orientation, length >= valid.length - 12 ? 6 : 1, `length ${length}`);
      }
    });

    it('chunk lengths past the end or past 2^31 - 1 stop the walk', () => {
      for (const length of [0xffffffff, 0x80000000, 0x7fffffff, 1000]) {
        const lying = Buffer.from(valid);
        lying.writeUInt32BE(length, AFTER_IHDR);
        assert.deepEqual(readPngInfo(lying), { orientation: 1, stored: { width: 40, height: 20 } });
      }
      const ihdr = Buffer.from(valid);
      ihdr.writeUInt32BE(0xfffffff0, 8);
      assert.deepEqual(readPngInfo(ihdr), { orientation: 1 });
    });

    it('a million tiny chunks, and megabytes of eXIf with wrong CRCs, in linear time', () => {
      const tiny = pngChunk('tiNy', Buffer.alloc(0));
      const many = headerOnlyPng(4, 4, Buffer.alloc(tiny.length * 1_000_000, tiny), exifChunk(3));
      let started = performance.now();
      assert.equal(readPngInfo(many).orientation, 3);
      assert.ok(performance.now() - started < 2000);
      const wrong = exifChunk(Buffer.alloc(1024 * 1024), true);
      const big = headerOnlyPng(4, 4, wrong, wrong, wrong, exifChunk(8));
      started = performance.now();
      assert.equal(readPngInfo(big).orientation, 8);
      assert.ok(performance.now() - started < 2000);
    });
  });
});
