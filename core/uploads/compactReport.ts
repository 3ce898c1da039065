// The end of an upload whose report was written as a journal (`sending` lines, then outcomes):
// the file rewritten with one line per document, its latest, in input order, as spec/cli.md's
// report is. Written to a new file beside it, synced, then renamed over it: a kill during the
// rewrite leaves the journal, which reads the same (reportFile.ts). A link keeps pointing at the
// rewritten file. A line that is not a report line (one VS Code keeps from an earlier report it
// merged a retry into) stays as it is, in its place.
import { randomBytes } from 'node:crypto';
import { open, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { escapedJson } from '../text/controls';
import { readChunks } from './fileChunks';
import { isUnreadable, latestLines, reportItems } from './reportFile';

/** Lines gathered before each write: a few hundred kilobytes. */
const WRITE_LINES = 1_000;

export async function compactReport(path: string): Promise<void> {
  const target = await realpath(path);
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${randomBytes(6).toString('hex')}.mmq-tmp`,
  );
  const file = await open(temporary, 'wx');
  try {
    let lines: string[] = [];
    for await (const line of latestLines(reportItems(readChunks(target)))) {
      // A line too long to hold was never written (the merge drops it, counted).
      if (isUnreadable(line) && line.unreadable === undefined) continue;
      lines.push(`${isUnreadable(line) ? line.unreadable : escapedJson(JSON.stringify(line))}\n`);
      if (lines.length >= WRITE_LINES) {
        await file.appendFile(lines.join(''));
        lines = [];
      }
    }
    await file.appendFile(lines.join(''));
    await file.sync();
    await file.close();
    await rename(temporary, target);
  } catch (error: unknown) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}
