// "Why Not?" in words: the failed required part, the exclusion that removed the document, none of
// the operands; or that the rule matches it here.
import assert from 'node:assert/strict';
import { documentOfText } from '../../../core/lab/whyNot';
import { whyNotReport } from '../../../core/lab/whyNotReport';

const RULE = '(acme OR globex) AND rocket AND NOT spam';

describe('the Why Not? report', () => {
  it('names the exclusion that removed the text', () => {
    const report = whyNotReport('r', RULE, documentOfText('acme rocket spam'), 'The pasted text');
    assert.match(report, /\*\*The rule does not match it:\*\*/);
    assert.match(report, /- the exclusion `NOT spam` removes it/);
    assert.doesNotMatch(report, /none of its operands/);
  });

  it('names the missing required part and the operands none of which is there', () => {
    const report = whyNotReport('r', RULE, documentOfText('initech'), 'The pasted text');
    assert.match(report, /- none of its operands is in it: `acme`, `globex`/);
    assert.match(report, /- the required part `rocket` is not in it/);
  });

  it('says the rule matches a text it matches, and what that means against a service', () => {
    const report = whyNotReport('r', RULE, documentOfText('globex rocket'), 'The pasted text');
    assert.match(report, /\*\*The rule matches it\*\*/);
  });

  it('quotes at most 300 characters of a long text, on one line, with backticks made harmless', () => {
    const report = whyNotReport('r', 'a', documentOfText(`b\n\n${'c '.repeat(10_000)}`), 'Text');
    const quote = report.split('\n').find((line) => line.startsWith('> ')) ?? '';
    assert.ok(quote.length < 310, `${quote.length}`);
    const ticks = whyNotReport('r', 'acme AND NOT "x`y"', documentOfText('acme x`y'), 'Text');
    assert.match(ticks, /- the exclusion `NOT "x'y"` removes it/);
  });
});
