// Persistence benchmarks: what a data directory costs. A restart replays the journal, so its time
// grows with the journal; measured beside the start of an empty data directory in the same run.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import { measureAsync, type Measurement } from './measure';

const TOKEN = 'bench';

async function post(base: string, path: string, body: unknown, method = 'POST'): Promise<void> {
  const url = new URL(path, base);
  url.searchParams.set('access_token', TOKEN);
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** A data directory whose journal holds `writes` live arrivals, uploads, collectors and clock moves. */
async function journalOf(
  writes: number,
): Promise<{ dataDir: string; records: number; perWrite: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mmq-bench-data-'));
  const sandbox = await startSandbox({ dataDir, docs: 0, rate: 0, token: TOKEN });
  const started = process.hrtime.bigint();
  try {
    for (let id = 0; id < 5; id++)
      await post(
        sandbox.url,
        `/api/v3/stream/c/bench-${id}`,
        {
          collector_query: { queries: [{ id: 'q', query: 'acme OR globex' }] },
        },
        'PUT',
      );
    const published = String(Date.now() - 3_600_000);
    for (let index = 0; index < writes; index++) {
      await post(sandbox.url, '/_sandbox/live', {
        documents: [{ title: `Acme ${index}`, content: 'acme news of the day' }],
      });
      if (index % 10 === 0)
        await post(sandbox.url, '/api/v2/docs/p/7c1e-demo', [
          {
            upsert: {
              url: `https://news.acme.example/b${index}`,
              title: 'Bench',
              content: 'acme',
              published,
            },
          },
        ]);
      // Uploads are limited to 120 a minute: move the clock on.
      if (index % 1000 === 999) await post(sandbox.url, '/_sandbox/clock', { advance_ms: 60_000 });
    }
  } finally {
    await sandbox.close();
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  const records = writes + Math.ceil(writes / 10) + Math.floor(writes / 1000) + 5;
  return { dataDir, records, perWrite: elapsed / records };
}

/**
 * A data directory whose journal holds a virtual day of firehose arrivals at rate 2: 24 clock
 * jumps of an hour, each delivering what the jump skipped (capped at 5,000 documents a jump).
 */
async function firehoseDay(): Promise<{ dataDir: string; documents: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mmq-bench-firehose-'));
  const sandbox = await startSandbox({ dataDir, docs: 0, rate: 2, token: TOKEN });
  try {
    for (let hour = 0; hour < 24; hour++)
      await post(sandbox.url, '/_sandbox/clock', { advance_ms: 3_600_000 });
  } finally {
    await sandbox.close();
  }
  return { dataDir, documents: 24 * 5_000 };
}

export interface RestartBench {
  readonly name: string;
  readonly subject: Measurement;
  readonly floor: Measurement;
  readonly journaledWriteMs: number;
  /** A restart replaying a virtual day of firehose arrivals (the same floor). */
  readonly firehose: { readonly name: string; readonly subject: Measurement };
}

/** Restart with a journal of several thousand records, beside an empty data directory. */
export async function sandboxRestart(quick: boolean): Promise<RestartBench> {
  const writes = quick ? 1000 : 5000;
  const { dataDir, records, perWrite } = await journalOf(writes);
  const empty = await mkdtemp(join(tmpdir(), 'mmq-bench-empty-'));
  const start = async (directory: string) => {
    const sandbox = await startSandbox({ dataDir: directory, docs: 0, rate: 0, token: TOKEN });
    await sandbox.close();
  };
  const iterations = quick ? 1 : 5;
  const day = await firehoseDay();
  const firehose = {
    name: `restart replaying a virtual day of firehose arrivals at rate 2 (24 clock jumps of an hour, ${day.documents.toLocaleString('en')} live documents made again), vs an empty data directory`,
    subject: await measureAsync(
      async () => {
        const sandbox = await startSandbox({ dataDir: day.dataDir, rate: 2, token: TOKEN });
        await sandbox.close();
      },
      quick ? 1 : 3,
    ),
  };
  return {
    firehose,
    name: `restart replaying a journal of ${records.toLocaleString('en')} records (no corpus), vs an empty data directory`,
    subject: await measureAsync(() => start(dataDir), iterations),
    floor: await measureAsync(() => start(empty), iterations),
    journaledWriteMs: perWrite,
  };
}
