// A collector read to a file against the sandbox over HTTP (issue 12): an export into a new,
// empty (paused) collector, then everything it holds to NDJSON and CSV, as many lines as the task
// processed; a cancelled read leaves the first results and says it is incomplete.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportTask } from '../../../core/api/schemas/tasks';
import { collectorToFile } from '../../../core/streams/collectorToFile';
import { dayOf, isRunning } from '../../../core/streams/exportTask';
import { CSV_COLUMNS } from '../../../core/streams/resultFile';
import { DOCUMENTS, fixture, NOW, post, type Fixture } from '../../support/sandboxClient';

const ACME = DOCUMENTS.filter((document) => document.title?.startsWith('Acme')).length;

describe('a collector read to a file', () => {
  let f: Fixture;
  let folder: string;
  beforeEach(async () => {
    f = await fixture();
    folder = mkdtempSync(join(tmpdir(), 'collector-file-'));
  });
  afterEach(async () => {
    rmSync(folder, { recursive: true, force: true });
    await f.close();
  });

  /** Exports the Acme stories into a new empty collector and waits (on the sandbox's clock) for the end. */
  async function exported(target: string): Promise<ExportTask> {
    const created = await f.client.collectors.put(target, undefined);
    assert.equal(created.result_stream.collectors[0]?.state, 'PAUSED');
    const answer = await f.client.exports.create(
      { query: 'acme' },
      { start: dayOf(NOW - 3 * 86_400_000), target },
    );
    let task = answer.result_tasks.tasks[0];
    assert.ok(task);
    while (isRunning(task)) {
      await post(f.sandbox.url, '/_sandbox/clock', { advance_ms: 2_000 });
      task = (await f.client.exports.get(task.id)).result_tasks.tasks[0] ?? task;
    }
    return task;
  }

  it('NDJSON and CSV hold one line per result the export processed', async () => {
    const task = await exported('target');
    assert.equal(task.status, 'FINISHED');
    assert.equal(task.processed, ACME);

    const ndjson = join(folder, 'target.ndjson');
    const counts: number[] = [];
    const written = await collectorToFile(f.client, {
      collectorId: 'target',
      path: ndjson,
      format: 'ndjson',
      onProgress: (count) => counts.push(count),
    });
    assert.deepEqual(written, { count: ACME, complete: true });
    assert.deepEqual(counts, [ACME], 'the final count is told');
    const lines = readFileSync(ndjson, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, task.processed);
    const titles = lines.map((line) => (JSON.parse(line) as { title: string }).title);
    assert.ok(titles.every((title) => title.startsWith('Acme')));
    assert.equal(new Set(titles).size, ACME, 'each once');

    const csv = join(folder, 'target.csv');
    await collectorToFile(f.client, { collectorId: 'target', path: csv, format: 'csv' });
    const rows = readFileSync(csv, 'utf8').trimEnd().split('\r\n');
    assert.equal(rows[0], CSV_COLUMNS.join(','));
    assert.equal(rows.length - 1, task.processed);
  });

  it('a cancelled read keeps what it wrote and says it is incomplete', async () => {
    await exported('target');
    const controller = new AbortController();
    const path = join(folder, 'cancelled.ndjson');
    const written = await collectorToFile(
      {
        collectors: {
          ...f.client.collectors,
          // Cancelled after the third result: the read ends there.
          read: async function* (id, options) {
            let seen = 0;
            for await (const event of f.client.collectors.read(id, options)) {
              yield event;
              if (event.kind === 'result' && ++seen === 3) controller.abort();
              if (options?.signal?.aborted) return;
            }
          },
        },
      },
      { collectorId: 'target', path, format: 'ndjson', signal: controller.signal },
    );
    assert.deepEqual(written, { count: 3, complete: false });
    assert.equal(readFileSync(path, 'utf8').trimEnd().split('\n').length, 3);
  });
});
