// The language server's analysis cache: one parse per document text, never another document's.
import assert from 'node:assert/strict';
import { AnalysisCache } from '../../server/analysisCache';
import { DocumentText } from '../../server/documents/documentText';

describe('analysis cache', () => {
  it('parses a version once and answers the same analysis again', () => {
    const cache = new AnalysisCache();
    const text = DocumentText.of('### r\nacme');
    assert.equal(cache.get('file:///a.mmq', 1, text), cache.get('file:///a.mmq', 1, text));
  });

  it('a reused URI at the same version with other text gets a fresh analysis (untitled documents)', () => {
    const cache = new AnalysisCache();
    const first = cache.get('untitled:Untitled-1', 1, DocumentText.of('### old\nacme OR globex'));
    const second = cache.get(
      'untitled:Untitled-1',
      1,
      DocumentText.of('### new\nacme sourcetype:'),
    );
    assert.notEqual(second, first);
    assert.deepEqual(
      second.file.rules.map((rule) => rule.id),
      ['new'],
    );
  });
});
