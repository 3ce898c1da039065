// The name of a temporary file written beside `path` and then renamed over it (or linked to it).
// Unique per process and per call: two processes that write the same file (a second tail on one
// resume file, an older mmq that takes no lock) never write into each other's temporary file, and
// one never renames away the other's half-written one.
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** The suffix every temporary file of ours ends in, so that leftovers can be recognised. */
export const TEMPORARY_SUFFIX = '.mmq-tmp';

export function temporaryBeside(path: string): string {
  const unique = `${process.pid}.${randomBytes(6).toString('hex')}`;
  return join(dirname(path), `.${basename(path)}.${unique}${TEMPORARY_SUFFIX}`);
}
