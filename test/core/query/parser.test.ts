import assert from 'node:assert/strict';
import { parseQuery, NESTING_LIMIT } from '../../../core/query/parser';
import { printFlat } from '../../../core/query/format/flat';
import type { QueryNode } from '../../../core/query/ast';
import { analyzeQuery, analyzeText } from '../../../core/query/analysis';
import { children } from '../../../core/query/walk';
import { Lexer } from 'chevrotain';
import { ALL_TOKENS, LEXER_OPTIONS } from '../../../core/query/lexer';

/** A compact S-expression of the tree, to assert structure and precedence. */
function shape(node: QueryNode | null): string {
  if (!node) return '∅';
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.raw;
    case 'field':
      return `${node.name}:${node.value?.raw ?? ''}`;
    case 'group':
      return `(${shape(node.expression)})`;
    case 'not':
      return `not[${shape(node.operand)}]`;
    case 'and':
      return `and[${node.operands.map(shape).join(' ')}]`;
    case 'or':
      return `or[${node.operands.map(shape).join(' ')}]`;
    case 'proximity':
      return `${node.operator}${node.distance ?? ''}[${shape(node.left)} ${shape(node.right)}]`;
    case 'error':
      return '!';
  }
}

const tree = (text: string): string => shape(parseQuery(text).query);
const issues = (text: string): string[] => parseQuery(text).issues.map((issue) => issue.message);

describe('parser', () => {
  it('binds OR loosest, then AND, then NOT, then proximity', () => {
    assert.equal(tree('a OR b AND c'), 'or[a and[b c]]');
    assert.equal(tree('NOT a b'), 'and[not[a] b]');
    assert.equal(tree('a AND NOT b'), 'and[a not[b]]');
    assert.equal(tree('a NEAR/3 b OR c'), 'or[NEAR3[a b] c]');
    assert.equal(tree('NOT a NEAR/2 b'), 'not[NEAR2[a b]]');
  });
  it('reads juxtaposition as AND and keeps it implicit', () => {
    const parsed = parseQuery('chocolate -swiss');
    assert.equal(shape(parsed.query), 'and[chocolate not[swiss]]');
    assert.equal(printFlat(parsed.query!), 'chocolate -swiss');
  });
  it('reads prefixes, fields, comparisons, fuzzy and compound forms', () => {
    assert.equal(
      tree('-site:"mysite.com" +"l\'oréal" ++"L\'Oréal" +word'),
      'and[not[site:"mysite.com"] +"l\'oréal" ++"L\'Oréal" +word]',
    );
    const node = parseQuery('published:>=1633039200000').query;
    assert.ok(
      node?.kind === 'field' &&
        node.value?.kind === 'comparison' &&
        node.value.operator === '>=' &&
        node.value.value === 1633039200000,
    );
    const fuzzy = parseQuery('roam~1').query;
    assert.ok(
      fuzzy?.kind === 'term' &&
        fuzzy.shape.form === 'fuzzy' &&
        fuzzy.shape.edits === 1 &&
        fuzzy.text === 'roam',
    );
    const compound = parseQuery('carsharing~').query;
    assert.ok(compound?.kind === 'term' && compound.shape.form === 'compound');
    const phrase = parseQuery('"obama merkel"~5').query;
    assert.ok(
      phrase?.kind === 'phrase' && phrase.proximity === 5 && phrase.text === 'obama merkel',
    );
  });
  it('keeps colons of a field value: `url:http://x` is one clause', () => {
    assert.equal(tree('url:http://x.y/z'), 'url:http://x.y/z');
  });
  it('reads NEAR alone as NEAR/15 and proximity over OR-groups', () => {
    assert.equal(tree('a NEAR b'), 'NEAR15[a b]');
    assert.equal(tree('(a OR "b c") ONEAR/2 (d OR e*)'), 'ONEAR2[(or[a "b c"]) (or[d e*])]');
  });
  it('treats operators in lower case and longer words as terms', () => {
    assert.equal(tree('acme and ANDROID NEAR/x'), 'and[acme and ANDROID NEAR/x]');
  });
  it('never throws and reports several problems in one query', () => {
    assert.deepEqual(issues('(a OR ) AND'), [
      '`OR` needs an operand after it, but `)` follows',
      '`AND` needs an operand after it at the end of the query',
    ]);
    assert.deepEqual(issues(')) a'), [
      'unbalanced `)`: no `(` opens it; remove it',
      'unbalanced `)`: no `(` opens it; remove it',
    ]);
    assert.deepEqual(issues('a - b'), [
      '`-` must be written right before what it excludes, as in `-word`',
    ]);
    assert.deepEqual(issues('lang:(en OR fr)'), [
      'a field takes one value, not a group: write `(lang:a OR lang:b)`',
    ]);
    assert.deepEqual(issues('a NEAR/3 b NEAR/2 c').length, 1);
    assert.deepEqual(issues('lang:en NEAR b'), [
      'NEAR takes words, phrases, wildcards or an OR-group of them, not a field clause',
    ]);
    assert.deepEqual(issues('a NEAR/101 b x~3 "a b"~200'), [
      '`NEAR/101`: the distance must be between 0 and 100',
      '`x~3`: a fuzzy term allows 0 to 2 changed characters',
      'phrase proximity `~N` must be between 0 and 100',
    ]);
  });
  it('gives every node the exact source offsets', () => {
    const text = '  acme OR "acme corp"';
    const node = parseQuery(text).query;
    assert.ok(node?.kind === 'or');
    assert.equal(text.slice(node.span.start, node.span.end), 'acme OR "acme corp"');
    assert.equal(text.slice(node.operators[0]!.start, node.operators[0]!.end), 'OR');
  });
  it('parses a range of a larger text with document offsets', () => {
    const text = '### r\nacme AND rocket';
    const parsed = parseQuery(text, { start: 6, end: text.length });
    assert.equal(
      parsed.tokens.map((token) => text.slice(token.span.start, token.span.end)).join('|'),
      'acme|AND|rocket',
    );
  });
});

// The nesting budget (docs/decisions.md, "Hostile input in the language core"): how deep a query
// may nest is the language's decision, the same in every caller, and never the stack's.
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

describe('the lexer definition', () => {
  // The lexer is built without Chevrotain's validation when mmq and the server start
  // (core/query/lexer.ts): its definition is checked here instead.
  it("passes Chevrotain's validation of its token types", () => {
    const lexer = new Lexer(ALL_TOKENS, { ...LEXER_OPTIONS, deferDefinitionErrorsHandling: true });
    assert.deepEqual(
      lexer.lexerDefinitionErrors.map((error) => error.message),
      [],
    );
  });
});
