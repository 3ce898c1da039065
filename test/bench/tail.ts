// Tail throughput (issue 12): a collector holding `count` results read to its end over loopback
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
import { startCli } from '../sandbox/cliProcess';

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
}

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
    return {
      count,
      rawPerSecond,
      channelPerSecond: channel.perSecond,
      recordPerSecond: recorded.perSecond,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      heapBeforeMb: heapBefore,
      heapAfterMb: heapMb(),
      heapPeakMb: Math.max(channel.peak, recorded.peak),
    };
  } finally {
    await sandbox.stop('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
}
