// EXIF orientation (core/images): the tag read from a JPEG's header in both byte orders, boxes
// of the stored grid mapped onto the upright image (checked against whole-image turns and
// mirrors done pixel by pixel), the answer's grid recognised, and hostile bytes: truncated,
// garbage, lying lengths and offsets, huge IFD counts: never an exception, never a hang.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readJpegInfo } from '../../../core/images/jpeg';
import { displayedSize, toDisplayed, type Orientation } from '../../../core/images/orientation';
import { placeMatches } from '../../../core/images/placement';
import { exifSegment, headerOnlyJpeg, withSegment } from './support/jpeg';

const ORIENTATIONS: readonly Orientation[] = [1, 2, 3, 4, 5, 6, 7, 8];

type Grid = boolean[][]; // rows of pixels

const gridOf = (width: number, height: number, inside: (x: number, y: number) => boolean): Grid =>
  Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => inside(x, y)));
const at = (grid: Grid, x: number, y: number) => grid[y]?.[x] ?? false;
const widthOf = (grid: Grid) => grid[0]?.length ?? 0;
const flipH = (g: Grid) => gridOf(widthOf(g), g.length, (x, y) => at(g, widthOf(g) - 1 - x, y));
const flipV = (g: Grid) => gridOf(widthOf(g), g.length, (x, y) => at(g, x, g.length - 1 - y));
const transpose = (g: Grid) => gridOf(g.length, widthOf(g), (x, y) => at(g, y, x));
/** Turned 90° clockwise: the top row becomes the right column. */
const clockwise = (g: Grid) => flipH(transpose(g));

/** The stored image made upright, as EXIF 2.32 defines each orientation (ImageMagick's names). */
const UPRIGHT: Record<Orientation, (g: Grid) => Grid> = {
  1: (g) => g,
  2: flipH,
  3: (g) => flipV(flipH(g)),
  4: flipV,
  5: transpose,
  6: clockwise,
  7: (g) => flipV(flipH(transpose(g))),
  8: (g) => flipV(transpose(g)),
};

