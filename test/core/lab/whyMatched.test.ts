// Why a document matched a rule (which operands, highlighted where in its title and content) and
// why another did not (which required part failed, which exclusion removed it).
import assert from 'node:assert/strict';
import { partsOf } from '../../../core/lab/ruleParts';
import { unexplainedMatch, whyMatched } from '../../../core/lab/whyMatched';
import { documentOfText, whyNot } from '../../../core/lab/whyNot';
import type { QueryNode } from '../../../core/query/ast';
import { parseQuery } from '../../../core/query/parser';

function queryOf(text: string): QueryNode {
  const { query } = parseQuery(text);
  assert.ok(query);
  return query;
}

describe('why a document matched', () => {
  const rule = queryOf('(acme OR "car sharing" OR globex) AND NOT spam');
  const parts = partsOf(rule);
  const document = {
    title: 'Acme launches car-sharing',
    content: 'The ACME car sharing app, with acme inside.',
  };

  it('names the operands that match it, highlighted where they are in title and content', () => {
    const result = whyMatched(rule, parts, document);
    assert.equal(result.matches, true);
    const matched = result.operands.filter((operand) => operand.matched);
    assert.deepEqual(
      matched.map((operand) => operand.part.text),
      ['acme', '"car sharing"'],
    );
    const [acme, carSharing] = matched;
    assert.deepEqual(
      acme?.highlights.title.map((span) => document.title.slice(span.start, span.end)),
      ['Acme'],
    );
    assert.deepEqual(
      acme?.highlights.content.map((span) => document.content.slice(span.start, span.end)),
      ['ACME', 'acme'],
    );
    assert.deepEqual(
      carSharing?.highlights.content.map((span) => document.content.slice(span.start, span.end)),
      ['car', 'sharing'],
    );
    assert.equal(unexplainedMatch(result), null);
  });

  it('says plainly when no operand matches a document the service returned', () => {
    const result = whyMatched(rule, parts, { title: 'Unrelated', content: 'nothing here' });
    assert.equal(result.matches, false);
    assert.match(unexplainedMatch(result) ?? '', /none of the rule's operands matches/);
  });
});

describe('why a document did not match', () => {
  const parts = partsOf(queryOf('(acme OR globex) AND lang:en AND NOT (spam OR casino) -promo'));

  it('names the exclusions that removed it', () => {
    const result = whyNot(parts, { ...documentOfText('acme casino promo'), lang: 'en' });
    assert.equal(result.matches, false);
    assert.equal(result.noOperandMatched, false);
    assert.deepEqual(result.failedRequired, []);
    assert.deepEqual(
      result.removedBy.map((part) => part.text),
      ['NOT (spam OR casino)', '-promo'],
    );
  });

  it('names the required part that failed, and says when no operand matched', () => {
    const result = whyNot(parts, { ...documentOfText('a rocket'), lang: 'fr' });
    assert.equal(result.noOperandMatched, true);
    assert.deepEqual(
      result.failedRequired.map((part) => part.text),
      ['lang:en'],
    );
    assert.deepEqual(result.removedBy, []);
  });

  it('a matching document: nothing failed', () => {
    const result = whyNot(parts, { ...documentOfText('globex news'), lang: 'en' });
    assert.deepEqual(
      [result.matches, result.noOperandMatched, result.failedRequired, result.removedBy],
      [true, false, [], []],
    );
  });
});
