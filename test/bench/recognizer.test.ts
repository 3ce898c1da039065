// The benchmarks' floor (test/bench/recognizer.ts) must be a real recognizer of the grammar, or
// "4× the floor" means nothing: it accepts the generated benchmark files, rejects broken ones,
// and on random and mutated text answers exactly what parseFile finds (see the recognizer's
// header for what "valid" covers). The generator's files are valid and deterministic.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeText } from '../../core/query/analysis';
import { parseFile } from '../../core/query/file';
import { countOperands } from '../../core/query/operands';
import { generateFile, oneCharacterEdit } from './generate';
import { recognize } from './recognizer';
import { messyFile, messyHeaderlessFile, tokenSoup } from '../core/query/support/arbitraries';

/** parseFile's verdict in the recognizer's terms: no syntax issue, no structural file issue. */
function parsesCleanly(text: string): boolean {
  const file = parseFile(text, 'bench.mmq');
  if (file.rules.some((rule) => rule.parsed.issues.length > 0)) return false;
  // Duplicates need a symbol table, not a grammar: the recognizer leaves them to analysis.
  return !file.issues.some(
    (issue) =>
      issue.code === 'file-structure' && !/^duplicate rule id|is given twice/.test(issue.message),
  );
}

const wrap = (query: string) => `### r1\n${query}\n`;

