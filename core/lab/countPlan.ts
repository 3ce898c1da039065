// The count queries that explain a rule, listed before any is made, so that the number of calls
// and their cost can be said (and confirmed, or refused) first. For a rule of n operands and m
// exclusions: the rule itself, each operand with the rule's other parts, what only each operand
// brings, what each exclusion removes; the same query is counted once.
//
// "Only" and "removed" are each one query (`rule AND NOT (rule without it)`, `(rule without it)
// AND NOT rule`), not the difference of two counts: documents keep arriving at a live service
// (and the sandbox), with published times inside the window, between one count and the next, so
// a difference of counts drifts (a dead exclusion read −1); one query is counted at one moment.
import type { RuleParts, RulePart } from './ruleParts';

export interface OperandQueries {
  /** The operand with the rule's required parts and exclusions: what it brings to the rule. */
  readonly alone: string;
  /**
   * The documents only it brings: the rule AND NOT the rule without it; null when it is the
   * only operand (the rule without it matches nothing, so it brings all of the rule's).
   */
  readonly only: string | null;
}

export interface CountPlan {
  readonly total: string;
  readonly operands: readonly OperandQueries[];
  /** The documents each exclusion removes: the rule without it AND NOT the rule. */
  readonly exclusions: readonly string[];
  /** Every query to count, each once, in the order they are best asked. */
  readonly queries: readonly string[];
}

/**
 * The rule made of these parts: the OR list (in parentheses when ANDed with anything), then the
 * required parts, then the exclusions. Null with no operand: an empty OR list matches nothing.
 */
export function composeRule(
  operands: readonly RulePart[],
  required: readonly RulePart[],
  exclusions: readonly RulePart[],
): string | null {
  if (operands.length === 0) return null;
  const rest = [...required, ...exclusions].map((part) => part.text);
  const list = operands.map((part) => part.text).join(' OR ');
  return [operands.length > 1 && rest.length > 0 ? `(${list})` : list, ...rest].join(' AND ');
}

/** The documents of `kept` that `lost` lacks: what an edit from `kept` to `lost` loses. */
export function lostQuery(kept: string, lost: string): string {
  return `(${kept}) AND NOT (${lost})`;
}

function without<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, other) => other !== index);
}

export function countPlanOf(parts: RuleParts): CountPlan {
  const { operands, required, exclusions } = parts;
  const total = composeRule(operands, required, exclusions) as string;
  const operandQueries = operands.map((operand, index) => {
    const rest = composeRule(without(operands, index), required, exclusions);
    return {
      alone: composeRule([operand], required, exclusions) as string,
      only: rest === null ? null : lostQuery(total, rest),
    };
  });
  const exclusionQueries = exclusions.map((_, index) =>
    lostQuery(composeRule(operands, required, without(exclusions, index)) as string, total),
  );
  const queries = new Set<string>([total]);
  for (const { alone } of operandQueries) queries.add(alone);
  for (const { only } of operandQueries) if (only !== null) queries.add(only);
  for (const query of exclusionQueries) queries.add(query);
  return { total, operands: operandQueries, exclusions: exclusionQueries, queries: [...queries] };
}
