// Properties that must hold for every input, checked on generated ones. Runs are random; on a
// failure fast-check prints the seed and the shrunk counterexample, and
// `fc.assert(…, { seed, path })` replays it. The run counts keep the whole file near 5 seconds.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MmqFile, QueryNode, Span } from '../../core/query/ast';
import type { TextEdit } from '../../core/query/diagnostic';
import { parseFile } from '../../core/query/file';
import { formatEdits, formatFile, formatRange } from '../../core/query/formatter';
import { matches } from '../../core/query/matcher';
import { countOperands } from '../../core/query/operands';
import { parseQuery } from '../../core/query/parser';
import { splitFile, splitRule } from '../../core/query/split';
import { children } from '../../core/query/walk';
import {
  anyText,
  distributedQuery,
  documents,
  largeOrQuery,
  messyFile,
  messyHeaderlessFile,
  overLimitQuery,
  productQuery,
  proximityQuery,
  query,
  respacedQuery,
  tokenSoup,
} from './query/support/arbitraries';

function assertSpan(span: Span, length: number, what: string): void {
  assert.ok(
    Number.isInteger(span.start) && span.start >= 0 && span.start <= span.end && span.end <= length,
    `${what} span ${JSON.stringify(span)} outside [0, ${length}]`,
  );
}

/** Every node's span lies in the text; returns whether the tree holds an error node. */
function checkTree(node: QueryNode, length: number): boolean {
  assertSpan(node.span, length, node.kind);
  let error = node.kind === 'error';
  for (const child of children(node)) error = checkTree(child, length) || error;
  return error;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  sorted.forEach((edit, index) => {
    const next = sorted[index + 1];
    assert.ok(!next || edit.span.end <= next.span.start, 'edits overlap');
  });
  let output = text;
  for (const edit of sorted.reverse())
    output = output.slice(0, edit.span.start) + edit.newText + output.slice(edit.span.end);
  return output;
}

function commentTexts(file: MmqFile): string[] {
  return file.comments.map(({ span }) => file.text.slice(span.start, span.end).trimEnd());
}

/**
 * The rules that parse are in canonical spacing: the formatter laid them out rather than keeping
 * them as written (the generated comments and phrases hold single blanks only).
 */
function assertCanonical(file: MmqFile): void {
  for (const rule of file.rules) {
    if (rule.parsed.issues.length > 0 || !rule.parsed.query) continue;
    const start = rule.headerSpan?.start ?? 0;
    for (const line of file.text.slice(start, rule.bodySpan.end).split(/\r?\n/)) {
      const code = line.trimStart().replace(/(^|\s)\/\/.*$/, '');
      assert.doesNotMatch(code, / {2}|\t|\( | \)|\s$/, `not laid out: ${JSON.stringify(line)}`);
    }
  }
}

