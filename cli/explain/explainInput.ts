// What `mmq explain` explains: the rules chosen (all, or --rule ID), whether the file lets them be
// counted (its errors, reported as `mmq lint` reports them), and where they are counted (global
// data, or the project of --project or the file's `// @project`).
import type { CountTarget } from '../../core/lab/countSource';
import { GLOBAL_DAYS } from '../../core/api/histogramRules';
import type { Rule } from '../../core/query/ast';
import { lintInput, textReport } from '../commands/lint';
import { UsageError } from '../errors';
import type { Input } from '../io';

export function selectedRules(
  input: Input,
  rules: readonly Rule[],
  id: string | undefined,
): Rule[] {
  if (id === undefined) return [...rules];
  const rule = rules.find((candidate) => candidate.id === id);
  if (!rule)
    throw new UsageError(
      `no rule \`${id}\` in ${input.name} (its rules: ${rules.map((each) => each.id).join(', ')})`,
    );
  return [rule];
}

/** The file's errors that concern what is explained: its own, and those of the rules chosen. */
export function errorsIn(input: Input, chosen: readonly Rule[]): string | null {
  const ids = new Set(chosen.map((rule) => rule.id));
  const errors = lintInput(input).filter(
    (record) => record.severity === 'error' && (record.rule === null || ids.has(record.rule)),
  );
  return errors.length === 0 ? null : textReport(errors, 1);
}

export function targetOf(
  flags: { readonly project?: string; readonly days: number },
  projectAnnotation: string | undefined,
): CountTarget {
  const project = flags.project ?? projectAnnotation;
  if (project === undefined && flags.days > GLOBAL_DAYS)
    throw new UsageError(
      `--days ${flags.days}: global data is kept ${GLOBAL_DAYS} days; give at most ${GLOBAL_DAYS}, or a project (--project, // @project)`,
    );
  return project === undefined ? {} : { project };
}
