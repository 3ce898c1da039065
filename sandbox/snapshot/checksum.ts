// The checksum of a snapshot's body: CRC-32 (zlib's, where this Node has it). A snapshot is a
// cache in the user's own directory, so what it must catch is accident (a disk's damage, a file
// cut short or changed by hand), not an adversary: whoever can write it can write the extension
// too. SHA-256 of the 37 MB of 50,000 documents took 100–200 ms of a start here; zlib's CRC-32
// takes 10–20 ms, and together with the checks of every length, shape and reference it leaves
// damage a chance of 2⁻³² to pass. docs/decisions.md has the trade.
import * as zlib from 'node:zlib';

type Crc32 = (data: Uint8Array, value?: number) => number;

/** zlib.crc32 arrived in Node 20.15 and 22.2; an older runtime (an editor's) uses the table. */
const native = (zlib as { crc32?: Crc32 }).crc32;

let table: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC, zlib's) by a table: the same numbers as zlib.crc32, several times slower. */
export function tableCrc32(data: Uint8Array, value = 0): number {
  table ??= Uint32Array.from({ length: 256 }, (_, byte) => {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    return crc;
  });
  let crc = ~value;
  for (let index = 0; index < data.length; index++)
    crc = (table[(crc ^ (data[index] as number)) & 0xff] as number) ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** The CRC-32 of `parts` one after the other. */
export function crc32(parts: readonly Uint8Array[]): number {
  const step = native ?? tableCrc32;
  return parts.reduce((value, part) => step(part, value), 0);
}
