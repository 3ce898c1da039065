import assert from 'node:assert/strict';
import { parseFile } from '../../../core/query/file';

const SPEC_EXAMPLE = `// @stream brand-watch
// @project 7c1e-demo

### acme-core
(acme OR "acme corp") AND NOT lang:fr
  AND sourcetype:ONLINENEWS     // comments may follow query text

### acme-products
acme NEAR/5 (anvil OR rocket OR "giant magnet")
`;

describe('the .mmq file level', () => {
  it('reads the spec example: annotations, two rules, their query text without comments', () => {
    const file = parseFile(SPEC_EXAMPLE, 'x.mmq');
    assert.deepEqual(
      file.annotations.map((annotation) => [annotation.name, annotation.value]),
      [
        ['stream', 'brand-watch'],
        ['project', '7c1e-demo'],
      ],
    );
    assert.deepEqual(
      file.rules.map((rule) => rule.id),
      ['acme-core', 'acme-products'],
    );
    assert.equal(
      file.rules[0]!.queryText,
      '(acme OR "acme corp") AND NOT lang:fr AND sourcetype:ONLINENEWS',
    );
    assert.equal(file.rules[1]!.queryText, 'acme NEAR/5 (anvil OR rocket OR "giant magnet")');
    assert.deepEqual(file.issues, []);
  });
  it('does not take // inside a phrase or a URL for a comment', () => {
    const file = parseFile('### r\nsite:"http://x.y" url:http://x // real\n', 'x.mmq');
    assert.equal(file.rules[0]!.queryText, 'site:"http://x.y" url:http://x');
    assert.equal(file.comments.length, 1);
  });
  it('names the rule of a header-less file after the file', () => {
    const file = parseFile('// @stream s\nacme\nOR rocket\n', '/some/dir/brand-watch.mmq');
    assert.deepEqual(
      file.rules.map((rule) => [rule.id, rule.queryText]),
      [['brand-watch', 'acme OR rocket']],
    );
  });
  it('gives an empty header-less file no rule and no problem', () => {
    assert.deepEqual(parseFile('// just notes\n', 'x.mmq').rules, []);
    assert.deepEqual(parseFile('', 'x.mmq').issues, []);
  });
  it('accepts CRLF line ends', () => {
    const file = parseFile('### a\r\nacme\r\n### b\r\nrocket\r\n', 'x.mmq');
    assert.deepEqual(
      file.rules.map((rule) => [rule.id, rule.queryText]),
      [
        ['a', 'acme'],
        ['b', 'rocket'],
      ],
    );
  });
  it('reads annotations only before the first rule', () => {
    const file = parseFile('### r\n// @stream late\nacme\n', 'x.mmq');
    assert.deepEqual(file.annotations, []);
  });
  it('reports a header without a blank after ### and text after the id', () => {
    const file = parseFile('###r\nacme\n### s extra\nrocket\n', 'x.mmq');
    assert.deepEqual(
      file.issues.map((issue) => issue.message),
      [
        'put a blank between `###` and the rule id',
        'a rule header holds only `###` and the rule id: move the query to the next line',
      ],
    );
  });
});
