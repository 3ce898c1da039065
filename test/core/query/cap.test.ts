// One mistake repeated at every operand: at most 100 diagnostics of a code per rule, and one more
// saying how many were left out; fixes made when asked for, the same as before.
import assert from 'node:assert/strict';
import { analyzeQuery } from '../../../core/query/analysis';
import { DIAGNOSTICS_PER_CODE } from '../../../core/query/diagnostic';
import { applyTextEdits, covered, withCode } from './support/analysis';

describe('diagnostics of one code in one rule', () => {
  const text = `### r\n${'a OR b '.repeat(5000)}\n`;

  it('keeps the first 100 and counts the rest in a summary where the 101st was', () => {
    const mixed = withCode(text, 'mixed-and-or');
    assert.equal(DIAGNOSTICS_PER_CODE, 100);
    assert.equal(mixed.length, 101);
    const summary = mixed[100]!;
    assert.equal(summary.message, '… and 4,899 more mixed-and-or warnings in this rule');
    assert.equal(summary.severity, 'warning');
    assert.equal(summary.rule, 'r');
    assert.deepEqual(summary.fixes(), []);
    // Where the 101st AND (`b a`) is.
    const ands = [...text.matchAll(/b a/g)];
    assert.equal(summary.span.start, ands[100]!.index);
    assert.equal(covered(text, mixed[99]!), 'b a');

    const duplicates = withCode(text, 'duplicate-operand');
    assert.equal(duplicates.length, 101);
    assert.equal(duplicates[100]!.message, '… and 4,898 more duplicate-operand hints in this rule');
  });

  it('counts a single one left out in the singular, and says "query" for a query', () => {
    const query = 'a OR b '.repeat(DIAGNOSTICS_PER_CODE + 2);
    const summary = analyzeQuery(query).filter((d) => d.code === 'mixed-and-or')[100];
    assert.equal(summary?.message, '… and 1 more mixed-and-or warning in this query');
    assert.equal(summary.rule, null);
  });

  it('quotes at most 120 characters of how the list is read, and fixes all of it on demand', () => {
    const [first] = withCode(text, 'mixed-and-or');
    assert.ok(first);
    assert.match(first.message, /^AND and OR at the same level: this is read as `a OR \(b a\) OR/);
    const quoted = /`(.*)`/.exec(first.message)![1]!;
    assert.equal(quoted.length, 120);
    assert.ok(quoted.endsWith('...'));
    const [fix] = first.fixes();
    assert.ok(fix);
    const fixed = applyTextEdits(text, fix.edits);
    assert.equal(fixed, `### r\na OR ${'(b a) OR '.repeat(4999)}b \n`);
    assert.deepEqual(withCode(fixed, 'mixed-and-or'), []);
  });
});
