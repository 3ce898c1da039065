// Where `mmq upload` writes its report (NDJSON, one line per document, spec/cli.md): the file of
// --report, or stdout. A file is a journal while the upload runs: before each batch is sent, a
// `sending` line per document of it, synced to the disk; after it, the batch's outcome lines. So
// a kill at any moment leaves every document sent `unknown` (or its outcome), never absent, and
// a retry sends it again. At the end the file is rewritten with one line per document
// (core/uploads/compactReport.ts). Stdout gets the outcome lines only: it cannot be rewritten.
import { closeSync, fstatSync, fsyncSync, openSync } from 'node:fs';
import { compactReport } from '../../core/uploads/compactReport';
import type { ReportLine } from '../../core/uploads/report';
import { describeIoError, errorCode, UsageError } from '../errors';
import { writeAll } from '../syncWrite';
import { jsonLine } from '../terminal';

export interface ReportSink {
  /** The `sending` lines of a batch about to be sent. */
  record(lines: readonly ReportLine[]): void;
  write(lines: readonly ReportLine[]): void;
  /** Closes the report; a file that holds `sending` lines is rewritten without them. */
  close(): Promise<void>;
}

/** Lines as JSON, C1 controls escaped (terminal.ts): a report may be read in a terminal. */
const textOf = (lines: readonly ReportLine[]) => lines.map((line) => jsonLine(line)).join('');

const ioProblem = (path: string, error: unknown) =>
  new UsageError(`cannot write ${path}: ${describeIoError(errorCode(error) ?? String(error))}`);

/** Opens the report (its path checked by the caller: never an input, see checkOutput). */
export function openReport(path: string | undefined): ReportSink {
  if (path === undefined)
    return {
      record: () => undefined,
      write: (lines) => writeAll(1, textOf(lines)),
      close: () => Promise.resolve(),
    };
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error: unknown) {
    throw ioProblem(path, error);
  }
  // A pipe or a device (`--report /dev/stdout`) cannot be rewritten: it gets outcomes only.
  const journal = fstatSync(fd).isFile();
  let recorded = false;
  const writeSynced = (lines: readonly ReportLine[]) => {
    writeAll(fd, textOf(lines), path);
    try {
      fsyncSync(fd);
    } catch (error: unknown) {
      throw ioProblem(path, error);
    }
  };
  return {
    record: (lines) => {
      if (!journal) return;
      recorded = true;
      writeSynced(lines);
    },
    write: (lines) => (journal ? writeSynced(lines) : writeAll(fd, textOf(lines), path)),
    close: async () => {
      closeSync(fd);
      if (!recorded) return;
      try {
        await compactReport(path);
      } catch (error: unknown) {
        throw new UsageError(
          `cannot rewrite ${path} with one line per document (${describeIoError(errorCode(error) ?? String(error))}): it is left as the upload's journal, which --retry reads as well`,
        );
      }
    },
  };
}
