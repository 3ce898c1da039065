// Writing to a file descriptor synchronously and completely: a tail's batch goes to stdout in one
// system call where the kernel takes it whole (a regular file, or a pipe with room), so that the
// resume file can be renamed right after it with nothing in between that a kill could split.
import { writeSync } from 'node:fs';
import { describeIoError, errorCode, UsageError } from './errors';
import { redactOutput } from './redaction';

/** A pause that blocks the thread (the write must stay synchronous): for EAGAIN only. */
const blocked = new Int32Array(new SharedArrayBuffer(4));
const pause = (ms: number) => Atomics.wait(blocked, 0, 0, ms);

/**
 * Writes all of `text` to `fd`. A short write goes on from where it stopped; EAGAIN (stdout left
 * non-blocking by whoever started us) waits a millisecond and tries again; anything else is an
 * I/O problem (exit 2), such as EPIPE when the reader went away.
 */
export function writeAll(fd: number, text: string, name = 'standard output'): void {
  // Results, reports and records are the service's words: the token masked (redaction.ts).
  const bytes = Buffer.from(redactOutput(text), 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written, bytes.length - written);
    } catch (error: unknown) {
      const code = errorCode(error);
      if (code === 'EAGAIN') {
        pause(1);
        continue;
      }
      if (code === 'EPIPE') throw new UsageError(`${name} was closed by its reader`);
      throw new UsageError(`cannot write ${name}: ${describeIoError(code ?? String(error))}`);
    }
  }
}
