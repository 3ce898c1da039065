import assert from 'node:assert/strict';
import type { MatchableDocument } from '../../../core/query/document';
import { parseFile } from '../../../core/query/file';
import { matches } from '../../../core/query/matcher';
import { countOperands } from '../../../core/query/operands';
import { parseQuery } from '../../../core/query/parser';
import { MAX_RULES, ruleSplitEdit, splitFile, splitRule } from '../../../core/query/split';

const terms = (count: number, prefix = 'w'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
const or = (count: number, prefix = 'w'): string => terms(count, prefix).join(' OR ');

function ruleOf(query: string, id = 'r') {
  const rule = parseFile(`### ${id}\n${query}\n`, 'x.mmq').rules[0];
  assert.ok(rule);
  return rule;
}

function split(query: string, id = 'r') {
  const result = splitRule(ruleOf(query, id));
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.rules;
}

function failure(query: string): string {
  const result = splitRule(ruleOf(query));
  assert.ok(!result.ok, 'expected no split');
  return result.reason;
}

/** The pieces together match a document exactly when the original does, on every document. */
function assertEquivalent(
  query: string,
  pieces: readonly string[],
  documents: MatchableDocument[],
) {
  const original = parseQuery(query).query;
  for (const document of documents) {
    const expected = matches(original, document);
    const actual = pieces.some((piece) => matches(parseQuery(piece).query, document));
    assert.equal(actual, expected, `${JSON.stringify(document)}`);
  }
}

function assertWithinLimit(pieces: readonly { query: string }[]): void {
  for (const piece of pieces) {
    const parsed = parseQuery(piece.query);
    assert.deepEqual(parsed.issues, [], piece.query);
    assert.ok(countOperands(parsed.query) <= 50, `${countOperands(parsed.query)}: ${piece.query}`);
  }
}

const doc = (content: string, lang = 'en'): MatchableDocument => ({ content, lang });

describe('rule splitter', () => {
  describe('OR rules', () => {
    it('splits a top-level OR into even chunks of at most 50 operands, in order', () => {
      const pieces = split(or(120));
      assert.deepEqual(
        pieces.map((piece) => piece.id),
        ['r-1', 'r-2', 'r-3'],
      );
      assert.deepEqual(
        pieces.map((piece) => piece.query),
        [terms(120).slice(0, 40), terms(120).slice(40, 80), terms(120).slice(80)].map((chunk) =>
          chunk.join(' OR '),
        ),
      );
    });

    it('makes 30 + 30 of 60 operands, not 50 + 10 (a 50-operand rule is near the limit)', () => {
      assert.deepEqual(
        split(or(60)).map((piece) => piece.query),
        [or(30), terms(60).slice(30).join(' OR ')],
      );
    });

    it('balances every OR list: the fewest rules, none near the limit when an even split is not', () => {
      for (let count = 51; count <= 400; count++) {
        const rules = Math.ceil(count / 50);
        const sizes = split(or(count)).map((piece) => countOperands(parseQuery(piece.query).query));
        assert.equal(sizes.length, rules, `${count} operands`);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${count}: ${sizes.join(' + ')}`);
        if (Math.ceil(count / rules) < 45)
          assert.ok(
            sizes.every((size) => size < 45),
            `${count}: ${sizes.join(' + ')} has a near-limit rule`,
          );
      }
    });

    it('balances undividable groups too', () => {
      const group = (index: number) => `(${terms(10, `g${index}x`).join(' AND ')})`;
      const query = Array.from({ length: 6 }, (_, index) => group(index)).join(' OR ');
      const pieces = split(query);
      assert.deepEqual(
        pieces.map((piece) => countOperands(parseQuery(piece.query).query)),
        [30, 30],
      );
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc(terms(10, 'g0x').join(' ')), doc(terms(10, 'g5x').join(' ')), doc('g1x1 g2x2')],
      );
    });

    it('takes no more rules for balance than filling each to the limit would', () => {
      // Three groups of 20: an even 30 + 30 cannot be had, and 20 + 20 + 20 is one rule more.
      const query = [0, 1, 2].map((index) => `(${terms(20, `g${index}x`).join(' ')})`).join(' OR ');
      assert.deepEqual(
        split(query).map((piece) => countOperands(parseQuery(piece.query).query)),
        [40, 20],
      );
    });

    it('keeps small groups whole and splits a group that alone exceeds the limit', () => {
      const query = `(a AND b) OR (${or(60, 'x')}) OR "c d"`;
      const pieces = split(query);
      assertWithinLimit(pieces);
      assert.ok(pieces.some((piece) => piece.query.includes('(a AND b)')));
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc('a b'), doc('a'), doc('x33'), doc('x60'), doc('c d'), doc('d c'), doc('nothing')],
      );
    });

    it('returns the rule itself when it is within the limit', () => {
      assert.deepEqual(split('acme OR anvil'), [{ id: 'r', query: 'acme OR anvil' }]);
    });
  });

  describe('AND rules', () => {
    it('distributes the rest of an AND over the chunks of its large OR', () => {
      const query = `(acme OR "acme corp") AND (${or(70, 'p')}) AND NOT lang:fr`;
      const pieces = split(query);
      assert.equal(pieces.length, 2);
      assertWithinLimit(pieces);
      for (const piece of pieces) {
        assert.ok(piece.query.startsWith('(acme OR "acme corp") AND ('), piece.query);
        assert.ok(piece.query.endsWith(') AND NOT lang:fr'), piece.query);
      }
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc('acme p1'), doc('acme corp p70'), doc('acme p70', 'fr'), doc('p5'), doc('acme')],
      );
    });

    it('balances the divided part of an AND', () => {
      const pieces = split(`lang:en AND (${or(60)})`);
      assert.deepEqual(
        pieces.map((piece) => countOperands(parseQuery(piece.query).query)),
        [31, 31],
      );
    });

    it('copies an exclusion into every piece', () => {
      const pieces = split(`(${or(60)}) -spam`);
      assert.equal(pieces.length, 2);
      for (const piece of pieces) assert.match(piece.query, /\) -spam$/);
    });

    it('divides both sides of an AND of two ORs when neither fits beside the other', () => {
      const query = `(${or(50, 'a')}) AND (${or(55, 'b')})`;
      const pieces = split(query);
      assertWithinLimit(pieces);
      assert.ok(pieces.length <= 6, `${pieces.length} rules`);
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc('a1 b1'), doc('a50 b55'), doc('a25 b30'), doc('a1'), doc('b1'), doc('')],
      );
    });

    it('splits inside nested groups', () => {
      const query = `x AND (y OR (z AND (${or(60, 'p')}))) AND NOT q`;
      const pieces = split(query);
      assertWithinLimit(pieces);
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc('x y'), doc('x z p1'), doc('x z p60'), doc('x z p60 q'), doc('x p1'), doc('z p1')],
      );
    });
  });

  describe('proximity', () => {
    it('distributes a proximity over its OR-group', () => {
      const query = `acme NEAR/2 (${or(60, 'p')})`;
      const pieces = split(query);
      assert.equal(pieces.length, 2);
      for (const piece of pieces) assert.match(piece.query, /^acme NEAR\/2 \(/);
      assertEquivalent(
        query,
        pieces.map((piece) => piece.query),
        [doc('acme x p60'), doc('p3 acme'), doc('acme a b c p3'), doc('acme')],
      );
    });
  });

  describe('when no split exists', () => {
    it('says that a large negation would have to be in every rule', () => {
      const reason = failure(`car AND NOT (${or(55)})`);
      assert.match(reason, /56 operands/);
      assert.match(reason, /55 operands/);
      assert.match(reason, /negation cannot be divided/);
    });

    it('says that a negated OR cannot be divided even at the top of an OR', () => {
      const reason = failure(`foo OR NOT (${or(60)})`);
      assert.match(reason, /negates 60 operands/);
    });

    it('says that ANDed operands without an OR cannot be divided', () => {
      assert.match(failure(terms(51).join(' AND ')), /51 ANDed operands have no OR/);
    });

    it('says when an AND of two large ORs would take too many rules', () => {
      const reason = failure(`(${or(600, 'a')}) AND (${or(600, 'b')})`);
      assert.match(reason, /600 and 600 operands/);
      assert.match(reason, new RegExp(`more than ${MAX_RULES}`));
    });

    it('says so when the fixed part leaves no room', () => {
      const reason = failure(`${terms(49, 'k').join(' ')} (${or(10)}) (${or(10, 'v')})`);
      assert.match(reason, /at least 51 operands, over the limit of 50/);
    });

    it('refuses a rule with syntax errors', () => {
      assert.match(failure(`(${or(60)}`), /syntax errors/);
    });
  });

  describe('files', () => {
    it('replaces only the rules over the limit, keeping comments and annotations', () => {
      const text = `// @stream s1\n### small\nacme\n\n### big // brand\n// the list\n${or(120)} // end\n// after\n\n### tail\nfoo\n`;
      const result = splitFile(text, 'x.mmq');
      assert.ok(result.ok);
      const file = parseFile(result.text, 'x.mmq');
      assert.deepEqual(
        file.rules.map((rule) => rule.id),
        ['small', 'big-1', 'big-2', 'big-3', 'tail'],
      );
      assert.ok(
        result.text.startsWith(
          '// @stream s1\n### small\nacme\n\n### big-1 // brand\n// the list\n// end\nw1\n',
        ),
      );
      assert.match(result.text, /^### big-2 \/\/ brand$/m);
      assert.match(result.text, /w120\n\/\/ after\n\n### tail\nfoo\n$/);
      assert.deepEqual(file.issues, []);
      for (const rule of file.rules) assert.ok(countOperands(rule.parsed.query) <= 50);
    });

    it('avoids ids already taken in the file', () => {
      const result = splitFile(`### big\n${or(120)}\n\n### big-2\nfoo\n`, 'x.mmq');
      assert.ok(result.ok);
      assert.deepEqual(
        parseFile(result.text, 'x.mmq').rules.map((rule) => rule.id),
        ['big-1', 'big-3', 'big-4', 'big-2'],
      );
    });

    it('keeps generated ids valid for the longest rule ids', () => {
      const id = 'a'.repeat(128);
      const result = splitFile(`### ${id}\n${or(60)}\n`, 'x.mmq');
      assert.ok(result.ok);
      const file = parseFile(result.text, 'x.mmq');
      assert.deepEqual(file.issues, []);
      assert.equal(file.rules.length, 2);
    });

    it('names the pieces of a file without headers after the file', () => {
      const result = splitFile(`// @project p\n${or(60)}\n`, 'brand.mmq');
      assert.ok(result.ok);
      assert.ok(result.text.startsWith('// @project p\n### brand-1\n'));
      assert.deepEqual(parseFile(result.text, 'brand.mmq').issues, []);
    });

    it('keeps CRLF line breaks', () => {
      const result = splitFile(`### big\r\n${or(60)}\r\n`, 'x.mmq');
      assert.ok(result.ok);
      assert.doesNotMatch(result.text.replace(/\r\n/g, ''), /[\r\n]/);
    });

    it('returns the file unchanged when no rule is over the limit', () => {
      const text = '### a\n(  messy   OR spacing )\n';
      assert.deepEqual(splitFile(text, 'x.mmq'), { ok: true, text });
    });

    it('names the rule that cannot be split', () => {
      const result = splitFile(`### fine\nacme\n\n### car\ncar AND NOT (${or(55)})\n`, 'x.mmq');
      assert.ok(!result.ok);
      assert.equal(result.rule, 'car');
    });

    it('ruleSplitEdit offers nothing for a rule within the limit', () => {
      const file = parseFile('### a\nacme OR anvil\n', 'x.mmq');
      const edit = ruleSplitEdit(file, file.rules[0]!);
      assert.deepEqual(edit, { ok: false, reason: 'it has 2 operands, within the limit of 50' });
    });

    it('ruleSplitEdit gives the edit splitFile applies', () => {
      const text = `### a\nacme\n\n### big\n${or(60)}\n`;
      const file = parseFile(text, 'x.mmq');
      const edit = ruleSplitEdit(file, file.rules[1]!);
      assert.ok(edit.ok);
      assert.equal(edit.count, 2);
      const applied =
        text.slice(0, edit.edit.span.start) + edit.edit.newText + text.slice(edit.edit.span.end);
      const result = splitFile(text, 'x.mmq');
      assert.ok(result.ok);
      assert.equal(applied, result.text);
    });
  });
});
