// What a rule's header line and hover say of its count.
import assert from 'node:assert/strict';
import {
  countLabel,
  dayLines,
  exclusionLabel,
  operandLabel,
  sparkline,
} from '../../../../src/features/lab/countText';

const DAY = 86_400_000;
const days = (...counts: number[]) =>
  counts.map((count, index) => ({ start: Date.UTC(2026, 10, 21) + index * DAY, count }));

describe('the lab count text', () => {
  it('writes the count with thousands separators and the window', () => {
    assert.equal(countLabel(1204, 7), '1,204 in 7 d');
    assert.equal(countLabel(0, 30), '0 in 30 d');
  });

  it('draws one block a day, the busiest day full', () => {
    assert.equal(sparkline(days(0, 1, 2, 4, 8)), '▁▂▃▅█');
    assert.equal(sparkline(days(5, 5)), '██');
  });

  it('keeps an empty window flat, one block a day', () => {
    assert.equal(sparkline(days(0, 0, 0)), '▁▁▁');
    assert.equal(sparkline([]), '');
  });

  it('lists the days in UTC, oldest first', () => {
    assert.deepEqual(dayLines(days(3, 1204)), ['Nov 21: 3', 'Nov 22: 1,204']);
  });

  it("writes an operand's count and what only it brings, an exclusion's removal", () => {
    assert.equal(operandLabel(1312, 40), '1,312 · 40 only');
    // A service counting approximately can make the difference slightly negative.
    assert.equal(operandLabel(5, -2), '5 · 0 only');
    assert.equal(exclusionLabel(85), '−85');
    assert.equal(exclusionLabel(0), '−0');
  });
});