describe('EXIF orientation', () => {
  it('reads the tag (1–8) and the stored size from a JPEG header, in both byte orders', () => {
    for (const orientation of ORIENTATIONS) {
      assert.deepEqual(readJpegInfo(headerOnlyJpeg(40, 20, orientation)), {
        orientation,
        stored: { width: 40, height: 20 },
      });
      const little = withSegment(headerOnlyJpeg(40, 20), exifSegment(orientation, 'II'));
      assert.equal(readJpegInfo(little).orientation, orientation);
    }
    assert.deepEqual(readJpegInfo(headerOnlyJpeg(7, 9)), {
      orientation: 1,
      stored: { width: 7, height: 9 },
    });
  });

  it('anything else is orientation 1: not a JPEG, a tag out of range, no EXIF', () => {
    assert.deepEqual(readJpegInfo(new Uint8Array()), { orientation: 1 });
    assert.deepEqual(readJpegInfo(Buffer.from('\x89PNG\r\n\x1a\n')), { orientation: 1 });
    for (const value of [0, 9, 0xffff])
      assert.equal(readJpegInfo(headerOnlyJpeg(4, 4, value)).orientation, 1);
  });

  it('maps a stored box onto the upright image as turning the whole image pixel by pixel does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(...ORIENTATIONS),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (width, height, orientation, a, b, c, d) => {
          const [left, right] = [a % width, c % width].sort((p, q) => p - q) as [number, number];
          const [top, bottom] = [b % height, d % height].sort((p, q) => p - q) as [number, number];
          const box = { left, top, right: right + 1, bottom: bottom + 1 };
          const stored = gridOf(
            width,
            height,
            (x, y) => x >= box.left && x < box.right && y >= box.top && y < box.bottom,
          );
          const expected = UPRIGHT[orientation](stored);
          const size = displayedSize({ width, height }, orientation);
          assert.deepEqual([widthOf(expected), expected.length], [size.width, size.height]);
          const shown = toDisplayed(box, { width, height }, orientation);
          const drawn = gridOf(
            size.width,
            size.height,
            (x, y) => x >= shown.left && x < shown.right && y >= shown.top && y < shown.bottom,
          );
          assert.deepEqual(drawn, expected);
        },
      ),
    );
  });

  it('placement: boxes of the stored grid are turned; an answer in the upright grid is kept', () => {
    const match = { id: 'logo-acme', confidence: 0.9, left: 0, top: 0, right: 10, bottom: 5 };
    const stored = { width: 40, height: 20 };
    const turned = placeMatches(
      { width: 40, height: 20, match: [match] },
      { orientation: 6, stored },
    );
    assert.deepEqual(turned.size, { width: 20, height: 40 });
    assert.equal(turned.frame, 'stored');
    assert.deepEqual(turned.matches[0], { ...match, left: 15, top: 0, right: 20, bottom: 10 });
    // A service that measured the upright photo (20×40) answers in its grid: left as it is.
    const upright = placeMatches(
      { width: 20, height: 40, match: [match] },
      { orientation: 6, stored },
    );
    assert.equal(upright.frame, 'displayed');
    assert.deepEqual(upright.matches, [match]);
    assert.deepEqual(upright.size, { width: 20, height: 40 });
    // Scenes have no box to turn.
    const scene = { id: 'scene-beach', confidence: 0.7, left: 0, top: 0, right: 0, bottom: 0 };
    assert.deepEqual(
      placeMatches({ width: 40, height: 20, match: [scene] }, { orientation: 8, stored }).matches,
      [scene],
    );
  });

  describe('hostile bytes', () => {
    const exif = headerOnlyJpeg(40, 20, 6);

    it('every truncation of a valid header: no exception, and a valid orientation', () => {
      for (let length = 0; length <= exif.length; length++) {
        const info = readJpegInfo(exif.subarray(0, length));
        assert.ok(info.orientation >= 1 && info.orientation <= 8);
      }
    });

    it('random bytes after a JPEG start, and random corruptions of a valid header', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), (tail) => {
          readJpegInfo(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), tail]));
        }),
        { numRuns: 2000 },
      );
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
          (edits) => {
            const bytes = Buffer.from(exif);
            for (const [index, value] of edits) bytes[index % bytes.length] = value;
            const info = readJpegInfo(bytes);
            assert.ok(info.orientation >= 1 && info.orientation <= 8);
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('an IFD claiming 65,535 entries in a short segment reads only what is there', () => {
      const segment = exifSegment(6);
      segment.writeUInt16BE(0xffff, 4 + 6 + 8); // the entry count of IFD0
      const started = performance.now();
      assert.equal(readJpegInfo(withSegment(headerOnlyJpeg(4, 4), segment)).orientation, 6);
      const empty = Buffer.from(segment.subarray(0, 4 + 6 + 10));
      empty.writeUInt16BE(empty.length - 2, 2);
      assert.equal(readJpegInfo(withSegment(headerOnlyJpeg(4, 4), empty)).orientation, 1);
      assert.ok(performance.now() - started < 100);
    });

    it('IFD offsets outside the segment, lengths past the end, and a million tiny segments', () => {
      const outside = exifSegment(6);
      outside.writeUInt32BE(0xfffffff0, 4 + 6 + 4);
      assert.equal(readJpegInfo(withSegment(headerOnlyJpeg(4, 4), outside)).orientation, 1);
      const backwards = exifSegment(6);
      backwards.writeUInt32BE(2, 4 + 6 + 4);
      assert.equal(readJpegInfo(withSegment(headerOnlyJpeg(4, 4), backwards)).orientation, 1);
      const long = exifSegment(6);
      long.writeUInt16BE(0xffff, 2);
      assert.equal(readJpegInfo(withSegment(headerOnlyJpeg(4, 4), long)).orientation, 1);
      // Empty comment segments (length 2) one after another: walked in linear time.
      const many = Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        Buffer.alloc(4 * 1_000_000, Buffer.from([0xff, 0xfe, 0x00, 0x02])),
        headerOnlyJpeg(4, 4, 3).subarray(2),
      ]);
      const started = performance.now();
      assert.equal(readJpegInfo(many).orientation, 3);
      assert.ok(performance.now() - started < 2000);
    });
  });
});
