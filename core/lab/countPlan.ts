// The count queries that explain a rule, listed before any is made, so that the number of calls
// and their cost can be said (and confirmed, or refused) first. For a rule of n operands and m
// exclusions: the rule itself, each operand with the rule's other parts, what only each operand
// brings, what each exclusion removes; the same query is counted once.
//
// "Only" and "removed" are each one query (`rule AND NOT (rule without it)`, `(rule without it)
// AND NOT rule`), not the difference of two counts: documents keep arriving at a live service
// (and the sandbox), with published times inside the window, between one count and the next, so
// a difference of counts drifts (a dead exclusion read −1); one query is counted at one moment.
// Such a query holds the rule's operands about twice: past the service's 50 operands it would
// be refused, so for a large rule the plan falls back to the count of the rule without the part,
// and the explanation to the difference.
import { OPERAND_LIMIT } from '../query/diagnostic';
import { countOperands } from '../query/operands';
import type { RuleParts, RulePart } from './ruleParts';

export interface OperandQueries {
  /** The operand with the rule's required parts and exclusions: what it brings to the rule. */
  readonly alone: string;
  /**
   * The documents only it brings: the rule AND NOT the rule without it; null when it is the
   * only operand (it brings all of the rule's), or when that query would hold too many operands.
   */
  readonly only: string | null;
  /** Then: the rule without it, whose count the total less is what only it brings. */
  readonly without: string | null;
}

/** What an exclusion removes: one query, or (a large rule) the rule without it less the total. */
export type ExclusionQuery =
  | { readonly removed: string; readonly without?: undefined }
  | { readonly removed?: undefined; readonly without: string };

export interface CountPlan {
  readonly total: string;
  readonly operands: readonly OperandQueries[];
  /** The documents each exclusion removes. */
  readonly exclusions: readonly ExclusionQuery[];
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

/** How many operands parts hold, as the service counts them. */
function operandsIn(parts: readonly RulePart[]): number {
  return parts.reduce(
    (sum, part) => sum + part.nodes.reduce((count, node) => count + countOperands(node), 0),
    0,
  );
}

export function countPlanOf(parts: RuleParts): CountPlan {
  const { operands, required, exclusions } = parts;
  const total = composeRule(operands, required, exclusions) as string;
  const all = operandsIn([...operands, ...required, ...exclusions]);
  // One query of the rule and the rule less a part holds 2 × all − the part's operands.
  const fits = (part: RulePart) => 2 * all - operandsIn([part]) <= OPERAND_LIMIT;
  const operandQueries = operands.map((operand, index): OperandQueries => {
    const rest = composeRule(without(operands, index), required, exclusions);
    const alone = composeRule([operand], required, exclusions) as string;
    if (rest === null) return { alone, only: null, without: null };
    return fits(operand)
      ? { alone, only: lostQuery(total, rest), without: null }
      : { alone, only: null, without: rest };
  });
  const exclusionQueries = exclusions.map((exclusion, index): ExclusionQuery => {
    const rest = composeRule(operands, required, without(exclusions, index)) as string;
    return fits(exclusion) ? { removed: lostQuery(rest, total) } : { without: rest };
  });
  const queries = new Set<string>([total]);
  for (const { alone } of operandQueries) queries.add(alone);
  for (const { only, without: rest } of operandQueries) {
    if (only !== null) queries.add(only);
    if (rest !== null) queries.add(rest);
  }
  for (const query of exclusionQueries) queries.add(query.removed ?? query.without);
  return { total, operands: operandQueries, exclusions: exclusionQueries, queries: [...queries] };
}
