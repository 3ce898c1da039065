// "View as table": every chart's numbers as a sortable, copyable table (and the accessible form
// of a chart). Time histograms: a row per bucket, a column per series, the statistics of
// value_type, the forecast's rows after; numeric histograms: a row per bucket with its statistics.
import type { FromPanel } from '../protocol';
import { bucketWidth } from './barChart';
import { openDrillMenu } from './drillMenu';
import { formatBucketTime, formatNumber } from './format';
import type { Shown } from './state';
import { sortableTable, type Column } from './table';
import { bucketEnd, timeColumns } from './timeSeries';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

interface TimeRow {
  readonly index: number;
  readonly from: number;
  readonly to: number;
  readonly forecast: boolean;
}

export function timeTable(shown: HistogramShown, post: (message: FromPanel) => void): HTMLElement {
  const { parameters, result, histogramType: type } = shown.view;
  const timeZone = parameters.timezone ?? 'UTC';
  const { xs, names, real, forecast, lastReal } = timeColumns(result);
  const metric = parameters.value_type;
  const rows: TimeRow[] = xs.map((from, index) => ({
    index,
    from,
    to: bucketEnd(xs, index),
    forecast: index > lastReal,
  }));
  const statistic = (row: TimeRow, series: number, name: 'avg' | 'sum') =>
    row.forecast ? '' : (result.data[row.index]?.val?.[series]?.[name] ?? '');
  const columns: Column<TimeRow>[] = [
    {
      key: 'from',
      label: `Bucket start (${timeZone})`,
      value: (row) => row.from,
      render: (row) =>
        `${formatBucketTime(row.from, timeZone)}${row.forecast ? ' (forecast)' : ''}`,
    },
    ...names.flatMap((name, series): Column<TimeRow>[] => [
      {
        key: `v${series}`,
        label: name,
        numeric: true,
        value: (row) =>
          row.forecast
            ? (forecast?.value[series]?.[row.index] ?? '')
            : (real[series]?.[row.index] ?? ''),
        render: (row) => {
          if (!row.forecast) return formatNumber(real[series]?.[row.index]);
          const low = forecast?.low[series]?.[row.index];
          const high = forecast?.high[series]?.[row.index];
          return `${formatNumber(forecast?.value[series]?.[row.index])} (${formatNumber(low)} – ${formatNumber(high)})`;
        },
      },
      ...(metric
        ? (['avg', 'sum'] as const).map((name2) => ({
            key: `${name2}${series}`,
            label: `${name}: ${name2} ${metric}`,
            numeric: true,
            value: (row: TimeRow) => statistic(row, series, name2),
            render: (row: TimeRow) => {
              const value = statistic(row, series, name2);
              return value === '' ? '' : formatNumber(value);
            },
          }))
        : []),
    ]),
  ];
  return sortableTable<TimeRow>({
    caption: `${type}: ${lastReal + 1} buckets${forecast ? ` and ${xs.length - lastReal - 1} forecast days (expected, with the 95% band)` : ''}`,
    columns,
    rows,
    activate: {
      label: (row) => `${formatBucketTime(row.from, timeZone)}: open the drill-down menu`,
      open: (row, at, opener) => {
        if (row.forecast) return;
        openDrillMenu(
          `${formatBucketTime(row.from, timeZone)} – ${formatBucketTime(row.to, timeZone)}`,
          { kind: 'time', from: row.from, to: row.to },
          post,
          at,
          opener,
        );
      },
    },
  });
}

type Bucket = HistogramShown['view']['result']['data'][number];

export function numericTable(
  shown: HistogramShown,
  post: (message: FromPanel) => void,
): HTMLElement {
  const { parameters, result, histogramType: type } = shown.view;
  const buckets = result.data.filter((bucket) => bucket.k !== undefined);
  const step = bucketWidth(
    buckets.map((bucket) => bucket.k as number),
    parameters.interval,
  );
  const stat = (name: 'min' | 'max' | 'avg' | 'sum') => ({
    key: name,
    label: name,
    numeric: true,
    value: (bucket: Bucket) => bucket.val?.[0]?.[name] ?? '',
    render: (bucket: Bucket) => formatNumber(bucket.val?.[0]?.[name]),
  });
  return sortableTable<Bucket>({
    caption: `${type}: ${buckets.length} buckets of width ${formatNumber(step)}`,
    columns: [
      {
        key: 'from',
        label: 'From',
        numeric: true,
        value: (bucket) => bucket.k ?? 0,
        render: (bucket) => formatNumber(bucket.k),
      },
      {
        key: 'to',
        label: 'To (excluded)',
        numeric: true,
        value: (bucket) => (bucket.k ?? 0) + step,
        render: (bucket) => formatNumber((bucket.k ?? 0) + step),
      },
      {
        key: 'count',
        label: 'Documents',
        numeric: true,
        value: (bucket) => bucket.v[0] ?? 0,
        render: (bucket) => formatNumber(bucket.v[0]),
      },
      stat('min'),
      stat('max'),
      stat('avg'),
      stat('sum'),
    ],
    rows: buckets,
    activate: {
      label: (bucket) =>
        `${formatNumber(bucket.k)} – ${formatNumber((bucket.k ?? 0) + step)}: open the drill-down menu`,
      open: (bucket, at, opener) => {
        const from = bucket.k ?? 0;
        openDrillMenu(
          `${type} ${formatNumber(from)} – ${formatNumber(from + step)}`,
          { kind: 'number', histogramType: type, from, to: from + step },
          post,
          at,
          opener,
        );
      },
    },
  });
}
