// When the lab counts on its own: against the embedded sandbox counts are free, so they run
// unless turned off; against a service each is a histogram call of the user's credits, so they
// run only when asked for (`always`) and within the lab's budget. Otherwise a click counts once.
import type { LabBudget } from './labBudget';

/** `off`: only on a click; `sandbox`: on their own against the sandbox; `always`: also against a service. */
export type CountsMode = 'off' | 'sandbox' | 'always';

export type CountPolicy =
  /** Counted on its own. */
  | 'count'
  /** Counted when the hint is clicked (the cost confirmed first against a service). */
  | 'click'
  /** The lab's budget is spent: only a click counts. */
  | 'budgetSpent';

export function countPolicy(
  mode: CountsMode,
  service: boolean,
  budget: Pick<LabBudget, 'allows'>,
  credits: number,
): CountPolicy {
  if (!service) return mode === 'off' ? 'click' : 'count';
  if (mode !== 'always') return 'click';
  return budget.allows(credits) ? 'count' : 'budgetSpent';
}
