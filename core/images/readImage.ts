// An image file (or standard input) read for detection, its size checked first: a file larger
// than detection takes is refused from its size alone, without a byte read, and a file that
// grows while it is read (or a device, a pipe: no size to go by) is read only up to one byte past
// the limit. Reading first took a 1.5 GB file into memory (52 s, 6.3 GB) before the service
// refused it. Shared by `mmq detect` and the editor's commands (file: URIs).
import { open } from 'node:fs/promises';
import { MAX_IMAGE_BYTES } from '../api/schemas/images';

/** The image is larger than detection takes; `size` when it is known. */
export class ImageTooLarge extends Error {
  constructor(
    readonly image: string,
    readonly size: number | undefined,
  ) {
    const most = formatBytes(MAX_IMAGE_BYTES);
    super(
      size === undefined
        ? `${image} is larger than ${most}, the most image detection takes`
        : `${image} is ${formatBytes(size)}: image detection takes images of at most ${most}`,
    );
  }
}

/** 10 MiB, 1.5 GiB, 812 bytes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${units[unit] ?? 'bytes'}`;
}

/** Reads at most this much at a time: a file of the limit takes a few reads. */
const CHUNK_BYTES = 1024 * 1024;

/** The bytes of the image file at `path`; ImageTooLarge past the limit. `name` for messages. */
export async function readImageFile(path: string, name = path): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_IMAGE_BYTES) throw new ImageTooLarge(name, size);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const room = Math.min(CHUNK_BYTES, MAX_IMAGE_BYTES + 1 - total);
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(room), 0, room, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > MAX_IMAGE_BYTES) throw new ImageTooLarge(name, undefined);
    }
  } finally {
    await handle.close();
  }
}

/** The bytes of an image arriving on a stream (standard input); ImageTooLarge past the limit. */
export async function readImageStream(
  stream: AsyncIterable<Buffer | string>,
  name: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    total += bytes.length;
    // Stops reading there: what is left is never taken in.
    if (total > MAX_IMAGE_BYTES) throw new ImageTooLarge(name, undefined);
  }
  return Buffer.concat(chunks, total);
}
