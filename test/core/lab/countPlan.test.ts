// Properties of the lab's reading of rules, on generated queries and documents (fast-check; a
// failure prints the seed to replay it): the parts put back together match exactly what the rule
// matches, every count query parses, an operand's "only" documents are those no other operand
// brings, and an exclusion's are those it removes.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { composeRule, countPlanOf } from '../../../core/lab/countPlan';
import { partsOf, type RuleParts } from '../../../core/lab/ruleParts';
import type { MatchableDocument } from '../../../core/query/document';
import { matches } from '../../../core/query/matcher';
import { parseQuery } from '../../../core/query/parser';
import { documents, query } from '../query/support/arbitraries';

function parsedParts(text: string): RuleParts | null {
  const parsed = parseQuery(text);
  return parsed.query && parsed.issues.length === 0 ? partsOf(parsed.query) : null;
}

const matching = (text: string, corpus: readonly MatchableDocument[]) => {
  const parsed = parseQuery(text);
  assert.deepEqual(parsed.issues, [], text);
  return corpus.filter((document) => matches(parsed.query, document));
};

describe('the lab on generated rules', () => {
  it('the parts put back together match what the rule matches', () => {
    fc.assert(
      fc.property(query, documents, (text, corpus) => {
        const parts = parsedParts(text);
        if (!parts) return;
        const whole = composeRule(parts.operands, parts.required, parts.exclusions);
        assert.ok(whole !== null);
        assert.deepEqual(matching(whole, corpus), matching(text, corpus), `${text} → ${whole}`);
      }),
      { numRuns: 200 },
    );
  });

  it("an operand's only documents are the rule's that no other operand brings; an exclusion's, those it removes", () => {
    fc.assert(
      fc.property(query, documents, (text, corpus) => {
        const parts = parsedParts(text);
        if (!parts) return;
        const plan = countPlanOf(parts);
        const { operands, required, exclusions } = parts;
        const total = matching(plan.total, corpus);
        plan.operands.forEach(({ alone, only, without }, index) => {
          const others = operands.filter((_, other) => other !== index);
          const rest = composeRule(others, required, exclusions);
          const restMatches = rest === null ? [] : matching(rest, corpus);
          const expected = total.filter((document) => !restMatches.includes(document));
          const onlyMine =
            only !== null
              ? matching(only, corpus)
              : without !== null
                ? total.filter((document) => !matching(without, corpus).includes(document))
                : total;
          assert.deepEqual(onlyMine, expected, `${text}: operand ${index}`);
          // What only this operand brings is among what it matches within the rule.
          const mine = new Set(matching(alone, corpus));
          for (const document of onlyMine)
            assert.ok(mine.has(document), `${text}: operand ${index}`);
        });
        plan.exclusions.forEach((query, index) => {
          const kept = exclusions.filter((_, other) => other !== index);
          const wider = matching(composeRule(operands, required, kept) as string, corpus);
          const expected = wider.filter((document) => !total.includes(document));
          const removed =
            query.removed !== undefined
              ? matching(query.removed, corpus)
              : matching(query.without, corpus).filter((document) => !total.includes(document));
          assert.deepEqual(removed, expected, `${text}: exclusion ${index}`);
        });
      }),
      { numRuns: 200 },
    );
  });
});
