// The resume file of `mmq tail --collector C --resume-file F` (spec/cli.md): where the last run
// stopped, as the client's ResumePoint (the last offset and the results written since it) with
// the collector it belongs to. It is replaced atomically (a temporary file renamed over it), so a
// reader finds the old point or the new one, never half of one.
//
// With --out, the point also holds the size the output file had once the batch before it was
// written: a run killed between writing a batch and renaming its point leaves the file longer than
// that, and the next run cuts it back before it writes the batch again (see cutBackOutput), so
// that the file holds every result exactly once. stdout cannot be cut back: there the one window
// of tailOutput.ts remains.
import { readFileSync, renameSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ResumePoint } from '../../core/api/client/resumePoint';
import { temporaryBeside } from '../../core/files/temporaryName';
import { describeIoError, errorCode, UsageError } from '../errors';
import { redactOutput } from '../redaction';

/** The --out file and its size in bytes once the results before the point were written. */
const OutputPosition = z.object({ path: z.string().min(1), size: z.number().int().nonnegative() });
export type OutputPosition = z.infer<typeof OutputPosition>;

export const ResumeFile = ResumePoint.extend({
  collector: z.string().min(1),
  out: OutputPosition.optional(),
});
export type ResumeFile = z.infer<typeof ResumeFile>;

/** What a resume file says: where to go on, and where the output file ended then. */
export interface ResumeState {
  readonly point: ResumePoint;
  readonly out?: OutputPosition;
}

/**
 * The point kept in `path` for `collector`; undefined when there is no file yet (a first run).
 * Anything else that is wrong with it is a usage problem naming the file and the place.
 */
export function readResumeFile(path: string, collector: string): ResumeState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error: unknown) {
    const code = errorCode(error);
    if (code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read the resume file ${path}: ${describeIoError(code ?? String(error))}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error: unknown) {
    throw new UsageError(
      `the resume file ${path} is not JSON (${error instanceof Error ? error.message : String(error)}): ` +
        'give another file, or delete it to start from --from',
    );
  }
  const parsed = ResumeFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the file';
    throw new UsageError(
      `the resume file ${path} is not a resume point: ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  if (parsed.data.collector !== collector)
    throw new UsageError(
      `the resume file ${path} belongs to collector ${parsed.data.collector}, not ${collector}`,
    );
  const { offset, delivered, out } = parsed.data;
  return { point: { offset, delivered }, ...(out ? { out } : {}) };
}

/**
 * Cuts the --out file `path` back to the size the resume state recorded for it, when a killed
 * run wrote a batch after it (the results the point will deliver again). Answers the bytes cut.
 * A file of another name, or shorter than recorded (moved, rotated or emptied since), is left
 * as it is: it is not the file the point speaks of.
 */
export function cutBackOutput(path: string, state: ResumeState | undefined): number {
  if (!state?.out || resolve(path) !== state.out.path) return 0;
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return 0;
  }
  if (size <= state.out.size) return 0;
  try {
    truncateSync(path, state.out.size);
  } catch (error: unknown) {
    throw new UsageError(
      `cannot cut --out ${path} back to where the resume file says the last run stopped: ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
  return size - state.out.size;
}

/**
 * Replaces a resume file in two steps, so that a caller can put its own write between them:
 * `prepare` writes the temporary file, `commit` renames it over the file (one system call).
 * The temporary name is this writer's own (core/files/temporaryName.ts); one left by a killed
 * run is removed by the next run that takes the lock (resumeLock.ts).
 */
export class ResumeFileWriter {
  private readonly temporary: string;

  constructor(
    private readonly path: string,
    private readonly collector: string,
  ) {
    this.temporary = temporaryBeside(path);
  }

  /** `out`: the --out file and its size once the batch before `point` is written. */
  prepare(point: ResumePoint, out?: OutputPosition): void {
    const kept: ResumeFile = { collector: this.collector, ...point, ...(out ? { out } : {}) };
    // The offset is the service's: masked as every text mmq writes.
    const text = redactOutput(`${JSON.stringify(kept)}\n`);
    this.guard(() => writeFileSync(this.temporary, text, 'utf8'));
  }

  commit(): void {
    this.guard(() => renameSync(this.temporary, this.path));
  }

  private guard(action: () => void): void {
    try {
      action();
    } catch (error: unknown) {
      throw new UsageError(
        `cannot write the resume file ${this.path}: ${describeIoError(errorCode(error) ?? String(error))}`,
      );
    }
  }
}
