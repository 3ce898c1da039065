// Per-bucket statistics of a metric (api.md: count, min, max, avg = sum / count, sum). An empty
// bucket has no min, max or avg: the service leaves them out (its published answers).
import type { Statistics } from '../../core/api/schemas/histogram';

export function statistics(values: readonly number[]): Statistics {
  if (values.length === 0) return { count: 0, sum: 0 };
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
  }
  return { count: values.length, min, max, avg: sum / values.length, sum };
}
