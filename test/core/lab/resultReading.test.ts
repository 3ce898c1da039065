// Why a result matched, as the results panel says it: the operands that match, the title's marks,
// an excerpt around the first matched words, and plainly when no operand matches here.
import assert from 'node:assert/strict';
import { ruleReader } from '../../../core/lab/resultReading';

describe('reading a result against its rule', () => {
  it('names the operands that match, marks their words in the title and an excerpt of the content', () => {
    const reader = ruleReader('(acme OR globex OR "road runner") AND NOT lang:fr');
    assert.ok(reader);
    const content = `${'filler '.repeat(40)}the Acme rocket beat the road runner again${' tail'.repeat(40)}`;
    const reading = reader.read({ title: 'Acme news', content, lang: 'en' });
    assert.deepEqual(reading.operands, ['acme', '"road runner"']);
    assert.deepEqual(reading.titleMarks, [[0, 4]]);
    const excerpt = reading.excerpt;
    assert.ok(excerpt);
    assert.ok(excerpt.text.startsWith('…') && excerpt.text.endsWith('…'), excerpt.text);
    const marked = excerpt.marks.map(([start, end]) => excerpt.text.slice(start, end));
    assert.deepEqual(marked, ['Acme', 'road', 'runner']);
    assert.equal(reading.unexplained, undefined);
  });

  it('says so when the service returned a document in which no operand matches here', () => {
    const reading = ruleReader('acme OR globex')?.read({ title: 'Initech', content: 'nothing' });
    assert.deepEqual(reading?.operands, []);
    assert.match(reading?.unexplained ?? '', /tokenisation or fields differ/);
  });

  it('reads nothing of a query that does not parse', () => {
    assert.equal(ruleReader('acme AND (globex'), null);
  });

  it('a megabyte of content: the excerpt stays short', () => {
    const content = `${'x '.repeat(500_000)}acme`;
    const reading = ruleReader('acme')?.read({ content });
    assert.ok((reading?.excerpt?.text.length ?? Infinity) < 200);
  });
});
