// A small timing harness: warm-up, then timed iterations until a count or a time budget is
// reached, reporting the median, the 95th percentile and operations per second.
//
// Medians rather than means: a benchmark on a shared machine sees outliers (another process, a
// major GC) that say nothing about the code. Garbage collection between suites needs
// `node --expose-gc` (which `npm run bench` passes); without it the numbers are noisier, and
// collectGarbage() says so once.

export interface Measurement {
  /** Milliseconds. */
  readonly median: number;
  readonly p95: number;
  /** Iterations per second over the timed iterations (total time, not the median). */
  readonly opsPerSecond: number;
  readonly iterations: number;
}

export interface MeasureOptions {
  /** Untimed runs first, so the JIT has compiled the hot paths (default 5). */
  readonly warmup?: number;
  /** Stop after this much timed work, in milliseconds (default 2000)… */
  readonly budgetMs?: number;
  /** …or after this many iterations (default 2000), whichever comes first… */
  readonly maxIterations?: number;
  /** …but never before this many (default 5), so that a slow task still has a median. */
  readonly minIterations?: number;
}

let warnedAboutGc = false;

/** A full collection, if Node exposes one, so one suite's garbage is not the next one's cost. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
  } else if (!warnedAboutGc) {
    warnedAboutGc = true;
    process.stderr.write('note: run with `node --expose-gc` to collect garbage between suites\n');
  }
}

/** Summarises samples in milliseconds. */
export function summarise(samples: readonly number[]): Measurement {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
  const total = sorted.reduce((sum, sample) => sum + sample, 0);
  return {
    median: at(0.5),
    p95: at(0.95),
    opsPerSecond: total > 0 ? (sorted.length * 1000) / total : NaN,
    iterations: sorted.length,
  };
}

/** Milliseconds since a `process.hrtime.bigint()` reading. */
export const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

/** Times a synchronous task. Its result is kept, so the work cannot be optimised away. */
export function measure(task: () => unknown, options: MeasureOptions = {}): Measurement {
  const { warmup = 5, budgetMs = 2000, maxIterations = 2000, minIterations = 5 } = options;
  let sink: unknown;
  for (let index = 0; index < warmup; index++) sink = task();
  collectGarbage();
  const samples: number[] = [];
  let spent = 0;
  while (samples.length < maxIterations && (samples.length < minIterations || spent < budgetMs)) {
    const before = process.hrtime.bigint();
    sink = task();
    const sample = elapsedMs(before);
    samples.push(sample);
    spent += sample;
  }
  keep(sink);
  return summarise(samples);
}

/**
 * Times an asynchronous task that measures itself: it resolves with the milliseconds that count
 * (a server start times spawn-to-answer, not the clean-up after it). Runs one after another.
 */
export async function measureSelfTimed(
  task: () => Promise<number>,
  options: { warmup?: number; iterations: number },
): Promise<Measurement> {
  for (let index = 0; index < (options.warmup ?? 1); index++) await task();
  const samples: number[] = [];
  for (let index = 0; index < options.iterations; index++) samples.push(await task());
  return summarise(samples);
}

/** Times an asynchronous task from call to resolution, one run after another. */
export function measureAsync(
  task: () => Promise<unknown>,
  iterations: number,
  warmup = 1,
): Promise<Measurement> {
  return measureSelfTimed(
    async () => {
      const before = process.hrtime.bigint();
      await task();
      return elapsedMs(before);
    },
    { warmup, iterations },
  );
}

let kept: unknown;
/** Stores a value where the optimiser cannot prove it unused. */
function keep(value: unknown): void {
  kept = value;
  if (kept === keep) throw new Error('unreachable');
}

/**
 * Times synchronous tasks in interleaved rounds (each round runs every task `repeat` times, in
 * turn), so that a slow moment of a shared machine falls on all of them rather than on one: the
 * way to compare a subject with its floor when the machine's speed swings during a run.
 */
export function measureInterleaved<Name extends string>(
  tasks: Readonly<
    Record<
      Name,
      {
        /** Untimed, before each timed run. */
        readonly setup?: () => void;
        readonly run: () => unknown;
        readonly repeat?: number;
      }
    >
  >,
  rounds: number,
): Record<Name, Measurement> {
  const names = Object.keys(tasks) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  let sink: unknown;
  for (const name of names) {
    tasks[name].setup?.();
    sink = tasks[name].run(); // warm-up
  }
  collectGarbage();
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const task = tasks[name];
      for (let index = 0; index < (task.repeat ?? 1); index++) {
        task.setup?.();
        const before = process.hrtime.bigint();
        sink = task.run();
        samples.get(name)?.push(elapsedMs(before));
      }
    }
  }
  keep(sink);
  return Object.fromEntries(
    names.map((name) => [name, summarise(samples.get(name) ?? [])]),
  ) as Record<Name, Measurement>;
}
