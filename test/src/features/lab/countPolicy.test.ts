// When the lab counts on its own, when only a click counts, and when its budget stops it.
import assert from 'node:assert/strict';
import { countPolicy } from '../../../../src/features/lab/countPolicy';
import { LabBudget } from '../../../../src/features/lab/labBudget';

describe('the lab count policy', () => {
  const room = new LabBudget(200);

  it('counts against the sandbox unless counts are off', () => {
    assert.equal(countPolicy('sandbox', false, room, 10), 'count');
    assert.equal(countPolicy('always', false, room, 10), 'count');
    assert.equal(countPolicy('off', false, room, 10), 'click');
  });

  it('against a service counts on its own only with `always`', () => {
    assert.equal(countPolicy('off', true, room, 10), 'click');
    assert.equal(countPolicy('sandbox', true, room, 10), 'click');
    assert.equal(countPolicy('always', true, room, 10), 'count');
  });

  it('stops at the budget against a service, never against the sandbox', () => {
    const budget = new LabBudget(25);
    budget.spend(10);
    assert.equal(countPolicy('always', true, budget, 10), 'count');
    budget.spend(10);
    assert.equal(countPolicy('always', true, budget, 10), 'budgetSpent');
    assert.equal(countPolicy('sandbox', false, budget, 10), 'count');
  });
});

describe('the lab budget', () => {
  it('allows calls up to the budget exactly', () => {
    const budget = new LabBudget(20);
    assert.ok(budget.allows(20));
    budget.spend(10);
    budget.spend(10);
    assert.equal(budget.spent, 20);
    assert.ok(budget.exhausted(10));
  });

  it('keeps what was spent when the budget changes', () => {
    const budget = new LabBudget(20);
    budget.spend(20);
    budget.setLimit(100);
    assert.equal(budget.spent, 20);
    assert.ok(budget.allows(80));
    assert.ok(!budget.allows(90));
    budget.setLimit(-5);
    assert.equal(budget.budget, 0);
  });
});
