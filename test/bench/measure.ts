// A small timing harness: warm-up, then iterations until a time budget or a count is reached;
// reports the median and the 95th percentile in milliseconds.
export interface Measurement {
  readonly median: number;
  readonly p95: number;
  readonly iterations: number;
}

export function measure(
  task: () => unknown,
  options: { warmup?: number; budgetMs?: number; maxIterations?: number } = {},
): Measurement {
  const warmup = options.warmup ?? 5;
  const budget = options.budgetMs ?? 2000;
  const maxIterations = options.maxIterations ?? 2000;
  for (let index = 0; index < warmup; index++) task();
  (globalThis as { gc?: () => void }).gc?.();
  const samples: number[] = [];
  const started = performance.now();
  while (
    samples.length < maxIterations &&
    (samples.length < 5 || performance.now() - started < budget)
  ) {
    const before = process.hrtime.bigint();
    task();
    samples.push(Number(process.hrtime.bigint() - before) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), iterations: samples.length };
}

export async function measureAsync(
  task: () => Promise<unknown>,
  iterations: number,
): Promise<Measurement> {
  await task();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const before = process.hrtime.bigint();
    await task();
    samples.push(Number(process.hrtime.bigint() - before) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), iterations };
}
