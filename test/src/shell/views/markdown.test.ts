// Tooltips built from the service's strings show them exactly: escaped in prose, verbatim in code.
import assert from 'node:assert/strict';
import { escapeMarkdown, markdownCode } from '../../../../src/shell/views/markdown';
import { topicTooltip } from '../../../../src/features/projects/topicTooltip';

/** What CommonMark shows for a code span: its content, one space stripped from each end when both have one. */
function shownCode(span: string): string {
  const fence = /^`+/.exec(span)?.[0] ?? '';
  assert.ok(fence && span.endsWith(fence) && span.length > 2 * fence.length, span);
  const content = span.slice(fence.length, -fence.length);
  assert.ok(!content.split(/[^`]+/).includes(fence), `${span}: a run inside closes the fence`);
  return /^ .* $/.test(content) && content.trim() !== '' ? content.slice(1, -1) : content;
}

describe('Markdown for tooltips', () => {
  it('shows a topic id in code as it is, without escapes', () => {
    const tooltip = topicTooltip({
      id: 't-rocket',
      title: 'Rocket *launch* (EU)',
      included_queries: ['a', 'b'],
      excluded_queries: [],
    });
    assert.equal(tooltip, '**Rocket \\*launch\\* \\(EU\\)** `t-rocket`\n\n2 included, 0 excluded');
  });

  it('fences an id holding backticks with a longer run', () => {
    assert.equal(markdownCode('a`b'), '``a`b``');
    assert.equal(markdownCode('a``b`c'), '```a``b`c```');
    for (const id of ['`x', 'x`', '``', ' x ', ' x', '  ', 't\\-rocket', 'a`b``c', 'plain'])
      assert.equal(shownCode(markdownCode(id)), id, JSON.stringify(id));
  });

  it('escapes every character that could start Markdown in prose', () => {
    assert.equal(
      escapeMarkdown('a_b & <i>#1</i> ~~x~~ [l](u)'),
      'a\\_b \\& \\<i\\>\\#1\\<\\/i\\> \\~\\~x\\~\\~ \\[l\\]\\(u\\)',
    );
    assert.equal(escapeMarkdown('Acme 2024'), 'Acme 2024');
  });
});
