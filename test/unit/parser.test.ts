import assert from 'node:assert/strict';
import { Lexer } from 'chevrotain';
import { ALL_TOKENS, LEXER_OPTIONS } from '../../core/query/lexer';
import { parseQuery } from '../../core/query/parser';
import { printFlat } from '../../core/query/format/flat';
import type { QueryNode } from '../../core/query/ast';

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
