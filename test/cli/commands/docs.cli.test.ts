// `mmq docs delete|undelete` against a sandbox over loopback HTTP: documents uploaded by
// `mmq upload` leave search when deleted from the upload's own report and come back when
// undeleted by URL; a URL never uploaded is refused with the service's reason; a Ctrl-C lets the
// call under way finish and sends no more; a connection cut leaves its URL `unknown`; usage and
// lines that are not URLs exit 2 with nothing sent.
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemovalLine } from '../../../core/uploads/removal';
import type { RunningSandbox } from '../../../sandbox/server';
import { documentOf, ndjson, urlOf } from '../support/documents';
import { mmq, startMmq, workspace } from '../support/mmq';
import { useDocumentSandbox, type DocumentSandbox } from '../support/sandbox';
import { interruptWhileHeld, uploadProxy } from '../support/uploadProxy';

const TOKEN = 'cli-docs-token-0123';
const PROJECT = '7c1e-demo';

const documentsOf = (word: string, count: number) =>
  ndjson(
    Array.from({ length: count }, (_, index) =>
      documentOf(word, index + 1, 'uploaded, then deleted'),
    ),
  );
const linesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RemovalLine);
const outcomes = (lines: readonly RemovalLine[]) =>
  lines.map((line) => `${line.url.replace(/^.*\//, '')} ${line.outcome}`);