describe('the benchmark recognizer (the floor)', () => {
  it('accepts the generated files, which parse and analyse without an error', () => {
    for (const [bytes, seed] of [
      [10_000, 42],
      [100_000, 42],
      [20_000, 7],
      [20_000, 2025],
    ] as const) {
      const text = generateFile(bytes, seed);
      assert.ok(recognize(text), `seed ${seed}, ${bytes} bytes`);
      assert.ok(recognize(oneCharacterEdit(text)), `edited, seed ${seed}`);
      const { file, diagnostics } = analyzeText(text, 'bench.mmq');
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'),
        [],
      );
      assert.ok(file.rules.length >= bytes / 1000, 'many rules');
      for (const rule of file.rules) {
        const operands = countOperands(rule.parsed.query);
        assert.ok(operands >= 10 && operands <= 50, `${rule.id}: ${operands} operands`);
      }
    }
  });

  it('rejects broken queries: unbalanced parentheses, dangling operators and the rest', () => {
    const broken = [
      '(acme OR anvil',
      'acme OR anvil)',
      '((acme) OR anvil',
      '()',
      'acme AND',
      'acme OR',
      'OR acme',
      'acme AND OR anvil',
      'NOT',
      'acme NEAR/3',
      'NEAR/3 acme',
      'acme NEAR/101 anvil',
      'acme NEAR/3 anvil NEAR/3 rocket',
      'acme NEAR/3 lang:en',
      'acme NEAR/3 -anvil',
      'acme NEAR/3 (anvil AND rocket)',
      '"acme corp',
      '"acme corp"~101',
      'title:"acme',
      'acme~3',
      'lang:(en OR fr)',
      '- acme',
      '+lang:en',
      '+(acme)',
      '-NOT acme',
    ];
    for (const query of broken) {
      assert.equal(parsesCleanly(wrap(query)), false, `parseFile accepts ${query}`);
      assert.equal(recognize(wrap(query)), false, `recognizer accepts ${query}`);
    }
  });

  it('rejects broken files: headers, stray text, empty rules, annotations without a value', () => {
    const broken = [
      'acme\n### r1\nanvil\n',
      '### r1\n',
      '### r1\n// only a comment\n### r2\nacme\n',
      '###r1\nacme\n',
      '### \nacme\n',
      '### r1 acme\nanvil\n',
      '### -r1\nacme\n',
      `### ${'r'.repeat(129)}\nacme\n`,
      '// @stream\n### r1\nacme\n',
    ];
    for (const text of broken) {
      assert.equal(parsesCleanly(text), false, `parseFile accepts ${JSON.stringify(text)}`);
      assert.equal(recognize(text), false, `recognizer accepts ${JSON.stringify(text)}`);
    }
  });

  it('accepts the grammar’s corners', () => {
    const valid = [
      'acme',
      'NOT acme',
      'NOT NOT acme',
      'acme NOT anvil',
      '--acme',
      '-+acme',
      '++"ACME" OR +acme',
      'ANDROID OR ORACLE OR NEAR/ OR NEAR/5x',
      'acme NEAR (anvil OR (rocket OR "giant magnet"))',
      '(acme OR acmeco*) ONEAR/100 ("rocket skates"~ OR anvil~2)',
      'url:http://x.y site:"http://x.y" published:>1700000000000 lang:',
      'acme // a comment (with a parenthesis\n  AND anvil',
      'acme//not-a-comment',
      '"a phrase over\ntwo lines" -"x"',
      "マイクロソフト OR 🚀 OR l'oréal",
    ];
    for (const query of valid) {
      assert.ok(parsesCleanly(wrap(query)), `parseFile rejects ${query}`);
      assert.ok(recognize(wrap(query)), `recognizer rejects ${query}`);
    }
    assert.ok(recognize('// @stream s\n\nacme OR anvil\n'), 'a file without headers');
    assert.ok(recognize('  ### r1  // note\r\nacme\r\n### r2\racme\r'), 'CR and CRLF lines');
    assert.ok(recognize('// only comments\n\n'), 'no rule at all');
  });

  it('agrees with parseFile at the nesting limit and beyond', () => {
    for (const depth of [99, 100, 101, 150]) {
      for (const query of [
        `${'('.repeat(depth)}acme${')'.repeat(depth)}`,
        `${'NOT '.repeat(depth)}acme`,
        `${'-'.repeat(depth)}acme`,
        `${'-('.repeat(Math.ceil(depth / 2))}acme${')'.repeat(Math.ceil(depth / 2))}`,
        `${'('.repeat(depth - 1)}acme NEAR rocket${')'.repeat(depth - 1)}`,
      ]) {
        assert.equal(recognize(wrap(query)), parsesCleanly(wrap(query)), query);
        assert.equal(recognize(wrap(query)), depth <= 100, query);
      }
    }
  });

  it('breaking a generated file in one place makes it invalid', () => {
    const text = generateFile(20_000, 3);
    for (const breakage of [' (', ' AND', ') ', ' "', ' NEAR/3 lang:en']) {
      const at = text.indexOf('\n  AND ', text.length / 2);
      assert.equal(recognize(text.slice(0, at) + breakage + text.slice(at)), false, breakage);
    }
  });

  it('agrees with parseFile on random, messy and mutated text', () => {
    const pieces = fc.constantFrom(
      ...['(', ')', '"', ' ', ' ', '\n', 'AND', 'OR', 'NOT', 'NEAR/3', 'NEAR/101', '-', '+', '++'],
      ...['lang:', 'title:"a b"', 'a~3', 'x~1', '// c', '###', '### r', '\r\n', '\u00a0', 'acme'],
    );
    const soup = fc.array(pieces, { maxLength: 25 }).map((parts) => parts.join(''));
    const spaced = fc.array(pieces, { maxLength: 25 }).map((parts) => parts.join(' '));
    const mutated = fc
      .tuple(messyFile, fc.array(fc.tuple(fc.nat(), fc.nat(3), pieces), { maxLength: 3 }))
      .map(([text, edits]) =>
        edits.reduce((result, [at, remove, insert]) => {
          const index = at % (result.length + 1);
          return result.slice(0, index) + insert + result.slice(index + remove);
        }, text),
      );
    for (const text of [soup, spaced, tokenSoup, messyFile, messyHeaderlessFile, mutated]) {
      fc.assert(
        fc.property(text, (sample) => recognize(sample) === parsesCleanly(sample)),
        { numRuns: 800 },
      );
    }
  });

  it('generates the same text for the same seed, and another for another seed', () => {
    assert.equal(generateFile(30_000, 9), generateFile(30_000, 9));
    assert.notEqual(generateFile(30_000, 9), generateFile(30_000, 10));
    const text = generateFile(10_000);
    const edited = oneCharacterEdit(text);
    assert.equal(edited.length, text.length + 1);
  });
});
