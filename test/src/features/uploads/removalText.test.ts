// The words of a delete or an undelete in VS Code: the question (where, how many, what the list
// left out, how long the rate limit makes it) and the per-URL summary (each not done with its
// reason under it).
import assert from 'node:assert/strict';
import { noRemovals, type RemovalLine } from '../../../../core/uploads/removal';
import { urlListOf } from '../../../../core/uploads/urlList';
import {
  removalDetail,
  removalQuestion,
  removalSummary,
} from '../../../../src/features/uploads/removalText';

const url = (n: number) => `https://news.acme.example/${n}`;

describe('the words of delete and undelete', () => {
  it('the question names the action, how many and where', () => {
    assert.equal(
      removalQuestion('delete', 1, 'project 7c1e-demo'),
      'Delete 1 document from project 7c1e-demo?',
    );
    assert.equal(
      removalQuestion('undelete', 1_200, 'dataset ds-survey of project p-insights'),
      'Undelete 1,200 documents in dataset ds-survey of project p-insights?',
    );
  });

  it('the detail says what the list left out and, past a minute of calls, how long', () => {
    const text = [
      ...Array.from({ length: 250 }, (_, index) => url(index)),
      url(0),
      'not a url',
      'ftp://files.acme.example/x',
      'mailto:a@acme.example',
      'a b',
      JSON.stringify({ line: 9, url: url(9), outcome: 'refused' }),
    ].join('\n');
    assert.equal(
      removalDetail('delete', urlListOf(text), 'A note.'),
      [
        'They leave search; Undelete Documents… brings them back.',
        'A note.',
        '4 lines are not URLs and are left out: line 252: a URL holds no spaces: not a url; line 253: not an http or https URL (ftp:): ftp://files.acme.example/x; line 254: not an http or https URL (mailto:): mailto:a@acme.example; 1 more.',
        '1 URL given twice: sent once.',
        '1 line of the report not applied: left out.',
        'One call per document, at most 120 a minute: about 3 minutes.',
      ].join('\n'),
    );
    assert.equal(
      removalDetail('undelete', urlListOf(url(1))),
      'They come back into search as they were stored.',
    );
  });

  it('the summary: counts, then a line per URL, the reason under each not done', () => {
    const lines: RemovalLine[] = [
      { url: url(1), outcome: 'deleted', status_code: '0', message: 'OK' },
      { url: url(2), outcome: 'refused', status_code: '16', message: 'No document' },
      { url: url(3), outcome: 'not-sent', message: 'cancelled before it was sent' },
    ];
    const counts = { ...noRemovals(), deleted: 1, refused: 1, 'not-sent': 1 };
    assert.equal(
      removalSummary('Delete from project 7c1e-demo', counts, lines),
      [
        'Delete from project 7c1e-demo: 1 deleted, 1 refused, 1 not-sent (3 URLs)',
        '',
        `deleted    ${url(1)}`,
        `refused    ${url(2)}`,
        '           code 16: No document',
        `not-sent   ${url(3)}`,
        '           cancelled before it was sent',
        '',
      ].join('\n'),
    );
  });
});