describe('properties', () => {
  describe('parser', () => {
    it('never throws, and returns a tree or null with issues for what it could not build', () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const parsed = parseQuery(text);
          const hasError = parsed.query ? checkTree(parsed.query, text.length) : false;
          if (hasError || (parsed.query === null && text.trim() !== ''))
            assert.ok(parsed.issues.length > 0, 'an unbuilt part without an issue');
          for (const issue of parsed.issues) assertSpan(issue.span, text.length, 'issue');
          for (const token of parsed.tokens) assertSpan(token.span, text.length, 'token');
        }),
        { numRuns: 1500 },
      );
    });

    it('never throws through parseFile either, and every span lies in the file', () => {
      fc.assert(
        fc.property(fc.oneof(anyText, messyFile, tokenSoup), (text) => {
          const file = parseFile(text, 'x.mmq');
          for (const rule of file.rules) {
            assertSpan(rule.bodySpan, text.length, 'body');
            if (rule.headerSpan) assertSpan(rule.headerSpan, text.length, 'header');
            if (rule.parsed.query) checkTree(rule.parsed.query, text.length);
            for (const issue of rule.parsed.issues) assertSpan(issue.span, text.length, 'issue');
          }
          for (const issue of file.issues) assertSpan(issue.span, text.length, 'file issue');
          for (const comment of file.comments) assertSpan(comment.span, text.length, 'comment');
        }),
        { numRuns: 800 },
      );
    });
  });

  describe('formatter', () => {
    it('never throws and is idempotent on any text', () => {
      fc.assert(
        fc.property(fc.oneof(anyText, tokenSoup, messyFile), (text) => {
          const once = formatFile(text, 'x.mmq');
          assert.equal(formatFile(once, 'x.mmq'), once);
        }),
        { numRuns: 600 },
      );
    });

    it('keeps what every rule matches, every comment, and the line breaks, at any width', () => {
      fc.assert(
        fc.property(
          fc.oneof(
            { weight: 4, arbitrary: messyFile },
            { weight: 1, arbitrary: messyHeaderlessFile },
          ),
          fc.integer({ min: 20, max: 120 }),
          fc.constantFrom('  ', '    ', '\t'),
          documents,
          (text, lineWidth, indent, docs) => {
            const formatted = formatFile(text, 'x.mmq', { lineWidth, indent });
            assert.equal(formatFile(formatted, 'x.mmq', { lineWidth, indent }), formatted);
            const before = parseFile(text, 'x.mmq');
            const after = parseFile(formatted, 'x.mmq');
            assert.deepEqual(
              after.rules.map((rule) => [rule.id, rule.parsed.issues.length]),
              before.rules.map((rule) => [rule.id, rule.parsed.issues.length]),
            );
            assert.deepEqual(commentTexts(after), commentTexts(before));
            assert.deepEqual(
              after.annotations.map((a) => [a.name, a.value]),
              before.annotations.map((a) => [a.name, a.value]),
            );
            if (text.includes('\r\n')) assert.doesNotMatch(formatted, /[^\r]\n/);
            else assert.doesNotMatch(formatted, /\r/);
            assertCanonical(after);
            before.rules.forEach((rule, index) => {
              const formattedQuery = after.rules[index]?.parsed.query ?? null;
              for (const doc of docs)
                assert.equal(
                  matches(formattedQuery, doc),
                  matches(rule.parsed.query, doc),
                  `rule ${rule.id}\n${text}\n→\n${formatted}\n${JSON.stringify(doc)}`,
                );
            });
          },
        ),
        { numRuns: 250 },
      );
    });

    it('lays a query out the same however it was spaced', () => {
      fc.assert(
        fc.property(
          respacedQuery,
          fc.integer({ min: 20, max: 120 }),
          ([tidy, messy], lineWidth) => {
            assert.deepEqual(parseQuery(tidy).issues, [], tidy);
            assert.equal(
              formatFile(`### r\n${messy}\n`, 'x.mmq', { lineWidth }),
              formatFile(`### r\n${tidy}\n`, 'x.mmq', { lineWidth }),
            );
          },
        ),
        { numRuns: 300 },
      );
    });

    it('puts a short canonical query on one line unchanged', () => {
      fc.assert(
        fc.property(query, (q) => {
          fc.pre(q.length <= 100 && !q.includes('\n'));
          assert.equal(formatFile(`### r\n${q}\n`, 'x.mmq'), `### r\n${q}\n`);
        }),
        { numRuns: 300 },
      );
    });

    it('gives formatFile’s result through its edits, and through range edits covering all', () => {
      fc.assert(
        fc.property(messyFile, fc.nat(), fc.nat(), (text, a, b) => {
          const formatted = formatFile(text, 'x.mmq');
          assert.equal(applyEdits(text, formatEdits(text, 'x.mmq')), formatted);
          assert.equal(
            applyEdits(text, formatRange(text, 'x.mmq', { start: 0, end: text.length })),
            formatted,
          );
          // Formatting part of a file, then all of it, ends where formatting all of it does.
          const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
          const partly = applyEdits(
            text,
            formatRange(text, 'x.mmq', { start: start ?? 0, end: end ?? 0 }),
          );
          assert.equal(formatFile(partly, 'x.mmq'), formatted);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('splitter', () => {
    it('a rule matches a document iff one of its split rules does', () => {
      fc.assert(
        fc.property(overLimitQuery, documents, (q, docs) => {
          const rule = parseFile(`### big\n${q}\n`, 'x.mmq').rules[0];
          assert.ok(rule && rule.parsed.issues.length === 0, q);
          const result = splitRule(rule);
          if (!result.ok) {
            assert.match(result.reason, /\d+ operands/);
            return;
          }
          assert.ok(result.rules.length >= 2);
          const pieces = result.rules.map((piece) => {
            const parsed = parseQuery(piece.query);
            assert.deepEqual(parsed.issues, [], piece.query);
            assert.ok(countOperands(parsed.query) <= 50, piece.query);
            return parsed.query;
          });
          for (const doc of docs)
            assert.equal(
              pieces.some((piece) => matches(piece, doc)),
              matches(rule.parsed.query, doc),
              `${q}\n${JSON.stringify(doc)}`,
            );
        }),
        { numRuns: 120 },
      );
    });

    it('splits every OR, distributed AND, product and proximity it is given', () => {
      fc.assert(
        fc.property(fc.oneof(largeOrQuery, distributedQuery, productQuery, proximityQuery), (q) => {
          const rule = parseFile(`### big\n${q}\n`, 'x.mmq').rules[0];
          assert.ok(rule);
          const result = splitRule(rule);
          assert.ok(result.ok, result.ok ? '' : `${q}\n${result.reason}`);
        }),
        { numRuns: 60 },
      );
    });

    it('splitFile keeps the other rules as written and leaves a clean file', () => {
      fc.assert(
        fc.property(messyFile, largeOrQuery, (text, big) => {
          const input = `${text}\n### big\n${big}\n`;
          const result = splitFile(input, 'x.mmq');
          fc.pre(result.ok);
          const output = result.ok ? result.text : '';
          const bigStart = input.lastIndexOf('### big');
          assert.equal(output.slice(0, bigStart), input.slice(0, bigStart));
          const before = parseFile(input, 'x.mmq');
          const after = parseFile(output, 'x.mmq');
          const kept = before.rules.filter((rule) => rule.id !== 'big');
          for (const rule of kept) {
            const same = after.rules.find((candidate) => candidate.id === rule.id);
            assert.equal(same?.queryText, rule.queryText);
          }
          const pieces = after.rules.filter((rule) => /^big-\d+$/.test(rule.id));
          assert.ok(pieces.length >= 2);
          for (const piece of pieces) {
            assert.deepEqual(piece.parsed.issues, []);
            assert.ok(countOperands(piece.parsed.query) <= 50);
          }
        }),
        { numRuns: 60 },
      );
    });
  });
});
