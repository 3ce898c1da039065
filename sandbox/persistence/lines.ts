// Reading a journal file line by line, a block at a time: a journal of hundreds of megabytes is
// never one string (V8 refuses strings past about 512 MiB, and the whole text would be held
// while it is parsed). Only one line is in memory at a time, however long the file.
import { closeSync, openSync, readSync } from 'node:fs';

const BLOCK = 4 * 1024 * 1024;

export interface Line {
  /** The line's text, without its `\n`. */
  readonly text: string;
  /** 1 for the first line. */
  readonly number: number;
  /** Byte offset just past the line's `\n`. */
  readonly end: number;
}

/**
 * The complete lines of the first `length` bytes of `path`. A last line without `\n` (torn by a
 * crash mid-write) is not yielded; `complete()` tells where the complete lines end.
 */
export function* readLines(path: string, length = Infinity): Generator<Line, number> {
  const fd = openSync(path, 'r');
  try {
    const block = Buffer.allocUnsafe(BLOCK);
    let pending: Buffer[] = [];
    let position = 0;
    let complete = 0;
    let number = 0;
    while (position < length) {
      const read = readSync(fd, block, 0, Math.min(BLOCK, length - position), position);
      if (read === 0) break;
      let start = 0;
      for (let newline = block.indexOf(10, 0); newline !== -1 && newline < read;) {
        pending.push(block.subarray(start, newline));
        const text = Buffer.concat(pending).toString('utf8');
        pending = [];
        complete = position + newline + 1;
        number += 1;
        yield { text, number, end: complete };
        start = newline + 1;
        newline = block.indexOf(10, start);
      }
      // The rest of the block begins a line that continues in the next one: keep a copy.
      if (start < read) pending.push(Buffer.from(block.subarray(start, read)));
      position += read;
    }
    return complete;
  } finally {
    closeSync(fd);
  }
}
