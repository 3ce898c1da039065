// The resume file of `mmq tail --collector C --resume-file F` (spec/cli.md): where the last run
// stopped, as the client's ResumePoint (the last offset and the results written since it) with
// the collector it belongs to. It is replaced atomically (a temporary file renamed over it), so a
// reader finds the old point or the new one, never half of one.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { ResumePoint } from '../../core/api/client/resumePoint';
import { temporaryBeside } from '../../core/files/temporaryName';
import { describeIoError, errorCode, UsageError } from '../errors';
import { redactOutput } from '../redaction';

export const ResumeFile = ResumePoint.extend({ collector: z.string().min(1) });
export type ResumeFile = z.infer<typeof ResumeFile>;

/**
 * The point kept in `path` for `collector`; undefined when there is no file yet (a first run).
 * Anything else that is wrong with it is a usage problem naming the file and the place.
 */
export function readResumeFile(path: string, collector: string): ResumePoint | undefined {
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
  return { offset: parsed.data.offset, delivered: parsed.data.delivered };
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

  prepare(point: ResumePoint): void {
    const kept: ResumeFile = { collector: this.collector, ...point };
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
