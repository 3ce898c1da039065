// The snapshot's checksum: zlib's CRC-32 where Node has it, and a table of our own where it does
// not (an editor's older runtime), which must give the same numbers.
import assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import { crc32, tableCrc32 } from '../../../sandbox/snapshot/checksum';

describe('snapshot checksum', () => {
  it('is the CRC-32 everyone knows', () => {
    assert.equal(crc32([Buffer.from('123456789')]), 0xcbf43926);
    assert.equal(tableCrc32(Buffer.from('123456789')), 0xcbf43926);
    assert.equal(crc32([]), 0);
  });

  it("gives zlib's numbers by its table, over parts as over the whole", () => {
    const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 }), (parts) => {
        const whole = Buffer.concat(parts);
        const expected = native ? native(whole) : tableCrc32(whole);
        assert.equal(crc32(parts), expected);
        assert.equal(
          parts.reduce((value, part) => tableCrc32(part, value), 0),
          expected,
        );
      }),
    );
  });

  it('changes with any one bit of the data', () => {
    const data = Buffer.from('a corpus snapshot of fifty thousand documents');
    const sum = crc32([data]);
    for (let bit = 0; bit < data.length * 8; bit++) {
      const changed = Buffer.from(data);
      changed[bit >> 3]! ^= 1 << (bit & 7);
      assert.notEqual(crc32([changed]), sum);
    }
  });
});
