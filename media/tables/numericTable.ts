// A numeric histogram (reach, engagement, the net* counters, …) as a table: a row per bucket from
// its lower bound to the next, the documents in it and the statistics the service gave.
import type { Bucket } from '../results/protocol';
import type { DataColumn, DataTable } from './dataColumn';
import type { HistogramView } from './distributionTable';

/** The width of the buckets: the interval asked for, or the step between them. */
export function bucketWidth(ks: readonly number[], interval: string | undefined): number {
  const asked = Number(interval);
  if (interval !== undefined && asked > 0) return asked;
  const [first, second] = ks;
  return first !== undefined && second !== undefined ? second - first : 1;
}

export function numericTable(view: HistogramView): DataTable<Bucket> & { step: number } {
  const buckets = view.result.data.filter((bucket) => bucket.k !== undefined);
  const step = bucketWidth(
    buckets.map((bucket) => bucket.k as number),
    view.parameters.interval,
  );
  const statistic = (name: 'min' | 'max' | 'avg' | 'sum'): DataColumn<Bucket> => ({
    key: name,
    label: name,
    numeric: true,
    value: (bucket) => bucket.val?.[0]?.[name] ?? '',
  });
  return {
    columns: [
      { key: 'from', label: 'From', numeric: true, value: (bucket) => bucket.k ?? 0 },
      {
        key: 'to',
        label: 'To (excluded)',
        numeric: true,
        value: (bucket) => (bucket.k ?? 0) + step,
      },
      { key: 'count', label: 'Documents', numeric: true, value: (bucket) => bucket.v[0] ?? 0 },
      statistic('min'),
      statistic('max'),
      statistic('avg'),
      statistic('sum'),
    ],
    rows: buckets,
    step,
  };
}
