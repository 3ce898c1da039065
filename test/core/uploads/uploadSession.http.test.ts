// The upload use case that `mmq upload` and VS Code share (core/uploads/uploadSession.ts), against
// the sandbox over loopback HTTP: checks first, then exactly the checked documents sent, the
// report in input order, a retry folded into the report it retries.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readChunks } from '../../../core/uploads/fileChunks';
import { ReportMerge } from '../../../core/uploads/mergeReport';
import type { ReportLine } from '../../../core/uploads/report';
import { reportLines } from '../../../core/uploads/reportFile';
import { readRetryPlan } from '../../../core/uploads/retry';
import { UploadSession } from '../../../core/uploads/uploadSession';
import { fixture, NOW, type Fixture } from '../../support/sandboxClient';

const TARGET = { project: '7c1e-demo' };

/** An NDJSON line: a valid document, or one without its title (a problem the checks find). */
const documentLine = (index: number, valid = true) =>
  JSON.stringify({
    url: `https://news.acme.example/session-${index}`,
    ...(valid ? { title: `Sessionupload ${index}`, content: 'acme' } : {}),
    published: NOW - 3_600_000,
  });

async function fileOf(lines: readonly string[]): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'mmq-session-')), 'documents.ndjson');
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

describe('an upload session', () => {
  let f: Fixture;
  afterEach(() => f.close());

  it('checks every document first, then sends the checked ones, reporting each in input order', async () => {
    f = await fixture();
    const path = await fileOf(
      Array.from({ length: 1200 }, (_, index) => documentLine(index, index !== 7)),
    );
    const session = new UploadSession(
      { format: 'ndjson', chunks: (bytes) => readChunks(path, bytes) },
      { mode: 'create' },
    );
    const problems: number[] = [];
    const checked = await session.check((found) => problems.push(...found.map((p) => p.line)));
    assert.deepEqual(checked, { documents: 1200, refused: 1, stopped: false });
    assert.deepEqual([...new Set(problems)], [8], 'the document without title and content');

    // The file grows between the checks and the sending: what was checked is what goes.
    await writeFile(path, `${documentLine(5000)}\n`, { flag: 'a' });
    const recorded: number[] = [];
    const batches: number[] = [];
    const lines: ReportLine[] = [];
    for await (const line of session.send(f.client, TARGET, {
      record: (sending) => void recorded.push(sending.length),
      onBatch: (counts) => batches.push(counts.applied + counts['not-sent']),
    }))
      lines.push(line);
    // The document that failed the checks is not sent, so not recorded as being sent.
    assert.deepEqual(recorded, [499, 500, 200], 'each batch recorded before it is sent');
    assert.deepEqual(batches, [500, 1000, 1200]);
    assert.equal(session.reported, 1200);
    assert.deepEqual(
      lines.map((line) => line.line),
      Array.from({ length: 1200 }, (_, index) => index + 1),
    );
    assert.deepEqual(
      lines.filter((line) => line.outcome !== 'applied').map((line) => [line.line, line.outcome]),
      [[8, 'not-sent']],
    );
    await session.close();
  });

  it('a retry sends only what the report does not list as applied, and folds the new outcomes in', async () => {
    f = await fixture();
    const path = await fileOf(Array.from({ length: 6 }, (_, index) => documentLine(index)));
    const reportPath = join(path, '..', 'report.ndjson');
    // An earlier report: documents 1, 2 and 4 applied, 3 refused, 5 and 6 never reported.
    const earlier: ReportLine[] = [1, 2, 3, 4].map((line) => ({
      line,
      position: line,
      url: `https://news.acme.example/session-${line - 1}`,
      outcome: line === 3 ? 'refused' : 'applied',
      ...(line === 3 ? { status_code: '16', message: 'refused then' } : {}),
    }));
    await writeFile(reportPath, earlier.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const retry = await readRetryPlan(readChunks(reportPath));
    const session = new UploadSession(
      { format: 'ndjson', chunks: (bytes) => readChunks(path, bytes) },
      { mode: 'create', retry },
      new ReportMerge(reportLines(readChunks(reportPath))),
    );
    const checked = await session.check(() => assert.fail('no problem expected'));
    assert.equal(checked.documents, 3, 'the refused one and the two never reported');
    const lines: ReportLine[] = [];
    for await (const line of session.send(f.client, TARGET, { record: () => undefined }))
      lines.push(line);
    for await (const line of session.rest()) lines.push(line);
    await session.close();
    assert.equal(session.reported, 3);
    assert.deepEqual(
      lines.map((line) => [line.line, line.outcome]),
      [
        [1, 'applied'],
        [2, 'applied'],
        [3, 'applied'],
        [4, 'applied'],
        [5, 'applied'],
        [6, 'applied'],
      ],
    );
    assert.equal(lines[0]?.message, undefined);
  });

  it('stopped while checking: says so, and refuses to send', async () => {
    f = await fixture();
    const path = await fileOf(Array.from({ length: 50 }, (_, index) => documentLine(index)));
    const session = new UploadSession(
      { format: 'ndjson', chunks: (bytes) => readChunks(path, bytes) },
      { mode: 'create' },
    );
    const stop = new AbortController();
    stop.abort();
    const checked = await session.check(() => undefined, stop.signal);
    assert.equal(checked.stopped, true);
    await assert.rejects(async () => {
      for await (const line of session.send(f.client, TARGET, { record: () => undefined }))
        assert.fail(`nothing is sent: ${JSON.stringify(line)}`);
    }, /checks to have run whole/);
  });
});
