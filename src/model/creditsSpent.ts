// The credits display after a call spent credits, before the service is asked again: the call's
// answer says what it cost, so the status bar moves at once instead of a minute later (the
// credits endpoint is rate limited, so it is not asked after every call).
import type { CreditInfo } from '../../core/api/schemas/tasks';

/** `credits` less what a call spent: monthly credits first, then one-time ones. */
export function afterSpending(credits: CreditInfo, amount: number): CreditInfo {
  const spent = Math.max(0, amount);
  const fromMonthly = Math.min(spent, credits.remaining_credits_monthly);
  const onetime = credits.remaining_credits_onetime ?? 0;
  const fromOnetime = Math.min(spent - fromMonthly, onetime);
  return {
    ...credits,
    used_credits_monthly: (credits.used_credits_monthly ?? 0) + fromMonthly,
    remaining_credits_monthly: credits.remaining_credits_monthly - fromMonthly,
    used_credits_onetime: (credits.used_credits_onetime ?? 0) + fromOnetime,
    remaining_credits_onetime: onetime - fromOnetime,
  };
}
