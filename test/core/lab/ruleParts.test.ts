// The query lab's reading of a rule: the operands of its top-level OR list, its required parts
// and its exclusions, each with its source range and its own query; the count queries that
// explain it, listed (and priced) before any is made. Hostile rules included.
import assert from 'node:assert/strict';
import { CREDIT_COSTS } from '../../../core/api/costs';
import { costOfCounts } from '../../../core/lab/countCost';
import { composeRule, countPlanOf } from '../../../core/lab/countPlan';
import { partsOf, type RuleParts } from '../../../core/lab/ruleParts';
import type { QueryNode } from '../../../core/query/ast';
import { parseFile } from '../../../core/query/file';
import { NESTING_LIMIT, parseQuery } from '../../../core/query/parser';
import { OPERAND_LIMIT } from '../../../core/query/diagnostic';
import { countOperands } from '../../../core/query/operands';

function queryOf(text: string): QueryNode {
  const parsed = parseQuery(text);
  assert.deepEqual(parsed.issues, [], text);
  assert.ok(parsed.query);
  return parsed.query;
}

const texts = (parts: RuleParts) => ({
  operands: parts.operands.map((part) => part.text),
  required: parts.required.map((part) => part.text),
  exclusions: parts.exclusions.map((part) => part.text),
});

describe('the parts of a rule (query lab)', () => {
  it('reads the top-level OR list, the required parts and both forms of exclusion', () => {
    const parts = partsOf(
      queryOf('(acme OR "acme corp" OR acme-co) AND lang:en AND NOT (spam OR promo) -site:x.com'),
    );
    assert.deepEqual(texts(parts), {
      operands: ['acme', '"acme corp"', 'acme-co'],
      required: ['lang:en'],
      exclusions: ['NOT (spam OR promo)', '-site:x.com'],
    });
  });

  it('gives each part the range it is written at, in the file, across lines and comments', () => {
    const text = '### r\n(acme // the brand\n  OR "acme corp")\n  AND NOT lang:fr\n';
    const rule = parseFile(text, 'r.mmq').rules[0];
    assert.ok(rule?.parsed.query);
    const parts = partsOf(rule.parsed.query);
    const written = [...parts.operands, ...parts.exclusions].map((part) =>
      text.slice(part.span.start, part.span.end),
    );
    assert.deepEqual(written, ['acme', '"acme corp"', 'NOT lang:fr']);
  });

  it('a plain OR list has operands only; parentheses around the whole rule change nothing', () => {
    assert.deepEqual(texts(partsOf(queryOf('a OR b OR c'))), {
      operands: ['a', 'b', 'c'],
      required: [],
      exclusions: [],
    });
    assert.deepEqual(texts(partsOf(queryOf('((a OR b) -c)'))), {
      operands: ['a', 'b'],
      required: [],
      exclusions: ['-c'],
    });
  });

  it('without an OR list the positive parts are one operand; the longest OR list is the one', () => {
    assert.deepEqual(texts(partsOf(queryOf('acme rocket -toy'))), {
      operands: ['acme AND rocket'],
      required: [],
      exclusions: ['-toy'],
    });
    assert.deepEqual(texts(partsOf(queryOf('(a OR b) AND (c OR d OR e)'))), {
      operands: ['c', 'd', 'e'],
      required: ['(a OR b)'],
      exclusions: [],
    });
  });

  it('an exclusion inside one operand belongs to that operand; `NOT x` alone is one operand', () => {
    assert.deepEqual(texts(partsOf(queryOf('a OR b AND NOT c'))), {
      operands: ['a', 'b AND NOT c'],
      required: [],
      exclusions: [],
    });
    assert.deepEqual(texts(partsOf(queryOf('NOT spam'))), {
      operands: ['NOT spam'],
      required: [],
      exclusions: [],
    });
  });

  it('reads operands that are proximity groups and phrases with proximity as written', () => {
    assert.deepEqual(texts(partsOf(queryOf('acme NEAR/3 (rocket OR anvil) OR "obama merkel"~5'))), {
      operands: ['acme NEAR/3 (rocket OR anvil)', '"obama merkel"~5'],
      required: [],
      exclusions: [],
    });
  });
});

