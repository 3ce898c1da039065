// The credit ledger (api.md "Credits"): monthly credits that reset on the subscription day at
// 03:00 UTC of the virtual clock. The sandbox's subscription day is the 1st of the month.
import { creditsOfAnswer, type CostRule } from '../core/api/operations';
import type { CreditInfo } from '../core/api/schemas/tasks';
import { ApiFailure } from './http/failure';

/** The next reset after `now`: the 1st of a month, 03:00 UTC. */
export function nextBillingPeriod(now: number): number {
  const date = new Date(now);
  const thisMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1, 3);
  return now < thisMonth
    ? thisMonth
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1, 3);
}

function previousBillingPeriod(next: number): number {
  const date = new Date(next);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1, 3);
}

/**
 * Who charged: a `call` (a histogram, a search, a stream delivery) or a `state` change that a
 * persisted sandbox replays anyway (a collector buffering a live document, an export task's
 * progress). Only calls are journaled as charges; the rest follow from the replay.
 */
export type ChargeSource = 'call' | 'state';

export class CreditLedger {
  private used = 0;
  private periodEnd: number;
  /** Told of every charge by a call, for the persistence journal. */
  onCallCharge: ((amount: number) => void) | undefined;

  constructor(
    private readonly monthlyTotal: number,
    private readonly now: () => number,
  ) {
    this.periodEnd = nextBillingPeriod(now());
  }

  private roll(): void {
    const now = this.now();
    if (now >= this.periodEnd) {
      this.used = 0;
      this.periodEnd = nextBillingPeriod(now);
    }
  }

  remaining(): number {
    this.roll();
    return Math.max(0, this.monthlyTotal - this.used);
  }

  /** Charges a call's fixed cost, all or nothing: no credits left is HTTP 401 / code 9. */
  charge(amount: number): void {
    if (this.remaining() < amount) {
      throw new ApiFailure(
        'noCredits',
        `No credits left: this call costs ${amount} and ${this.remaining()} remain until the monthly reset`,
      );
    }
    this.spend(amount, 'call');
  }

  /** Charges what an answered call costs by its operation's rule (contract.ts). */
  chargeFor(cost: CostRule, results = 0): void {
    this.charge(creditsOfAnswer(cost, results));
  }

  /** Charges up to `amount` per-result credits; returns how many were paid for. */
  chargeUpTo(amount: number, source: ChargeSource): number {
    const paid = Math.min(amount, this.remaining());
    this.spend(paid, source);
    return paid;
  }

  /** Re-applies a journaled charge while a persisted sandbox restores itself. */
  restoreCharge(amount: number): void {
    this.roll();
    this.used += amount;
  }

  private spend(amount: number, source: ChargeSource): void {
    if (amount <= 0) return;
    this.used += amount;
    if (source === 'call') this.onCallCharge?.(amount);
  }

  info(): CreditInfo {
    this.roll();
    const now = this.now();
    const start = previousBillingPeriod(this.periodEnd);
    const elapsed = Math.max(1, now - start);
    const estimate = Math.round((this.used / elapsed) * (this.periodEnd - start));
    return {
      used_credits_monthly: this.used,
      used_credits_onetime: 0,
      remaining_credits_monthly: this.remaining(),
      remaining_credits_onetime: 0,
      estimate_credits_used_until_end_of_billing_period: estimate,
      monthly_total: this.monthlyTotal,
      next_billing_period: this.periodEnd,
      // The service's published answers carry these too; the sandbox processes nothing apart.
      remaining_allowance_processing: 0,
      used_credits_processing: 0,
    };
  }

  reset(): void {
    this.used = 0;
    this.periodEnd = nextBillingPeriod(this.now());
  }
}
