// Piped input that used to make mmq fail with an internal error (exit 2) or abort out of memory:
// each is linted as what it is, with exit 1 for its errors, capped diagnostics and nothing on
// stderr; fmt and split of such input answer too.
import assert from 'node:assert/strict';
import { mmq } from './support/mmq';

describe('mmq on hostile input', function () {
  this.timeout(60_000);

  it('lints 35 KB of `a OR b a OR b …` from stdin: exit 1, capped, with the summaries', async () => {
    const result = await mmq(['lint', '-'], { stdin: 'a OR b '.repeat(5000) });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stderr, '');
    assert.match(
      result.stdout,
      /^<stdin>:1:\d+: warning mixed-and-or … and 4,899 more mixed-and-or warnings in this rule$/m,
    );
    assert.match(
      result.stdout,
      /^1 file checked: 2 errors, 101 warnings, 0 information, 101 hints$/m,
    );
  });

  it('lints a line of 200,000 terms: exit 1 for the limits', async () => {
    // Terms repeat: a duplicate-operand hint at nearly every one.
    const line = Array.from({ length: 200_000 }, (_, index) => `t${index % 1000}`).join(' ');
    const result = await mmq(['lint', '-'], { stdin: `${line}\n` });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /error length-limit/);
    assert.match(result.stdout, /error operand-limit 200000 operands/);
  });

  it('lints nesting past the budget as a syntax error, not an internal one', async () => {
    for (const stdin of [`${'('.repeat(170)}a${')'.repeat(170)}`, `${'-'.repeat(2000)}b`]) {
      const result = await mmq(['lint', '-'], { stdin });
      assert.equal(result.status, 1, result.stderr);
      assert.equal(result.stderr, '');
      assert.match(result.stdout, /^<stdin>:1:101: error syntax nested more than 100 levels deep/m);
      assert.doesNotMatch(result.stdout, /internal/);
    }
  });

  it('formats and splits such input, or says why not', async () => {
    const stdin = `### big\n${'a OR b '.repeat(5000)}\n`;
    const formatted = await mmq(['fmt', '-'], { stdin });
    assert.equal(formatted.status, 0, formatted.stderr);
    assert.match(formatted.stdout, /^### big\na\nOR b a\nOR b a\n/);
    const split = await mmq(['split', '-'], { stdin });
    assert.equal(split.status, 1);
    assert.match(
      split.stderr,
      /cannot be split: it has 10,000 operands \(limit 50\), and dividing it would take at least 200 rules/,
    );
  });
});
