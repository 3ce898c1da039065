// The count queries that explain a rule, listed before any is made, so that the number of calls
// and their cost can be said (and confirmed, or refused) first. For a rule of n operands and m
// exclusions: the rule itself, each operand with the rule's other parts, the rule without each
// operand, the rule without each exclusion; the same query is counted once.
import type { RuleParts, RulePart } from './ruleParts';

export interface OperandQueries {
  /** The operand with the rule's required parts and exclusions: what it brings to the rule. */
  readonly alone: string;
  /** The rule without the operand; null when it is the only one (nothing is left to match). */
  readonly without: string | null;
}

export interface CountPlan {
  readonly total: string;
  readonly operands: readonly OperandQueries[];
  /** The rule without each exclusion. */
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

function without<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, other) => other !== index);
}

export function countPlanOf(parts: RuleParts): CountPlan {
  const { operands, required, exclusions } = parts;
  const total = composeRule(operands, required, exclusions) as string;
  const operandQueries = operands.map((operand, index) => ({
    alone: composeRule([operand], required, exclusions) as string,
    without: composeRule(without(operands, index), required, exclusions),
  }));
  const exclusionQueries = exclusions.map(
    (_, index) => composeRule(operands, required, without(exclusions, index)) as string,
  );
  const queries = new Set<string>([total]);
  for (const { alone } of operandQueries) queries.add(alone);
  for (const { without: rest } of operandQueries) if (rest !== null) queries.add(rest);
  for (const query of exclusionQueries) queries.add(query);
  return { total, operands: operandQueries, exclusions: exclusionQueries, queries: [...queries] };
}
