// Where a tail's results go: stdout (or --out's file), a batch at a time, and after each batch the
// resume file.
//
// The order makes "exactly once" survive a kill (docs/decisions.md): the new point is written to
// a temporary file first, then the batch to stdout in one write, then the temporary file is
// renamed over the resume file, with no `await` in between. A kill before the write leaves the
// old point and nothing written (the next run writes the batch); after the rename, both. Only a
// kill between the end of the write and the rename, a window of one system call, repeats that
// batch in the next run: on stdout, where nothing can take it back; an --out file is cut back to
// the size recorded with the point (resumeFile.ts), so that it holds every result exactly once.
import { fstatSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReadEvent } from '../../core/api/client/streamReader';
import type { ResumeMark, ResumePoint } from '../../core/api/client/resumePoint';
import type { ApiError } from '../../core/api/client/errors';
import { writeAll } from '../syncWrite';
import type { ResumeFileWriter } from './resumeFile';
import { resultLine } from '../../core/streams/resultLine';
import { jsonLine } from '../terminal';

export type TailFormat = 'ndjson' | 'text';

export class TailOutput {
  /** Results written so far. */
  written = 0;

  constructor(
    private readonly format: TailFormat,
    private readonly resume: ResumeFileWriter | undefined,
    /** Told of control and reconnect events, for progress on stderr. */
    private readonly notify: (event: ReadEvent) => void,
    /** Where the results go: stdout, or the file of --out. */
    private readonly out: { readonly fd: number; readonly name: string; readonly path?: string } = {
      fd: 1,
      name: 'standard output',
    },
  ) {}

  /** Where the --out file will end once `text` is appended to it; undefined on stdout. */
  private positionAfter(text: string): { path: string; size: number } | undefined {
    if (this.out.path === undefined) return undefined;
    return {
      path: resolve(this.out.path),
      size: fstatSync(this.out.fd).size + Buffer.byteLength(text, 'utf8'),
    };
  }

  /**
   * Records where a first run starts (no resume file yet), before anything is written: with
   * --out, the file's size then, so that a kill during the first batch is cut back too (the
   * results of that batch come again from the same start).
   */
  begin(point: ResumePoint): void {
    if (!this.resume) return;
    this.resume.prepare(point, this.positionAfter(''));
    this.resume.commit();
  }

  /** Writes a batch of events; returns the fatal error among them, after what came before it. */
  write(events: readonly ReadEvent[]): ApiError | undefined {
    const lines: string[] = [];
    let mark: ResumeMark | undefined;
    let fatal: ApiError | undefined;
    for (const event of events) {
      if (event.kind === 'result') {
        lines.push(
          this.format === 'ndjson' ? jsonLine(event.result) : `${resultLine(event.result)}\n`,
        );
        mark = event.mark ?? mark;
      } else if (event.kind === 'control') {
        mark = event.mark ?? mark;
        this.notify(event);
      } else if (event.kind === 'reconnect') this.notify(event);
      else if (event.fatal) {
        fatal = event.error;
        break;
      }
    }
    const point = this.resume && mark ? mark.point() : undefined;
    const text = lines.join('');
    if (point) this.resume?.prepare(point, this.positionAfter(text));
    // One write for the batch, then at once the rename: nothing between them may await.
    if (lines.length > 0) writeAll(this.out.fd, text, this.out.name);
    if (point) this.resume?.commit();
    this.written += lines.length;
    return fatal;
  }
}
