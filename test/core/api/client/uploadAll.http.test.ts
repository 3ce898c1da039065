// Uploading many documents in batches with a report for every document, against the sandbox.
import assert from 'node:assert/strict';
import { urlOf } from '../../../../core/api/client/uploadAll';
import type { UploadBatch } from '../../../../core/api/schemas/uploads';
import type { ReportLine } from '../../../../core/uploads/report';
import { uploadStream, type Prepared } from '../../../../core/uploads/upload';
import { fixture, NOW, READ_ONLY, type Fixture } from '../../../support/sandboxClient';

const TARGET = { project: '7c1e-demo' };

function documents(count: number, invalid: readonly number[] = []): UploadBatch {
  return Array.from({ length: count }, (_, index) =>
    invalid.includes(index)
      ? { create: { url: `https://news.acme.example/bulk-${index}` } }
      : {
          upsert: {
            url: `https://news.acme.example/bulk-${index}`,
            title: `Bulkupload ${index}`,
            content: 'acme',
            published: String(NOW - 3_600_000),
          },
        },
  );
}

describe('uploading many documents', () => {
  let f: Fixture;
  afterEach(() => f.close());

  it('sends batches of 500 and reports every document in order, refused ones with their reason', async () => {
    f = await fixture();
    const progress: number[] = [];
    const reports = await f.client.documents.uploadAll(TARGET, documents(1201, [3, 700]), {
      onProgress: (done) => progress.push(done),
    });
    assert.deepEqual(progress, [500, 1000, 1201]);
    assert.equal(reports.length, 1201);
    assert.deepEqual(
      reports.map((report) => report.index),
      Array.from({ length: 1201 }, (_, index) => index),
    );
    const refused = reports.filter((report) => report.fate === 'refused');
    assert.deepEqual(
      refused.map((report) => [report.index, report.url, report.statusCode]),
      [
        [3, 'https://news.acme.example/bulk-3', '16'],
        [700, 'https://news.acme.example/bulk-700', '16'],
      ],
    );
    assert.match(refused[0]!.message, /missing/);
    const found = await f.client.histograms.project('7c1e-demo', 'language', { q: 'bulkupload' });
    assert.equal(found.result_histogram.total_hits, 1199);
  });

  it('cancelled between batches: what was sent is reported as answered, the rest as not sent', async () => {
    f = await fixture();
    const controller = new AbortController();
    const reports = await f.client.documents.uploadAll(TARGET, documents(1200), {
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 500) controller.abort();
      },
    });
    assert.equal(reports.filter((report) => report.fate === 'applied').length, 500);
    const notSent = reports.filter((report) => report.fate === 'not-sent');
    assert.equal(notSent.length, 700);
    assert.equal(notSent[0]?.index, 500);
    assert.equal(notSent[0]?.message, 'cancelled');
  });

  it('a token that may not write: the first batch is refused with the reason, the rest not sent', async () => {
    f = await fixture();
    const reports = await f
      .clientWith({ token: READ_ONLY })
      .documents.uploadAll(TARGET, documents(600));
    assert.equal(reports.filter((report) => report.fate === 'refused').length, 500);
    assert.equal(reports[0]?.statusCode, '13');
    assert.match(reports[0]?.message ?? '', /may not do this/);
    assert.equal(reports.filter((report) => report.fate === 'not-sent').length, 100);
    assert.match(reports[599]?.message ?? '', /^not sent after an earlier batch failed/);
  });
});

describe('uploading a stream of checked documents (core/uploads/upload.ts)', () => {
  let f: Fixture;
  afterEach(() => f.close());

  function* prepared(count: number, skipEvery: number): Generator<Prepared> {
    const entries = documents(count);
    for (let index = 0; index < count; index++) {
      const line = index + 1;
      if (line % skipEvery === 0)
        yield { kind: 'skip', line, position: line, message: 'not sent: bad' };
      else {
        const entry = entries[index]!;
        yield { kind: 'send', line, position: line, url: urlOf(entry) ?? '', entry };
      }
    }
  }

  it('reports every item in input order, skipped ones in their place, in batches of at most 500', async () => {
    f = await fixture();
    const batches: number[] = [];
    const lines: ReportLine[] = [];
    for await (const line of uploadStream(f.client, TARGET, prepared(1100, 100), {
      onBatch: (counts) => batches.push(counts.applied + counts['not-sent']),
    }))
      lines.push(line);
    assert.deepEqual(batches, [500, 1000, 1100]);
    assert.deepEqual(
      lines.map((line) => line.line),
      Array.from({ length: 1100 }, (_, index) => index + 1),
    );
    assert.deepEqual(
      lines.filter((line) => line.outcome === 'not-sent').map((line) => line.line),
      Array.from({ length: 11 }, (_, index) => (index + 1) * 100),
    );
    assert.equal(lines.filter((line) => line.outcome === 'applied').length, 1089);
  });

  it('a stop between batches: the rest not-sent, each still reported', async () => {
    f = await fixture();
    const stop = new AbortController();
    const lines: ReportLine[] = [];
    for await (const line of uploadStream(f.client, TARGET, prepared(1200, 10_000), {
      stop: stop.signal,
      onBatch: () => stop.abort(),
    }))
      lines.push(line);
    assert.equal(lines.length, 1200);
    assert.equal(lines.filter((line) => line.outcome === 'applied').length, 500);
    assert.equal(lines[500]?.outcome, 'not-sent');
    assert.equal(lines[500]?.message, 'cancelled before it was sent');
  });

  it('a stop while a batch waits for the rate limit: it ends at once, that batch and the rest not-sent', async function () {
    // Without the stop reaching the wait, the second batch would wait a minute for the limit.
    this.timeout(20_000);
    f = await fixture();
    const stop = new AbortController();
    const waiting = f.client.governor.onChange((state) => {
      if (state.endpoint === 'upload' && state.queued > 0 && state.used >= state.limit)
        stop.abort();
    });
    const lines: ReportLine[] = [];
    try {
      for await (const line of uploadStream(f.client, TARGET, prepared(1200, 10_000), {
        stop: stop.signal,
        // After the first batch, the limit is used up (as when another client shares the token).
        onBatch: () => f.client.governor.saturate('upload'),
      }))
        lines.push(line);
    } finally {
      waiting.dispose();
    }
    assert.equal(lines.length, 1200);
    assert.deepEqual([...new Set(lines.map((line) => line.outcome))], ['applied', 'not-sent']);
    assert.equal(lines.filter((line) => line.outcome === 'applied').length, 500);
    assert.match(lines[500]?.message ?? '', /cancelled before it was sent/);
    assert.equal(lines[1199]?.message, 'cancelled before it was sent');
    // Nothing of the second batch reached the service.
    const stored = await f.client.histograms.project('7c1e-demo', 'language', { q: 'Bulkupload' });
    assert.equal(stored.result_histogram.total_hits, 500);
  });
});
