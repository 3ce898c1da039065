// Tail throughput: a collector holding `count` results read to its end over loopback
// HTTP from a sandbox in another process, three ways in one run: the client's reader alone (the raw ingest rate: the floor), a tail
// into an output-channel-like sink (lines formatted, batched), and a tail that also writes the
// NDJSON record and keeps a checkpoint per batch. While the tails run, the event loop's delay is
// sampled (what an extension host's other work would wait), and the heap is measured after a GC
// before and after (what a long tail keeps: nothing should grow with the count).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MediaMonitoringClient } from '../../core/api/client/client';
import { RecordFiles } from '../../core/streams/recordFiles';
import { TailSession, type TailCheckpoint } from '../../core/streams/tailSession';
import { startCli } from '../support/cliProcess';

const TOKEN = 'bench-token';

export interface TailBench {
  readonly count: number;
  readonly rawPerSecond: number;
  readonly channelPerSecond: number;
  readonly recordPerSecond: number;
  /** Event-loop delay while tailing into the channel sink, in ms. */
  readonly delayP99Ms: number;
  readonly delayMaxMs: number;
  /** Heap kept after the tails (after a GC), beside before, in MB. */
  readonly heapBeforeMb: number;
  readonly heapAfterMb: number;
  /** The highest heap seen while the record tail ran, in MB. */
  readonly heapPeakMb: number;
  /** A stream's tail while documents arrive at 5,000 a second: its rate and the loop's delay. */
  readonly paced: { perSecond: number; delayP99Ms: number; delayMaxMs: number };
}

/** Documents a second the paced run delivers, in posts of `PACED_BATCH` every 100 ms. */
const PACED_RATE = 5_000;
const PACED_BATCH = PACED_RATE / 10;

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

export async function tailBench(quick: boolean): Promise<TailBench> {
  const count = quick ? 5_000 : 50_000;
  // In its own process (dist/cli.js), so that the event loop measured here is the tail's alone.
  const sandbox = await startCli(['--token', TOKEN, '--docs', '100', '--rate', '0', '--quiet']);
  const folder = mkdtempSync(join(tmpdir(), 'mm-bench-tail-'));
  const client = () =>
    new MediaMonitoringClient({ baseUrl: sandbox.url, token: TOKEN, userAgent: 'bench' });
  try {
    const setup = client();
    await setup.collectors.put('bench', { queries: [{ id: 'all', query: 'benchtail' }] });
    for (let at = 0; at < count; at += 1_000) {
      const url = new URL('/_sandbox/live', sandbox.url);
      url.searchParams.set('access_token', TOKEN);
      const documents = Array.from({ length: Math.min(1_000, count - at) }, (_, index) => ({
        title: `Benchtail ${at + index}`,
        content: `benchtail document number ${at + index} with a few more words of content`,
      }));
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documents }),
      });
      if (!response.ok) throw new Error(`live: ${response.status}`);
    }
    await setup.close();

    // A first read warms the sandbox's path and this process's code; then the measured ones.
    const warm = client();
    for await (const event of warm.collectors.read('bench', { endBehaviour: 'stop' })) void event;
    await warm.close();
    const raw = client();
    let started = performance.now();
    let seen = 0;
    for await (const event of raw.collectors.read('bench', { endBehaviour: 'stop' }))
      if (event.kind === 'result') seen++;
    const rawPerSecond = seen / ((performance.now() - started) / 1000);
    await raw.close();
    if (seen !== count) throw new Error(`the raw read saw ${seen} of ${count}`);

    const tail = async (record: RecordFiles | undefined) => {
      const tailClient = client();
      let lines = 0;
      let peak = 0;
      const session = new TailSession(
        { kind: 'collector', id: 'bench', from: 'earliest', endBehaviour: 'stop' },
        {
          client: () => Promise.resolve(tailClient),
          ...(record ? { record } : {}),
          sinks: {
            lines: (_text, results) => {
              lines += results;
              peak = Math.max(peak, heapMb());
            },
            note: () => undefined,
            save: (_checkpoint: TailCheckpoint) => Promise.resolve(),
            changed: () => undefined,
          },
        },
      );
      const begun = performance.now();
      await session.done;
      const perSecond = lines / ((performance.now() - begun) / 1000);
      await tailClient.close();
      if (lines !== count) throw new Error(`a tail saw ${lines} of ${count}`);
      return { perSecond, peak };
    };

    gc();
    const heapBefore = heapMb();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    started = performance.now();
    const channel = await tail(undefined);
    delay.disable();
    const record = await RecordFiles.open({ folder, base: 'bench', maxBytes: 64 * 1024 * 1024 });
    const recorded = await tail(record);
    gc();
    const heapAfter = heapMb();
    const paced = await pacedStreamTail(sandbox.url, client, quick ? 3 : 10);
    return {
      count,
      rawPerSecond,
      channelPerSecond: channel.perSecond,
      recordPerSecond: recorded.perSecond,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      heapBeforeMb: heapBefore,
      heapAfterMb: heapAfter,
      heapPeakMb: Math.max(channel.peak, recorded.peak),
      paced,
    };
  } finally {
    await sandbox.stop('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Posts `documents` live documents to the sandbox. */
async function arrive(base: string, documents: readonly { title: string; content: string }[]) {
  const url = new URL('/_sandbox/live', base);
  url.searchParams.set('access_token', TOKEN);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documents }),
  });
  if (!response.ok) throw new Error(`live: ${response.status}`);
}

/**
 * A stream's tail while documents arrive live at PACED_RATE a second for `seconds`: how many
 * a second it delivered, and the event loop's delay meanwhile (the posting is light: a small
 * JSON body every 100 ms).
 */
async function pacedStreamTail(
  base: string,
  client: () => MediaMonitoringClient,
  seconds: number,
): Promise<{ perSecond: number; delayP99Ms: number; delayMaxMs: number }> {
  const tailClient = client();
  await tailClient.streams.define('paced', [{ rule_id: 'paced', query: 'benchpaced' }]);
  let lines = 0;
  const session = new TailSession(
    { kind: 'stream', id: 'paced' },
    {
      client: () => Promise.resolve(tailClient),
      sinks: {
        lines: (_text, results) => void (lines += results),
        note: () => undefined,
        save: () => Promise.resolve(),
        changed: () => undefined,
      },
    },
  );
  while (session.state !== 'tailing') await new Promise((resolve) => setTimeout(resolve, 10));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const begun = performance.now();
  const total = PACED_RATE * seconds;
  for (let sent = 0; sent < total; sent += PACED_BATCH) {
    const due = begun + (sent / PACED_RATE) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await arrive(
      base,
      Array.from({ length: PACED_BATCH }, (_, index) => ({
        title: `Benchpaced ${sent + index}`,
        content: 'benchpaced live document',
      })),
    );
  }
  const deadline = performance.now() + 30_000;
  while (lines < total && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const elapsed = (performance.now() - begun) / 1000;
  delay.disable();
  await session.stop();
  await tailClient.close();
  if (lines < total) throw new Error(`the paced tail saw ${lines} of ${total}`);
  return {
    perSecond: lines / elapsed,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
  };
}
