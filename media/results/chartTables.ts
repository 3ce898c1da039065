// "View as table": every chart's numbers as a sortable, copyable table (and the accessible form
// of a chart), with the columns of media/tables/: time histograms a row per bucket (the partial
// ones and the forecast's days marked), numeric histograms a row per bucket with its statistics.
import { counted } from '../../core/plural';
import type { FromPanel } from './protocol';
import { numericTable as numericData } from '../tables/numericTable';
import { timeTable as timeData, type TimeRow } from '../tables/timeTable';
import { openDrillMenu } from './drillMenu';
import { formatBucketTime, formatNumber } from './panelNumbers';
import { partialBuckets, partialNote } from './partialBuckets';
import type { Shown } from './state';
import { sortableTable, withLooks, type Look } from './table';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

/** A number as the panel writes it; an empty cell stays empty. */
const figure = <Row>(value: (row: Row) => string | number): Look<Row> => ({
  render: (row) => {
    const number = value(row);
    return number === '' ? '' : formatNumber(Number(number));
  },
});

export function timeTable(shown: HistogramShown, post: (message: FromPanel) => void): HTMLElement {
  const { parameters, histogramType: type } = shown.view;
  const timeZone = parameters.timezone ?? 'UTC';
  const data = timeData(shown.view);
  const partial = partialBuckets(shown);
  const forecastDays = data.rows.length - data.buckets;
  const marker = (row: TimeRow) =>
    row.forecast ? ' (forecast)' : partial.has(row.index) ? ' (partial)' : '';
  const looks: Record<string, Look<TimeRow>> = {
    from: { render: (row) => `${formatBucketTime(row.from, timeZone)}${marker(row)}` },
  };
  for (const column of data.columns)
    if (column.numeric) looks[column.key] = figure<TimeRow>(column.value);
  return sortableTable<TimeRow>({
    caption: `${type}: ${counted(data.buckets, 'bucket')}${forecastDays > 0 ? ` and ${counted(forecastDays, 'forecast day')} (expected, with the 95% band)` : ''}${partial.size > 0 ? `; ${partialNote(shown, partial)}` : ''}`,
    columns: withLooks(data.columns, looks),
    rows: data.rows,
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

export function numericTable(
  shown: HistogramShown,
  post: (message: FromPanel) => void,
): HTMLElement {
  const { histogramType: type } = shown.view;
  const data = numericData(shown.view);
  const { step } = data;
  const looks: Record<string, Look<(typeof data.rows)[number]>> = {};
  for (const column of data.columns) looks[column.key] = figure(column.value);
  return sortableTable({
    caption: `${type}: ${counted(data.rows.length, 'bucket')} of width ${formatNumber(step)}`,
    columns: withLooks(data.columns, looks),
    rows: data.rows,
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
