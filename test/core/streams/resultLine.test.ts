import assert from 'node:assert/strict';
import { resultLine } from '../../../core/streams/resultLine';

describe('a tail result as one line', () => {
  it('shows time (UTC), source, title, what matched and the URL', () => {
    const line = resultLine({
      data: {
        url: 'https://news.example.com/a/1',
        published: Date.UTC(2026, 10, 24, 9, 5, 7),
        title: 'Acme opens a plant',
        extra_source_attributes: { name: 'Example News' },
      },
      highlighted_data: [{ matched: { rule_id: 'brand', stream_id: 's' } }],
    });
    assert.equal(
      line,
      '2026-11-24T09:05:07Z  Example News  Acme opens a plant  [brand]  https://news.example.com/a/1',
    );
  });

  it('never breaks a line: line breaks and controls in a document become spaces', () => {
    const line = resultLine({
      data: {
        url: 'https://x.example/\r\nforged',
        title: 'one\ntwo\u2028three\u0007',
        domain_url: 'https://x.example',
      },
      highlighted_data: [{ matched: { collector_query_ids: ['q1', 'q2\nq3'] } }],
    });
    assert.doesNotMatch(line, /[\n\r\u2028]/);
    assert.ok(!line.includes('\u0007'));
    assert.match(line, /one two three/);
    assert.match(line, /\[q1,q2 q3\]/);
    assert.match(line, /^-\s+x\.example/);
  });

  it('shortens a long title; the record keeps it whole', () => {
    const line = resultLine({ data: { url: 'u', title: 'é'.repeat(500) }, highlighted_data: [] });
    assert.match(line, /é{119}… {2}\[-\]/);
  });
});
