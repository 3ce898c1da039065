// A rule explained from counts, checked against brute force over documents counted with the
// matcher: an operand's "only" count is the documents no other operand brings, an exclusion's
// removed count the documents only it takes out; and the flags these numbers raise.
import assert from 'node:assert/strict';
import { countPlanOf } from '../../../core/lab/countPlan';
import { countQueries } from '../../../core/lab/countQueries';
import { lastDays } from '../../../core/lab/countWindow';
import { countsFrom, explainRule, type RuleExplanation } from '../../../core/lab/explanation';
import { dominantOperand, flagMessage, LAB_FLAG_CODES } from '../../../core/lab/labFlags';
import { partsOf } from '../../../core/lab/ruleParts';
import type { MatchableDocument } from '../../../core/query/document';
import { matches } from '../../../core/query/matcher';
import { parseQuery } from '../../../core/query/parser';
import { documentsOf, MatcherCounts } from './support/matcherCounts';

const WINDOW = lastDays(7, Date.UTC(2026, 10, 27, 12));

async function explained(rule: string, source: MatcherCounts): Promise<RuleExplanation> {
  const query = parseQuery(rule).query;
  assert.ok(query);
  const parts = partsOf(query);
  const plan = countPlanOf(parts);
  const counts = await countQueries(source, plan.queries, {}, WINDOW);
  const totals = new Map([...counts].map(([text, daily]) => [text, daily.total]));
  return explainRule(parts, plan, countsFrom(totals));
}

const DOCUMENTS = documentsOf([
  'a',
  'a b',
  'b',
  'b c',
  'c',
  'c spam',
  'a spam',
  'd',
  'a b c',
  'b french',
]);

function matching(query: string, documents: readonly MatchableDocument[]): MatchableDocument[] {
  const parsed = parseQuery(query).query;
  return documents.filter((document) => matches(parsed, document));
}

describe('a rule explained from its counts', () => {
  it('a rule too large for one "only" query (30 operands): the same numbers from differences', async () => {
    const filler = Array.from({ length: 27 }, (_, index) => `zz${index}`);
    const rule = `(${['a', 'b', 'c', ...filler].join(' OR ')}) AND NOT spam`;
    const parts = partsOf(parseQuery(rule).query!);
    assert.ok(countPlanOf(parts).operands.every((operand) => operand.only === null));
    const result = await explained(rule, new MatcherCounts(DOCUMENTS));
    const total = matching(rule, DOCUMENTS).length;
    assert.equal(result.total, total);
    assert.equal(total, 7);
    assert.equal(result.operands[0]?.only, 1, 'a: "a" ("a spam" is excluded)');
    assert.equal(result.operands[1]?.only, 2, 'b: "b" and "b french"');
    assert.equal(result.operands[2]?.only, 1, 'c: "c"');
    assert.equal(result.exclusions[0]?.removed, 2, '"c spam" and "a spam"');
  });

  it('a OR b OR c: each "only" is what no other operand matches, and total − the rule without it', async () => {
    const source = new MatcherCounts(DOCUMENTS);
    const result = await explained('a OR b OR c', source);
    assert.equal(result.total, matching('a OR b OR c', DOCUMENTS).length);
    const others = { a: 'b OR c', b: 'a OR c', c: 'a OR b' } as const;
    for (const row of result.operands) {
      const name = row.part.text as keyof typeof others;
      const onlyHere = matching(`${name} AND NOT (${others[name]})`, DOCUMENTS).length;
      assert.equal(row.only, onlyHere, name);
      assert.equal(row.only, result.total - matching(others[name], DOCUMENTS).length, name);
      assert.equal(row.count, matching(name, DOCUMENTS).length, name);
    }
  });

  it('asks each query once, and the count of the rule is what the rule matches', async () => {
    const source = new MatcherCounts(DOCUMENTS);
    const rule = '(a OR b) AND NOT spam -french';
    const result = await explained(rule, source);
    assert.equal(new Set(source.asked).size, source.asked.length);
    assert.equal(result.total, matching(rule, DOCUMENTS).length);
  });

  it('an exclusion removes what only it takes out; a dead one is flagged', async () => {
    const result = await explained(
      '(a OR b) AND NOT spam -french -zebra',
      new MatcherCounts(DOCUMENTS),
    );
    const removed = Object.fromEntries(result.exclusions.map((row) => [row.part.text, row]));
    assert.equal(removed['NOT spam']?.removed, 1);
    assert.equal(removed['-french']?.removed, 1);
    assert.equal(removed['-zebra']?.removed, 0);
    assert.deepEqual(removed['-zebra']?.flags, ['dead-exclusion']);
    assert.deepEqual(removed['NOT spam']?.flags, []);
  });

  it('an operand the others already catch is redundant; the one bringing most is dominant', async () => {
    const documents = documentsOf(['acme', 'acme corp', 'acme rocket', 'acme', 'globex']);
    const result = await explained('acme OR "acme corp" OR globex', new MatcherCounts(documents));
    const flags = Object.fromEntries(result.operands.map((row) => [row.part.text, row.flags]));
    assert.deepEqual(flags, {
      acme: ['dominant-operand'],
      '"acme corp"': ['redundant-operand'],
      globex: [],
    });
  });

  it('a single operand brings all: its only count is the total, and it is never redundant', async () => {
    const result = await explained('a -spam', new MatcherCounts(DOCUMENTS));
    assert.equal(result.operands.length, 1);
    assert.equal(result.operands[0]?.only, result.total);
    assert.deepEqual(result.operands[0]?.flags, []);
  });

  it('a count missing from the counts is a bug, said with the query', () => {
    assert.throws(() => countsFrom(new Map())('a OR b'), /no count for the query `a OR b`/);
  });
});

describe('the lab flags', () => {
  it('dominant: a majority of the volume, never in a rule of one operand or no documents', () => {
    assert.equal(dominantOperand([60, 50], 100), 0);
    assert.equal(dominantOperand([50, 50], 100), -1);
    assert.equal(dominantOperand([100], 100), -1);
    assert.equal(dominantOperand([0, 0], 0), -1);
  });

  it('each code has its message', () => {
    for (const code of LAB_FLAG_CODES) assert.ok(flagMessage(code, 'x', 10).includes('`x`'));
  });
});
