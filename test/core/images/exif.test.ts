// The TIFF walk shared by the JPEG, PNG and WebP readers (core/images/exif.ts): the orientation
// tag in both byte orders, wherever IFD0's offset puts it and wherever it is among the entries,
// taken only as one SHORT (as Chromium takes it), and lying counts, offsets and truncations
// read as no orientation, never an exception.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { tiffOrientation } from '../../../core/images/exif';
import { orientationTiff, TIFF_AT } from './support/exif';

const edited = (tiff: Buffer, edit: (bytes: Buffer) => void) => {
  const copy = Buffer.from(tiff);
  edit(copy);
  return copy;
};

describe('the EXIF orientation tag (TIFF IFD0)', () => {
  it('reads 1–8 in both byte orders; anything out of range is no orientation', () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      assert.equal(tiffOrientation(orientationTiff(orientation, 'MM')), orientation);
      assert.equal(tiffOrientation(orientationTiff(orientation, 'II')), orientation);
    }
    for (const value of [0, 9, 0xffff])
      assert.equal(tiffOrientation(orientationTiff(value)), undefined);
  });

  it("follows the header's IFD offset and finds the tag among other entries", () => {
    // IFD0 at 16 after 8 bytes of padding, its second entry the orientation.
    const tiff = Buffer.alloc(16 + 2 + 24 + 4);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(16, 4);
    tiff.writeUInt16BE(2, 16);
    tiff.writeUInt16BE(0x0100, 18); // ImageWidth first
    tiff.writeUInt16BE(3, 20);
    tiff.writeUInt32BE(1, 22);
    tiff.writeUInt16BE(640, 26);
    tiff.writeUInt16BE(0x0112, 30);
    tiff.writeUInt16BE(3, 32);
    tiff.writeUInt32BE(1, 34);
    tiff.writeUInt16BE(7, 38);
    assert.equal(tiffOrientation(tiff), 7);
  });

  it('only one SHORT counts: a LONG, or a value count of 0 or 2, is no orientation', () => {
    const six = orientationTiff(6);
    const long = edited(six, (bytes) => {
      bytes.writeUInt16BE(4, TIFF_AT.type);
      bytes.writeUInt32BE(6, TIFF_AT.value - 2);
    });
    assert.equal(tiffOrientation(long), undefined);
    for (const count of [0, 2, 0xffffffff])
      assert.equal(
        tiffOrientation(edited(six, (bytes) => bytes.writeUInt32BE(count, TIFF_AT.valueCount))),
        undefined,
      );
  });

  it('lying counts and offsets, a bad header, and every truncation: no orientation or the right one', () => {
    const six = orientationTiff(6);
    // A count of 65,535 entries: only the one inside the bytes is read.
    assert.equal(
      tiffOrientation(edited(six, (bytes) => bytes.writeUInt16BE(0xffff, TIFF_AT.entryCount))),
      6,
    );
    for (const offset of [0, 4, 7, six.length - 1, 0xfffffff0, 0xffffffff])
      assert.equal(
        tiffOrientation(edited(six, (bytes) => bytes.writeUInt32BE(offset, TIFF_AT.ifdOffset))),
        undefined,
      );
    assert.equal(
      tiffOrientation(edited(six, (bytes) => bytes.write('MI', 0, 'latin1'))),
      undefined,
    );
    assert.equal(tiffOrientation(edited(six, (bytes) => bytes.writeUInt16BE(43, 2))), undefined);
    for (let length = 0; length < six.length; length++)
      assert.equal(tiffOrientation(six.subarray(0, length)), length >= 22 ? 6 : undefined);
  });

  it('random bytes and random corruptions: never an exception, only 1–8 or nothing', () => {
    const valid = (value: number | undefined) =>
      value === undefined || (Number.isInteger(value) && value >= 1 && value <= 8);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.ok(valid(tiffOrientation(bytes)));
        assert.ok(valid(tiffOrientation(Buffer.concat([Buffer.from('MM\0*'), bytes]))));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        (edits) => {
          const bytes = orientationTiff(3, 'II');
          for (const [index, value] of edits) bytes[index % bytes.length] = value;
          assert.ok(valid(tiffOrientation(bytes)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
