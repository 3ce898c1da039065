// The embedded sandbox's start as the extension makes it: dist/sandbox.js in a worker thread of
// this process, timed from creating the worker to its `listening` message, with 20,000
// documents. A first start (no kept corpus; with and without a snapshot directory to keep it in)
// and a second one (from the kept corpus), beside the floor of any start: the same worker with no
// corpus (loading the bundle, Fastify, listening), in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { elapsedMs, measureSelfTimed, type Measurement } from './measure';

const DOCUMENTS = 20_000;

/** Starts the worker, answers the milliseconds to `listening`, and waits until it has exited. */
function startOnce(docs: number, snapshotDir?: string): Promise<number> {
  const started = process.hrtime.bigint();
  const worker = new Worker(resolve('dist/sandbox.js'), {
    workerData: {
      token: 'bench',
      seed: 42,
      docs,
      rate: 2,
      ...(snapshotDir ? { snapshotDir } : {}),
    },
  });
  return new Promise<number>((done, fail) => {
    let listening: number | undefined;
    worker.on('message', (message: { kind: string; url?: string; message?: string }) => {
      if (message.kind === 'listening') {
        listening = elapsedMs(started);
        // Closing waits for the kept corpus to be written, so the next start finds it.
        worker.postMessage({ kind: 'close' });
      } else if (message.kind === 'failed') fail(new Error(message.message));
    });
    worker.once('error', fail);
    worker.once('exit', () =>
      listening === undefined ? fail(new Error('exited before listening')) : done(listening),
    );
  });
}

export interface EmbeddedStartBench {
  readonly floor: Measurement;
  readonly firstWithoutDirectory: Measurement;
  readonly first: Measurement;
  readonly second: Measurement;
  readonly documents: number;
}

export async function embeddedStart(quick: boolean): Promise<EmbeddedStartBench> {
  const iterations = quick ? 1 : 5;
  const root = await mkdtemp(join(tmpdir(), 'mmq-bench-corpus-'));
  try {
    const floor = await measureSelfTimed(() => startOnce(0), { iterations: iterations + 2 });
    const firstWithoutDirectory = await measureSelfTimed(() => startOnce(DOCUMENTS), {
      iterations,
    });
    let fresh = 0;
    // A new empty directory each time: every start is a first one.
    const first = await measureSelfTimed(
      () => startOnce(DOCUMENTS, join(root, `first-${fresh++}`)),
      { iterations },
    );
    const kept = join(root, 'kept');
    await startOnce(DOCUMENTS, kept);
    const second = await measureSelfTimed(() => startOnce(DOCUMENTS, kept), {
      iterations: iterations + 2,
    });
    return { floor, firstWithoutDirectory, first, second, documents: DOCUMENTS };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
