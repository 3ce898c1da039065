// `mmq export --out FILE`: the target collector read from `earliest` to the end (`stop`), as
// NDJSON, one result object a line as `mmq tail` writes them. The file appears whole or not at
// all (a temporary file beside it, then a rename or a link), and an existing file is replaced
// only with --force: an export costs credits, and its results must not overwrite earlier ones.
import { closeSync, linkSync, lstatSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { apiFailure, calling } from '../api/connect';
import { describeIoError, errorCode, UsageError } from '../errors';
import { checkOutput } from '../outputCheck';
import { writeAll } from '../syncWrite';
import { batches } from '../tail/batches';

/**
 * Refuses, before anything is spent, an --out that exists (a link to nothing too: the name is
 * taken) unless --force, or that cannot be written (no such folder, a folder, a link to nothing).
 */
export function checkOut(path: string, force: boolean): void {
  checkOutput({ path, name: '--out', inputs: [] });
  if (!force && taken(path))
    throw new UsageError(`${path} exists: give --force to replace it, or another --out`);
}

function taken(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

const ioProblem = (what: string, error: unknown) =>
  new UsageError(`${what}: ${describeIoError(errorCode(error) ?? String(error))}`);

/** Writes the collector's results to `path`; returns how many. */
export async function saveResults(
  client: MediaMonitoringClient,
  collector: string,
  path: string,
  force: boolean,
  signal: AbortSignal,
): Promise<number> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.mmq-tmp`);
  let fd: number;
  try {
    fd = openSync(temporary, 'wx');
  } catch (error: unknown) {
    throw ioProblem(`cannot write ${path}`, error);
  }
  let count = 0;
  const what = `reading collector ${collector}`;
  try {
    const events = client.collectors.read(collector, {
      resumeOffset: 'earliest',
      endBehaviour: 'stop',
      signal,
    });
    await calling(what, async () => {
      for await (const batch of batches(events)) {
        const lines: string[] = [];
        for (const event of batch) {
          if (event.kind === 'result') lines.push(`${JSON.stringify(event.result)}\n`);
          else if (event.kind === 'error' && event.fatal) throw apiFailure(what, event.error);
        }
        writeAll(fd, lines.join(''), path);
        count += lines.length;
      }
    });
    closeSync(fd);
    fd = -1;
    if (signal.aborted) return count;
    try {
      if (force) renameSync(temporary, path);
      // A link fails if the file appeared meanwhile: never replaced without --force.
      else linkSync(temporary, path);
    } catch (error: unknown) {
      throw ioProblem(`cannot write ${path}`, error);
    }
    return count;
  } finally {
    if (fd !== -1) closeSync(fd);
    // Renamed, linked or left over: the temporary name goes in any case.
    rmSync(temporary, { force: true });
  }
}
