// The credits display after a call spent credits, before the service is asked again: the call's
// answer says what it cost, so the status bar moves at once instead of a minute later (the
// credits endpoint is rate limited, so it is not asked after every call).
import type { CreditInfo } from '../../../core/api/schemas/tasks';

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

const remaining = (credits: CreditInfo) =>
  credits.remaining_credits_monthly + (credits.remaining_credits_onetime ?? 0);

/**
 * What to show once a fetch of the credits answers. Credits only go down within a billing
 * period, and the answer was read at the service when the fetch was made: calls that spent
 * credits since (their answers came while the fetch was under way, and the display took them
 * off already) may be missing from it. So when something was spent during the fetch, the answer
 * replaces the display only if it shows no more left than the display does; a new billing
 * period (or nothing shown yet) takes the answer as it is.
 */
export function freshestCredits(
  shown: CreditInfo | undefined,
  fetched: CreditInfo,
  spentDuringFetch: boolean,
): CreditInfo {
  if (!shown || !spentDuringFetch) return fetched;
  if (shown.next_billing_period !== fetched.next_billing_period) return fetched;
  return remaining(fetched) <= remaining(shown) ? fetched : shown;
}
