// A rule explained from its counts: what each operand matches and what only it matches (the rule
// without it loses those), what each exclusion removes, and the flags these numbers raise.
// Pure arithmetic over the counts of its count plan (countPlan.ts), whoever counted them.
import type { CountPlan } from './countPlan';
import { dominantOperand, isDeadExclusion, isRedundantOperand, type LabFlagCode } from './labFlags';
import type { RuleParts, RulePart } from './ruleParts';

export interface OperandRow {
  readonly part: RulePart;
  /** Documents the operand matches within the rule (with its required parts and exclusions). */
  readonly count: number;
  /** Documents the rule matches only through this operand (= total − the rule without it). */
  readonly only: number;
  readonly flags: readonly LabFlagCode[];
}

export interface ExclusionRow {
  readonly part: RulePart;
  /** Documents it removes (= the rule without it − total). */
  readonly removed: number;
  readonly flags: readonly LabFlagCode[];
}

export interface RuleExplanation {
  readonly total: number;
  readonly operands: readonly OperandRow[];
  readonly required: readonly RulePart[];
  readonly exclusions: readonly ExclusionRow[];
}

/** The counts of a plan's queries, by query text, as counted. */
export type CountOf = (query: string) => number;

/** A reader of counts that says which query is missing: a plan counted only in part is a bug. */
export function countsFrom(counts: ReadonlyMap<string, number>): CountOf {
  return (query) => {
    const count = counts.get(query);
    if (count === undefined) throw new Error(`no count for the query \`${query}\``);
    return count;
  };
}

export function explainRule(parts: RuleParts, plan: CountPlan, countOf: CountOf): RuleExplanation {
  const total = countOf(plan.total);
  const counts = plan.operands.map(({ alone }) => countOf(alone));
  const dominant = dominantOperand(counts, total);
  const operands = parts.operands.map((part, index): OperandRow => {
    const { only: onlyQuery = null, without: rest = null } = plan.operands[index] ?? {};
    const only =
      onlyQuery !== null ? countOf(onlyQuery) : rest !== null ? total - countOf(rest) : total;
    const flags: LabFlagCode[] = [];
    if (isRedundantOperand(only, parts.operands.length)) flags.push('redundant-operand');
    if (index === dominant) flags.push('dominant-operand');
    return { part, count: counts[index] as number, only, flags };
  });
  const exclusions = parts.exclusions.map((part, index): ExclusionRow => {
    const query = plan.exclusions[index];
    const removed =
      query?.removed !== undefined
        ? countOf(query.removed)
        : query?.without !== undefined
          ? countOf(query.without) - total
          : 0;
    return { part, removed, flags: isDeadExclusion(removed) ? ['dead-exclusion'] : [] };
  });
  return { total, operands, required: parts.required, exclusions };
}
