// The nesting budget (docs/decisions.md, "Hostile input in the language core"): how deep a query
// may nest is the language's decision, the same in every caller, and never the stack's.
import assert from 'node:assert/strict';
import { analyzeQuery, analyzeText } from '../../core/query/analysis';
import type { QueryNode } from '../../core/query/ast';
import { NESTING_LIMIT, parseQuery } from '../../core/query/parser';
import { children } from '../../core/query/walk';

const TOO_DEEP = /^nested more than 100 levels deep/;

function messages(text: string): string[] {
  return parseQuery(text).issues.map((issue) => issue.message);
}

/** The tree's height in nodes, without recursion (the test must not need the stack it checks). */
function height(root: QueryNode | null): number {
  let highest = 0;
  const stack: [QueryNode, number][] = root ? [[root, 1]] : [];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, level] = entry;
    highest = Math.max(highest, level);
    for (const child of children(node)) stack.push([child, level + 1]);
  }
  return highest;
}

/** Runs `task` with all but `spare` frames of a small function's worth of stack used up. */
function withStackUsed(spare: number, task: () => unknown): unknown {
  let deepest = 0;
  const probe = (depth: number): void => {
    deepest = depth;
    probe(depth + 1);
  };
  try {
    probe(0);
  } catch {
    // RangeError: the stack is full at `deepest`.
  }
  const descend = (depth: number): unknown => (depth <= 0 ? task() : descend(depth - 1));
  return descend(deepest - spare);
}

describe('the nesting budget', () => {
  it('accepts 100 levels of each kind of nesting and refuses the 101st with one diagnostic', () => {
    assert.equal(NESTING_LIMIT, 100);
    const kinds = [
      (n: number) => `${'('.repeat(n)}acme${')'.repeat(n)}`,
      (n: number) => `${'NOT '.repeat(n)}acme`,
      (n: number) => `${'-'.repeat(n)}acme`,
      (n: number) => `${'-('.repeat(n / 2)}acme${')'.repeat(n / 2)}`,
    ];
    for (const kind of kinds) {
      assert.deepEqual(messages(kind(100)), [], kind(100));
      const over = messages(kind(102));
      assert.equal(over.length, 1, kind(102));
      assert.match(over[0] ?? '', TOO_DEEP);
    }
  });

  it('reports where the nesting goes past the limit, and keeps the rest of the query', () => {
    const text = `acme OR ${'('.repeat(150)}x${')'.repeat(150)} OR rocket`;
    const parsed = parseQuery(text);
    assert.equal(parsed.issues.length, 1);
    const at = parsed.issues[0]!.span.start;
    assert.equal(at, 'acme OR '.length + 100);
    assert.equal(text[at], '(');
    const query = parsed.query;
    assert.ok(query?.kind === 'or' && query.operands.length === 3);
    assert.ok(height(query) <= 2 * NESTING_LIMIT + 2);
  });

  it('never gives an internal parser error, whatever nests how deep', () => {
    for (const text of [
      `${'('.repeat(170)}a${')'.repeat(170)}`,
      `${'('.repeat(100_000)}a`,
      `${')'.repeat(100_000)}a`,
      `${'-'.repeat(2000)}b`,
      `${'NOT '.repeat(50_000)}b`,
      `${'a NEAR '.repeat(50_000)}b`,
      `${'-(NOT '.repeat(20_000)}b`,
      `${'+'.repeat(50_000)}b`,
    ]) {
      const parsed = parseQuery(text);
      assert.ok(
        parsed.issues.every((issue) => !/internal/.test(issue.message)),
        text.slice(0, 20),
      );
      assert.ok(parsed.issues.length > 0, text.slice(0, 20));
      assert.ok(height(parsed.query) <= 2 * NESTING_LIMIT + 2, text.slice(0, 20));
    }
  });

  it('gives `-`×2000 + `b` one answer: the same in analyzeQuery and in a file', () => {
    const query = `${'-'.repeat(2000)}b`;
    const errors = analyzeQuery(query).filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => [d.code, d.span.start]),
      [['syntax', 100]],
    );
    assert.match(errors[0]!.message, TOO_DEEP);
    const inFile = analyzeText(`### r\n${query}\n`, 'x.mmq').diagnostics;
    assert.deepEqual(
      inFile.map((d) => [d.code, d.message, d.span.start - '### r\n'.length]),
      errors.map((d) => [d.code, d.message, d.span.start]),
    );
  });

  it('answers the same with most of the stack already used (a deep server handler, a worker)', () => {
    for (const query of [
      `${'-'.repeat(2000)}b`,
      `${'('.repeat(300)}a${')'.repeat(300)}`,
      `${'NOT '.repeat(1000)}a`,
      `${'('.repeat(NESTING_LIMIT)}a OR b${')'.repeat(NESTING_LIMIT)}`,
    ]) {
      const shallow = JSON.stringify(analyzeQuery(query));
      // 3,000 small frames: the budget this code promises to live within.
      const deep = JSON.stringify(withStackUsed(3000, () => analyzeQuery(query)));
      assert.equal(deep, shallow, query.slice(0, 20));
    }
  });
});
