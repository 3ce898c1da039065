// Properties that must hold for every input, checked on generated ones (fast-check prints the
// seed and the shrunk counterexample of a failure, so it can be replayed).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseFile } from '../../core/query/file';
import { formatFile } from '../../core/query/format';
import { matches } from '../../core/query/matcher';
import { countOperands } from '../../core/query/operands';
import { parseQuery } from '../../core/query/parser';
import { splitFile } from '../../core/query/split';
import { distributedQuery, documents, largeOrQuery, query, tokenSoup } from './support/arbitraries';

function ruleQueries(text: string) {
  return parseFile(text, 'p.mmq').rules.map((rule) => rule.parsed.query);
}

describe('properties', () => {
  it('the parser never throws and always returns a tree or null on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), tokenSoup), (text) => {
        const parsed = parseQuery(text);
        assert.ok(parsed.query === null || typeof parsed.query.kind === 'string');
        for (const issue of parsed.issues)
          assert.ok(issue.span.start >= 0 && issue.span.end <= text.length);
        const file = parseFile(text, 'x.mmq');
        assert.ok(Array.isArray(file.rules));
      }),
      { numRuns: 1500 },
    );
  });

  it('formatting is idempotent on any file', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          tokenSoup,
          query.map((q) => `### r\n${q}\n`),
        ),
        (text) => {
          const once = formatFile(text, 'x.mmq');
          assert.equal(formatFile(once, 'x.mmq'), once);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('formatting keeps what every rule matches, at any line width', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 40, max: 120 }), documents, (q, lineWidth, docs) => {
        const text = `### r\n${q}\n`;
        const formatted = formatFile(text, 'x.mmq', { lineWidth });
        const [before] = ruleQueries(text);
        const [after] = ruleQueries(formatted);
        assert.equal(parseFile(formatted, 'x.mmq').rules[0]?.parsed.issues.length, 0, formatted);
        for (const doc of docs)
          assert.equal(
            matches(after ?? null, doc),
            matches(before ?? null, doc),
            `${q}\n→\n${formatted}`,
          );
      }),
      { numRuns: 300 },
    );
  });

  it('splitting keeps what a rule matches: it matches a document iff some split rule does', () => {
    fc.assert(
      fc.property(fc.oneof(largeOrQuery, distributedQuery), documents, (q, docs) => {
        const text = `### big\n${q}\n`;
        const result = splitFile(text, 'x.mmq');
        assert.ok(result.ok, result.ok ? '' : result.reason);
        const pieces = parseFile(result.text, 'x.mmq').rules;
        assert.ok(pieces.length >= 2);
        for (const piece of pieces)
          assert.ok(countOperands(piece.parsed.query) <= 50, piece.queryText);
        const [original] = ruleQueries(text);
        for (const doc of docs) {
          const expected = matches(original ?? null, doc);
          assert.equal(
            pieces.some((piece) => matches(piece.parsed.query, doc)),
            expected,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});