describe('mmq docs delete and undelete', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let foundIn: DocumentSandbox['found'];
  /** How many documents of the project a search finds with this word. */
  const found = (word: string, project = PROJECT) => foundIn(word, project);
  /** Uploads `count` documents findable by `word`; the upload's report file. */
  const uploaded = async (word: string, count: number, extra: string[] = []) => {
    const dir = await workspace({ 'docs.ndjson': documentsOf(word, count) });
    const report = join(dir, 'report.ndjson');
    const result = await mmq(
      ['upload', join(dir, 'docs.ndjson'), '--project', PROJECT, '--report', report, ...extra],
      { env },
    );
    assert.equal(result.status, 0, result.stderr);
    return { dir, report };
  };

  useDocumentSandbox(TOKEN, (started) => ({ sandbox, env, found: foundIn } = started));

  it('delete from the upload report: gone from search; undelete by URL: found again', async () => {
    const { report } = await uploaded('undoneupload', 3);
    assert.equal(await found('undoneupload'), 3);

    const deleted = await mmq(['docs', 'delete', '--project', PROJECT, '--from', report], { env });
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.deepEqual(outcomes(linesOf(deleted.stdout)), [
      'undoneupload-1 deleted',
      'undoneupload-2 deleted',
      'undoneupload-3 deleted',
    ]);
    assert.deepEqual(linesOf(deleted.stdout)[0], {
      url: urlOf('undoneupload', 1),
      outcome: 'deleted',
      status_code: '0',
      message: 'OK',
    });
    assert.match(deleted.stderr, /delete: 3 URLs of project 7c1e-demo/);
    assert.match(deleted.stderr, /3 URLs: 3 deleted/);
    assert.equal(await found('undoneupload'), 0);

    const undeleted = await mmq(
      [
        'docs',
        'undelete',
        '--project',
        PROJECT,
        urlOf('undoneupload', 2),
        urlOf('undoneupload', 3),
      ],
      { env },
    );
    assert.equal(undeleted.status, 0, undeleted.stderr);
    assert.deepEqual(outcomes(linesOf(undeleted.stdout)), [
      'undoneupload-2 undeleted',
      'undoneupload-3 undeleted',
    ]);
    assert.equal(await found('undoneupload'), 2);
  });

  it('a URL never uploaded: refused with the reason of the service, exit 1; the others deleted', async () => {
    await uploaded('halfknown', 1);
    const never = 'https://news.acme.example/never-uploaded';
    const result = await mmq(
      ['docs', 'delete', '--project', PROJECT, never, urlOf('halfknown', 1)],
      { env },
    );
    assert.equal(result.status, 1, result.stderr);
    const [refused, deleted] = linesOf(result.stdout);
    assert.deepEqual(refused, {
      url: never,
      outcome: 'refused',
      status_code: '16',
      message: `No document with url ${never} to delete`,
    });
    assert.equal(deleted?.outcome, 'deleted');
    assert.match(
      result.stderr,
      /^mmq docs delete: https:\/\/news\.acme\.example\/never-uploaded: refused \(code 16\): No document with url .* to delete$/m,
    );
    assert.equal(await found('halfknown'), 0);
    // An undelete of what was never deleted is refused the same way.
    const again = await mmq(['docs', 'undelete', '--project', PROJECT, never], { env });
    assert.equal(again.status, 1);
    assert.match(linesOf(again.stdout)[0]?.message ?? '', /No deleted document with url/);
  });

  it('into a dataset: --dataset names where they are; the project itself has no such document', async () => {
    const dir = await workspace({
      'docs.ndjson': documentsOf('indataset', 1).replace(/news\.acme/g, 'reviews.acme'),
    });
    const upload = await mmq(
      [
        'upload',
        join(dir, 'docs.ndjson'),
        '--project',
        'p-insights',
        '--dataset',
        'ds-survey',
        '--report',
        join(dir, 'report.ndjson'),
      ],
      { env },
    );
    assert.equal(upload.status, 0, upload.stderr);
    const from = ['--from', join(dir, 'report.ndjson')];
    const wrong = await mmq(['docs', 'delete', '--project', 'p-insights', ...from], { env });
    assert.equal(wrong.status, 1);
    assert.equal(linesOf(wrong.stdout)[0]?.outcome, 'refused');
    const right = await mmq(
      ['docs', 'delete', '--project', 'p-insights', '--dataset', 'ds-survey', ...from],
      { env },
    );
    assert.equal(right.status, 0, right.stderr);
    assert.equal(await found('indataset', 'p-insights'), 0);
  });

  it('a project that does not exist: the first URL refused, the rest not sent', async () => {
    const result = await mmq(
      ['docs', 'delete', '--project', 'no-such-project', urlOf('x', 1), urlOf('x', 2)],
      { env },
    );
    assert.equal(result.status, 1);
    const lines = linesOf(result.stdout);
    assert.deepEqual(
      lines.map((line) => line.outcome),
      ['refused', 'not-sent'],
    );
    assert.match(lines[0]?.message ?? '', /no-such-project/);
    assert.match(lines[1]?.message ?? '', /^not sent after an earlier call failed/);
  });

  it('Ctrl-C: the call under way finishes, nothing more is sent, exit 130, every URL has its line', async () => {
    const { report } = await uploaded('interrupteddelete', 5);
    const proxy = await uploadProxy(sandbox.url, 2, 'hold');
    const dir = await workspace({});
    const out = join(dir, 'out.ndjson');
    const fd = openSync(out, 'w');
    try {
      const running = startMmq(['docs', 'delete', '--project', PROJECT, '--from', report], {
        env: { ...env, MEDIA_MONITORING_URL: proxy.url },
        stdout: fd,
      });
      await interruptWhileHeld(proxy, running);
      assert.equal(proxy.uploads(), 2);
    } finally {
      proxy.close();
      closeSync(fd);
    }
    assert.deepEqual(outcomes(linesOf(readFileSync(out, 'utf8'))), [
      'interrupteddelete-1 deleted',
      'interrupteddelete-2 deleted',
      'interrupteddelete-3 not-sent',
      'interrupteddelete-4 not-sent',
      'interrupteddelete-5 not-sent',
    ]);
    assert.equal(await found('interrupteddelete'), 3);
  });

  it('a connection cut after a call was sent: that URL unknown, the next ones go on', async () => {
    const { report } = await uploaded('cutdelete', 3);
    const proxy = await uploadProxy(sandbox.url, 2, 'cut');
    try {
      const result = await mmq(['docs', 'delete', '--project', PROJECT, '--from', report], {
        env: { ...env, MEDIA_MONITORING_URL: proxy.url },
      });
      assert.equal(result.status, 1, result.stderr);
      assert.deepEqual(outcomes(linesOf(result.stdout)), [
        'cutdelete-1 deleted',
        'cutdelete-2 unknown',
        'cutdelete-3 deleted',
      ]);
    } finally {
      proxy.close();
    }
    // The cut call did land: the sandbox deleted it before the connection was cut.
    assert.equal(await found('cutdelete'), 0);
  });

  it('URLs from stdin; a URL given twice is sent once', async () => {
    await uploaded('fromstdin', 2);
    const result = await mmq(['docs', 'delete', '--project', PROJECT, '--from', '-'], {
      env,
      stdin: `${urlOf('fromstdin', 1)}\n\n${urlOf('fromstdin', 2)}\r\n${urlOf('fromstdin', 1)}\n`,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(linesOf(result.stdout).length, 2);
    assert.match(result.stderr, /<stdin>: 1 URL given again, sent once/);
  });

  it('usage: no URLs, URLs and --from, a line that is not a URL: exit 2, nothing sent', async () => {
    const { report } = await uploaded('notsentatall', 1);
    const none = await mmq(['docs', 'delete', '--project', PROJECT], { env });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /give the documents: their URLs as arguments, or --from FILE/);
    const both = await mmq(
      ['docs', 'delete', '--project', PROJECT, urlOf('notsentatall', 1), '--from', report],
      { env },
    );
    assert.equal(both.status, 2);
    assert.match(both.stderr, /not both/);
    const dir = await workspace({
      'urls.txt': `${urlOf('notsentatall', 1)}\nftp://files.acme.example/a\nnot a url\n{"title": "x"}\n`,
    });
    const file = join(dir, 'urls.txt');
    const bad = await mmq(['docs', 'delete', '--project', PROJECT, '--from', file], { env });
    assert.equal(bad.status, 2);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, new RegExp(`^${file}:2: not an http or https URL \\(ftp:\\)`, 'm'));
    assert.match(bad.stderr, new RegExp(`^${file}:3: a URL holds no spaces`, 'm'));
    assert.match(bad.stderr, new RegExp(`^${file}:4: neither a URL nor a line of an upload`, 'm'));
    assert.match(bad.stderr, /3 lines are not URLs: nothing was sent/);
    const missing = await mmq(
      ['docs', 'delete', '--project', PROJECT, '--from', join(dir, 'nope.txt')],
      { env },
    );
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read .*nope\.txt: no such file/);
    assert.equal(await found('notsentatall'), 1);
  });
});
