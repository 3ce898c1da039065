// Whether a call that spends credits runs at once, shows its cost, or asks first. No VS Code
// here: the command runner asks the question; this decides whether to.
import { counted } from '../../../core/plural';
import type { CreditEstimate } from '../../../core/api/client/estimate';

export interface CreditSituation {
  readonly estimate: CreditEstimate;
  /** Against the embedded sandbox: its credits are not real, so the cost is shown, not asked. */
  readonly sandbox: boolean;
  /** `mediaMonitoring.confirmCreditsAbove`: calls that may cost more than this ask. */
  readonly threshold: number;
  /** The user said "don't ask again" for this kind of call. */
  readonly dontAsk: boolean;
}

export type CreditDecision = 'free' | 'show' | 'ask';

export function creditDecision(situation: CreditSituation): CreditDecision {
  const { estimate } = situation;
  if (estimate.atMost === 0) return 'free';
  if (situation.sandbox || situation.dontAsk) return 'show';
  // Unbounded (an open stream) always asks, whatever the threshold.
  if (estimate.atMost !== undefined && estimate.atMost <= situation.threshold) return 'show';
  return 'ask';
}

/** "10 credits", "10 to 510 credits", "up to 1,000,000 credits", "1 credit per result". */
export function costLabel(estimate: CreditEstimate): string | undefined {
  const count = (n: number) => counted(n, 'credit');
  if (estimate.atMost === 0) return undefined;
  if (estimate.atMost === undefined) return `${count(estimate.fixed)} and more: ${estimate.note}`;
  if (estimate.fixed === estimate.atMost) return count(estimate.atMost);
  if (estimate.fixed === 0) return `up to ${count(estimate.atMost)}`;
  return `${estimate.fixed.toLocaleString('en')} to ${count(estimate.atMost)}`;
}
