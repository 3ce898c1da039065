// The noise finder's edit: a term excluded (into the rule's existing top-level `AND NOT (…)`
// group) or required, the rule formatted as the formatter would, one minimal edit; and the new
// count it previews is what the edited rule matches.
import assert from 'node:assert/strict';
import { noiseEdit, type NoiseAction } from '../../../core/lab/noiseEdit';
import { termOperand } from '../../../core/lab/termOperand';
import type { TextEdit } from '../../../core/query/diagnostic';
import { formatFile } from '../../../core/query/formatter';
import { parseFile } from '../../../core/query/file';
import { matches } from '../../../core/query/matcher';
import { parseQuery } from '../../../core/query/parser';
import { documentsOf } from './support/matcherCounts';

function applied(text: string, edit: TextEdit): string {
  return text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end);
}

function edited(text: string, rule: string, term: string, action: NoiseAction): string {
  const result = noiseEdit(text, 'rules.mmq', rule, term, action);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  const after = applied(text, result.edit);
  assert.equal(formatFile(after, 'rules.mmq'), after, 'formatted as the formatter would');
  const query = parseFile(after, 'rules.mmq').rules.find((each) => each.id === rule)?.queryText;
  assert.ok(query !== undefined);
  assert.deepEqual(parseQuery(query).issues, []);
  return after;
}

describe("the noise finder's edit", () => {
  it('extends the existing top-level AND NOT (…) group rather than adding another', () => {
    const text = '### acme\n(acme OR "acme corp") AND NOT (spam OR promo)\n';
    assert.equal(
      edited(text, 'acme', 'casino', 'exclude'),
      '### acme\n(acme OR "acme corp") AND NOT (spam OR promo OR casino)\n',
    );
  });

  it('adds an AND NOT when the rule has no group to extend', () => {
    assert.equal(
      edited('### acme\nacme -lang:fr\n', 'acme', 'casino', 'exclude'),
      '### acme\nacme -lang:fr AND NOT casino\n',
    );
  });

  it('puts a top-level OR list in parentheses first, so that the exclusion covers all of it', () => {
    assert.equal(
      edited('### acme\nacme OR globex\n', 'acme', 'casino', 'exclude'),
      '### acme\n(acme OR globex) AND NOT casino\n',
    );
  });

  it('requires a term before the exclusions', () => {
    assert.equal(
      edited('### acme\n(acme OR globex) AND NOT spam\n', 'acme', 'rocket', 'require'),
      '### acme\n(acme OR globex) AND rocket AND NOT spam\n',
    );
    assert.equal(
      edited('### acme\nacme OR globex\n', 'acme', 'rocket', 'require'),
      '### acme\n(acme OR globex) AND rocket\n',
    );
  });

  it('touches only its rule, keeps comments, and quotes terms the parser would read otherwise', () => {
    const text = '### a\nacme // the brand\n\n### b\nglobex\n';
    const after = edited(text, 'b', 'two words', 'exclude');
    assert.equal(after, '### a\nacme // the brand\n\n### b\nglobex AND NOT "two words"\n');
    assert.equal(termOperand('OR'), '"OR"');
    assert.equal(termOperand('-x'), '"-x"');
    assert.equal(termOperand('lang:fr'), '"lang:fr"');
    assert.equal(termOperand('say "hi"'), '"say \\"hi\\""');
    assert.equal(termOperand('#acme'), '#acme');
    assert.equal(termOperand('   '), null);
  });

  it('a rule over several lines with comments, a CRLF file, a file without headers', () => {
    const text = '### a\n(acme // the brand\n  OR globex)\n  AND NOT (spam) // noise\n';
    assert.equal(
      edited(text, 'a', 'casino', 'exclude'),
      // As the formatter lays a query with comments out: comments stay after what they follow.
      '### a\n(\n  acme // the brand\n  OR globex\n)\nAND NOT (spam OR casino) // noise\n',
    );
    assert.equal(
      edited('### a\r\nacme\r\n\r\n### b\r\nglobex\r\n', 'a', 'casino', 'exclude'),
      '### a\r\nacme AND NOT casino\r\n\r\n### b\r\nglobex\r\n',
    );
    const headerless = noiseEdit('acme OR globex\n', 'brand.mmq', 'brand', 'casino', 'exclude');
    assert.ok(headerless.ok);
    assert.equal(headerless.query, '(acme OR globex) AND NOT casino');
  });

  it('excluding a term keeps every document the rule matched but those holding the term', () => {
    const documents = documentsOf([
      'acme',
      'acme casino',
      'globex casino spam',
      'rocket acme',
      'globex',
      'casino royale',
    ]);
    const count = (query: string) =>
      documents.filter((document) => matches(parseQuery(query).query, document));
    for (const rule of [
      'acme OR globex',
      'acme -spam',
      '(acme OR globex) AND NOT (spam)',
      'acme rocket OR globex',
    ]) {
      const result = noiseEdit(`### r\n${rule}\n`, 'rules.mmq', 'r', 'casino', 'exclude');
      assert.ok(result.ok);
      const expected = count(rule).filter((document) => !document.content?.includes('casino'));
      assert.deepEqual(count(result.query), expected, rule);
    }
  });

  it('the previewed query lowers the count by exactly the documents holding the term', () => {
    const documents = documentsOf(['acme', 'acme casino', 'globex casino', 'globex', 'acme spam']);
    const text = '### acme\n(acme OR globex) AND NOT (spam)\n';
    const result = noiseEdit(text, 'rules.mmq', 'acme', 'casino', 'exclude');
    assert.ok(result.ok);
    const count = (query: string) =>
      documents.filter((document) => matches(parseQuery(query).query, document)).length;
    const before = count('(acme OR globex) AND NOT (spam)');
    assert.equal(before - count(result.query), 2);
    assert.equal(result.query, '(acme OR globex) AND NOT (spam OR casino)');
  });

  it('refuses a rule with syntax errors, a rule not in the file, and an empty term', () => {
    const text = '### a\n(acme OR\n';
    const problem = (rule: string, term: string) => {
      const result = noiseEdit(text, 'rules.mmq', rule, term, 'exclude');
      return result.ok ? '' : result.problem;
    };
    assert.match(problem('a', 'x'), /syntax errors/);
    assert.match(problem('zz', 'x'), /no rule `zz`/);
    const empty = noiseEdit('### a\nacme\n', 'rules.mmq', 'a', ' ', 'require');
    assert.match(empty.ok ? '' : empty.problem, /the term is empty/);
  });
});
