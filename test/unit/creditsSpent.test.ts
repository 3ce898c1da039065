// The status bar's credits after a spending call, before the service is asked again.
import assert from 'node:assert/strict';
import type { CreditInfo } from '../../core/api/schemas/tasks';
import { afterSpending } from '../../src/model/creditsSpent';

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
});
