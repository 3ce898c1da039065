// Typed arrays over a snapshot's sections and back. A section lies 8-byte aligned in a file read
// whole (file.ts), so a view is free; one that does not (or of a wrong length) is refused.

export function bytesOf(array: Uint32Array | Float64Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function checked(bytes: Uint8Array | undefined, size: number): Uint8Array {
  if (!bytes) throw new Error('a section is missing');
  if (bytes.byteLength % size !== 0 || bytes.byteOffset % size !== 0)
    throw new Error('a section is misaligned');
  return bytes;
}

export function u32(bytes: Uint8Array | undefined): Uint32Array {
  const section = checked(bytes, 4);
  return new Uint32Array(section.buffer, section.byteOffset, section.byteLength / 4);
}

export function f64(bytes: Uint8Array | undefined): Float64Array {
  const section = checked(bytes, 8);
  return new Float64Array(section.buffer, section.byteOffset, section.byteLength / 8);
}
