// The urls a delete or an undelete is for, read from what a user has at hand: a URL a line, or an
// upload report whose applied lines are taken; blank lines ignored, a url given twice taken once,
// anything else a problem on its line (nothing is sent while there is one).
import assert from 'node:assert/strict';
import { MAX_PIECE_BYTES } from '../../../core/uploads/items';
import { readUrlList, urlListOf, urlProblem } from '../../../core/uploads/urlList';

const url = (n: number) => `https://news.acme.example/${n}`;

describe('url lists for delete and undelete', () => {
  it('a URL a line, blank lines and surrounding spaces ignored, CRLF too; each URL once, in order', () => {
    const list = urlListOf(`  ${url(2)}\r\n\n${url(1)}\n${url(2)}\n   \n`);
    assert.deepEqual(list.urls, [url(2), url(1)]);
    assert.equal(list.repeated, 1);
    assert.deepEqual(list.problems, []);
  });

  it("an upload report: its applied lines' urls; the others counted, not taken", async () => {
    const report = [
      { line: 1, url: url(1), outcome: 'applied', status_code: '0', message: 'OK' },
      { line: 2, url: url(2), outcome: 'refused', status_code: '16', message: 'no channel' },
      { line: 3, outcome: 'not-sent', message: 'not sent: title: is required' },
      { line: 4, url: url(4), outcome: 'applied', status_code: '0', message: 'OK' },
      { line: 5, url: url(5), outcome: 'unknown', message: 'the connection closed' },
    ];
    const list = await readUrlList([
      Buffer.from(report.map((line) => JSON.stringify(line)).join('\n')),
    ]);
    assert.deepEqual(list.urls, [url(1), url(4)]);
    assert.equal(list.notApplied, 3);
    assert.deepEqual(list.problems, []);
  });

  it('what is not an http(s) URL is a problem on its line, saying why', async () => {
    const list = await readUrlList([
      Buffer.from(
        [
          url(1),
          'news.acme.example/no-scheme',
          'mailto:press@acme.example',
          'https://news.acme.example/a b',
          '{"url": "https://news.acme.example/1"}',
          '{"line": 1, "url": "javascript:alert(1)", "outcome": "applied"}',
          'x'.repeat(MAX_PIECE_BYTES + 1),
        ].join('\n'),
      ),
    ]);
    assert.deepEqual(list.urls, [url(1)]);
    assert.deepEqual(
      list.problems.map((problem) => `${problem.line} ${problem.message}`),
      [
        '2 not a URL (an absolute http or https address): news.acme.example/no-scheme',
        '3 not an http or https URL (mailto:): mailto:press@acme.example',
        '4 a URL holds no spaces: https://news.acme.example/a b',
        '5 neither a URL nor a line of an upload report ({"line": N, "outcome": …})',
        '6 not an http or https URL (javascript:): javascript:alert(1)',
        `7 ${(MAX_PIECE_BYTES + 1).toLocaleString('en')} bytes or more: not a URL`,
      ],
    );
  });

  it('a long URL is named shortened in its problem', () => {
    const long = `ftp://files.acme.example/${'a'.repeat(200)}`;
    const [problem] = urlListOf(long).problems;
    assert.ok((problem?.message.length ?? 0) < 150, problem?.message);
    assert.equal(urlProblem(url(1)), undefined);
  });
});
