// A time histogram as a table: a row per bucket, then the forecast's days; the bucket's start in
// the histogram's timezone, a column per series (documents, or the forecast's expected value), the
// avg and sum of value_type, and with a forecast its 95% band in two columns of its own.
import { formatBucketTime } from '../results/panelNumbers';
import type { DataColumn, DataTable } from './dataColumn';
import type { HistogramView } from './distributionTable';
import { bucketEnd, timeColumns } from './timeSeries';

export interface TimeRow {
  readonly index: number;
  readonly from: number;
  readonly to: number;
  readonly forecast: boolean;
}

export function timeTable(view: HistogramView): DataTable<TimeRow> & { buckets: number } {
  const { parameters, result } = view;
  const timeZone = parameters.timezone ?? 'UTC';
  const { xs, names, real, forecast, lastReal } = timeColumns(result);
  const metric = parameters.value_type;
  const rows = xs.map((from, index) => ({
    index,
    from,
    to: bucketEnd(xs, index),
    forecast: index > lastReal,
  }));
  const start = `Bucket start (${timeZone})`;
  const statistic = (row: TimeRow, series: number, name: 'avg' | 'sum') =>
    row.forecast ? '' : (result.data[row.index]?.val?.[series]?.[name] ?? '');
  const band = (row: TimeRow, bound: (number | null)[] | undefined) =>
    row.forecast ? (bound?.[row.index] ?? '') : '';
  const columns: DataColumn<TimeRow>[] = [
    {
      key: 'from',
      label: start,
      value: (row) => row.from,
      written: [{ label: start, value: (row) => formatBucketTime(row.from, timeZone) }],
    },
    ...names.flatMap((name, series): DataColumn<TimeRow>[] => [
      {
        key: `v${series}`,
        label: name,
        numeric: true,
        value: (row) =>
          (row.forecast ? forecast?.value[series]?.[row.index] : real[series]?.[row.index]) ?? '',
      },
      ...(metric
        ? (['avg', 'sum'] as const).map((statisticName) => ({
            key: `${statisticName}${series}`,
            label: `${name}: ${statisticName} ${metric}`,
            numeric: true,
            value: (row: TimeRow) => statistic(row, series, statisticName),
          }))
        : []),
      ...(forecast
        ? [
            {
              key: `low${series}`,
              label: `${name}: forecast low (95%)`,
              numeric: true,
              value: (row: TimeRow) => band(row, forecast.low[series]),
            },
            {
              key: `high${series}`,
              label: `${name}: forecast high (95%)`,
              numeric: true,
              value: (row: TimeRow) => band(row, forecast.high[series]),
            },
          ]
        : []),
    ]),
  ];
  return { columns, rows, buckets: lastReal + 1 };
}
