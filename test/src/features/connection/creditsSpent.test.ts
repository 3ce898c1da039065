// The status bar's credits after a spending call, before the service is asked again.
import assert from 'node:assert/strict';
import type { CreditInfo } from '../../../../core/api/schemas/tasks';
import { afterSpending, freshestCredits } from '../../../../src/features/connection/creditsSpent';

const CREDITS: CreditInfo = {
  used_credits_monthly: 100,
  used_credits_onetime: 0,
  remaining_credits_monthly: 25,
  remaining_credits_onetime: 50,
  estimate_credits_used_until_end_of_billing_period: 0,
  monthly_total: 125,
  next_billing_period: 0,
};

describe('credits after a spending call', () => {
  it('takes what a call spent from the monthly credits', () => {
    const after = afterSpending(CREDITS, 10);
    assert.equal(after.remaining_credits_monthly, 15);
    assert.equal(after.used_credits_monthly, 110);
    assert.equal(after.remaining_credits_onetime, 50);
  });

  it('then from the one-time credits, and never below zero', () => {
    const after = afterSpending(CREDITS, 40);
    assert.equal(after.remaining_credits_monthly, 0);
    assert.equal(after.remaining_credits_onetime, 35);
    const spentOut = afterSpending(CREDITS, 1_000);
    assert.equal(spentOut.remaining_credits_monthly, 0);
    assert.equal(spentOut.remaining_credits_onetime, 0);
  });

  it('a fetch answered after calls spent more does not raise the credits shown (99,629 → 99,712)', () => {
    const shown = afterSpending(CREDITS, 10); // 65 left: the display took the call off at once
    const stale = { ...CREDITS }; // read at the service before that call spent: 75 left
    assert.equal(freshestCredits(shown, stale, true), shown);
    // Nothing spent during the fetch: the service's answer stands, up or down.
    assert.equal(freshestCredits(shown, stale, false), stale);
    // A fetch that says less than the display is taken (what the display did not see).
    const lower = afterSpending(CREDITS, 30);
    assert.equal(freshestCredits(shown, lower, true), lower);
    // A new billing period: the credits were renewed, the answer stands.
    const renewed = { ...CREDITS, next_billing_period: 1 };
    assert.equal(freshestCredits(shown, renewed, true), renewed);
  });
});