describe('the count plan of a rule', () => {
  it('a OR b OR c: the rule, each operand, what only each brings; every query once', () => {
    const plan = countPlanOf(partsOf(queryOf('a OR b OR c')));
    assert.equal(plan.total, 'a OR b OR c');
    assert.deepEqual(plan.operands, [
      { alone: 'a', only: '(a OR b OR c) AND NOT (b OR c)', without: null },
      { alone: 'b', only: '(a OR b OR c) AND NOT (a OR c)', without: null },
      { alone: 'c', only: '(a OR b OR c) AND NOT (a OR b)', without: null },
    ]);
    assert.deepEqual(plan.queries, [
      'a OR b OR c',
      'a',
      'b',
      'c',
      '(a OR b OR c) AND NOT (b OR c)',
      '(a OR b OR c) AND NOT (a OR c)',
      '(a OR b OR c) AND NOT (a OR b)',
    ]);
  });

  it('keeps required parts and exclusions in every operand query; an exclusion counts what it removes', () => {
    const plan = countPlanOf(partsOf(queryOf('(a OR b) lang:en -spam')));
    const total = '(a OR b) AND lang:en AND -spam';
    assert.deepEqual(plan.operands, [
      {
        alone: 'a AND lang:en AND -spam',
        only: `(${total}) AND NOT (b AND lang:en AND -spam)`,
        without: null,
      },
      {
        alone: 'b AND lang:en AND -spam',
        only: `(${total}) AND NOT (a AND lang:en AND -spam)`,
        without: null,
      },
    ]);
    assert.deepEqual(plan.exclusions, [{ removed: `((a OR b) AND lang:en) AND NOT (${total})` }]);
    assert.equal(plan.queries.length, 6);
  });

  it('a single operand brings all of the rule: no call for what only it brings', () => {
    const plan = countPlanOf(partsOf(queryOf('acme -spam')));
    assert.deepEqual(plan.operands, [{ alone: 'acme AND -spam', only: null, without: null }]);
    assert.deepEqual(plan.queries, ['acme AND -spam', '(acme) AND NOT (acme AND -spam)']);
  });

  it('every query of the plan parses without issues, and is what the rule means', () => {
    for (const rule of [
      'a OR b AND NOT c',
      '(a OR b OR c d) AND NOT (x OR y) -z',
      'acme NEAR/3 (rocket OR anvil) OR "a b"~2 OR +"L\'Oréal"',
      'NOT spam',
    ]) {
      for (const query of countPlanOf(partsOf(queryOf(rule))).queries)
        assert.deepEqual(parseQuery(query).issues, [], `${rule} → ${query}`);
    }
  });

  it('composeRule of no operand is null: an empty OR list matches nothing', () => {
    assert.equal(composeRule([], [], []), null);
  });

  it('prices the calls from the cost table: one histogram call per query', () => {
    const plan = countPlanOf(partsOf(queryOf('a OR b OR c')));
    const cost = costOfCounts(plan.queries.length);
    assert.equal(cost.atMost, 7 * CREDIT_COSTS.histogramCall);
    assert.match(cost.note, /^7 histogram calls, 10 credits per call: 70 credits$/);
  });
});

describe('hostile rules', () => {
  it('a 50-operand rule: 101 queries, listed at once, none over the 50 operands the service takes', () => {
    const rule = Array.from({ length: 50 }, (_, index) => `w${index}`).join(' OR ');
    const plan = countPlanOf(partsOf(queryOf(rule)));
    assert.equal(plan.queries.length, 1 + 2 * 50);
    for (const query of plan.queries)
      assert.ok(countOperands(parseQuery(query).query) <= OPERAND_LIMIT, query);
    // The rule less an operand, whose count the total less is what only it brings.
    assert.deepEqual(plan.operands[0], {
      alone: 'w0',
      only: null,
      without: rule.replace('w0 OR ', ''),
    });
  });

  it('a rule nested as deep as the parser allows is read through its parentheses', () => {
    const depth = NESTING_LIMIT - 1;
    const rule = `${'('.repeat(depth)}a OR b${')'.repeat(depth)} -c`;
    const parts = partsOf(queryOf(rule));
    assert.deepEqual(texts(parts), { operands: ['a', 'b'], required: [], exclusions: ['-c'] });
  });

  it('an operand nested deep inside stays whole, and its queries parse', () => {
    const depth = NESTING_LIMIT - 2;
    const deep = `${'('.repeat(depth)}x OR y${')'.repeat(depth)}`;
    const plan = countPlanOf(partsOf(queryOf(`a OR ${deep}`)));
    assert.equal(plan.operands.length, 2);
    for (const query of plan.queries) assert.deepEqual(parseQuery(query).issues, [], query);
  });

  it('a rule of 4,096 characters: its queries are at most two of it, not more', () => {
    const long = `"${'x'.repeat(4000)}" OR b -c`;
    const plan = countPlanOf(partsOf(queryOf(long)));
    for (const query of plan.queries) assert.ok(query.length <= 2 * long.length + 20);
  });
});
