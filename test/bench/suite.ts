// What a benchmark suite is, and how its measurements become rows of the results table. A suite
// is a name and a function returning rows; run.ts holds the list, so adding a benchmark is adding
// an entry there (or in a module of suites like query.ts).
import type { Measurement } from './measure';

export interface SuiteOptions {
  /** `--quick`: a smoke run, few iterations; its numbers are not for docs/benchmarks.md. */
  readonly quick: boolean;
  /** Time budget of one synchronous measurement, in milliseconds. */
  readonly budgetMs: number;
}

export interface Suite {
  /** What `--only` selects. */
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  run(options: SuiteOptions): Row[] | Promise<Row[]>;
}

export type Verdict = 'PASS' | 'MISS';

/** One line of the results table; every cell but the name and result may be empty. */
export interface Row {
  readonly name: string;
  /** The median for timings; a size or a rate otherwise. */
  readonly result: string;
  readonly p95?: string;
  readonly opsPerSecond?: string;
  readonly floor?: string;
  readonly ratio?: string;
  readonly target?: string;
  readonly verdict?: Verdict;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = value < 1 ? 3 : value < 10 ? 2 : 1;
  return `${value.toFixed(digits)} ms`;
}

export function perSecond(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1);
}

export function verdict(value: number, limit: number): Verdict {
  return value <= limit ? 'PASS' : 'MISS';
}

/** How many times the floor the subject takes (or how much faster it is, for a naive floor). */
export function ratio(subject: number, floor: number): string {
  return subject < floor
    ? `${(floor / subject).toFixed(0)}× faster`
    : `${(subject / floor).toFixed(1)}×`;
}

/** A row of a timing, with its floor (same run) and its target in milliseconds, if any. */
export function timedRow(
  name: string,
  subject: Measurement,
  comparison: { floor?: Measurement; targetMs?: number } = {},
): Row {
  const { floor, targetMs } = comparison;
  return {
    name,
    result: ms(subject.median),
    p95: ms(subject.p95),
    opsPerSecond: perSecond(subject.opsPerSecond),
    floor: floor && ms(floor.median),
    ratio: floor && ratio(subject.median, floor.median),
    target: targetMs === undefined ? undefined : `≤ ${targetMs} ms`,
    verdict: targetMs === undefined ? undefined : verdict(subject.median, targetMs),
  };
}

const COLUMNS = ['benchmark', 'result (median)', 'p95', 'ops/s', 'floor', 'ratio', 'target', ''];

/** The rows as a Markdown table, ready for docs/benchmarks.md. */
export function markdownTable(rows: readonly Row[]): string {
  const cells = (row: Row) => [
    row.name,
    row.result,
    row.p95 ?? '',
    row.opsPerSecond ?? '',
    row.floor ?? '',
    row.ratio ?? '',
    row.target ?? '',
    row.verdict ?? '',
  ];
  const lines = [COLUMNS, COLUMNS.map(() => '---'), ...rows.map(cells)];
  // `|` inside a cell would split it.
  return lines
    .map((line) => `| ${line.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`)
    .join('\n');
}
