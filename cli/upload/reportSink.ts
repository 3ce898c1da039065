// Where `mmq upload` writes its report (NDJSON, one line per document, spec/cli.md): the file of
// --report, or stdout. Lines are written as each batch ends, so a report interrupted by a kill
// still says what happened to the documents before.
import { closeSync, openSync } from 'node:fs';
import type { ReportLine } from '../../core/uploads/report';
import { describeIoError, errorCode, UsageError } from '../errors';
import { writeAll } from '../syncWrite';
import { jsonLine } from '../terminal';

export interface ReportSink {
  write(lines: readonly ReportLine[]): void;
  close(): void;
}

export function openReport(path: string | undefined): ReportSink {
  if (path === undefined)
    return {
      write: (lines) => writeAll(1, lines.map((line) => jsonLine(line)).join('')),
      close: () => undefined,
    };
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error: unknown) {
    throw new UsageError(
      `cannot write ${path}: ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
  return {
    write: (lines) => writeAll(fd, lines.map((line) => jsonLine(line)).join(''), path),
    close: () => closeSync(fd),
  };
}
