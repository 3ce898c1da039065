// Top-N and fixed distributions as a table: the key, the documents, their share of all matching
// documents (total_hits) and a bar; regions and cities with their keys; theme_cloud as shares
// of the sampled documents with its tokenizing mode. A row drills down to its key.
import { representationOf } from '../../core/api/histogramRules';
import { counted } from '../../core/plural';
import type { FromPanel } from './protocol';
import { distributionTable, isThemeCloud, type DistributionRow } from '../tables/distributionTable';
import { openDrillMenu } from './drillMenu';
import { el } from '../shared/dom';
import { formatNumber, formatShare } from './panelNumbers';
import { barsPng } from './exportPng';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { inlineBar, sortableTable, withLooks, type Column } from './table';

type HistogramShown = Shown & { view: { kind: 'histogram' } };
type Row = DistributionRow;

const SENTIMENT_CLASS: Readonly<Record<string, string>> = {
  POSITIVE: 'positive',
  NEUTRAL: 'neutral',
  NEGATIVE: 'negative',
};

export function renderDistribution(
  shown: HistogramShown,
  post: (message: FromPanel) => void,
): Rendered {
  const { histogramType: type, result, parameters } = shown.view;
  const themeCloud = isThemeCloud(type);
  const total = result.total_hits;
  const data = distributionTable(shown.view);
  const rows = data.rows;
  const largest = Math.max(0, ...rows.map((row) => row.share ?? row.value));
  const bar: Column<Row> = {
    key: 'bar',
    label: 'Share',
    sortable: false,
    value: (row) => row.share ?? row.value,
    // A picture of the share beside it: nothing of it is copied or exported.
    written: [],
    render: (row) =>
      inlineBar(
        largest > 0 ? (row.share ?? row.value) / largest : 0,
        type === 'sentiment' ? (SENTIMENT_CLASS[row.key.toUpperCase()] ?? '') : '',
      ),
    className: 'bar-cell',
  };
  const columns: Column<Row>[] = [
    ...withLooks(data.columns, {
      key: { clip: true },
      city: { clip: true },
      region: { clip: true },
      id: { className: 'mono' },
      count: { render: (row) => formatNumber(row.value) },
      share: { render: (row) => formatShare(row.share) },
    }),
    bar,
  ];
  const drillable = type !== 'unique_author';
  const table = sortableTable<Row>({
    caption: caption(type, total, rows.length, parameters.top_n, parameters.tokenizing_mode),
    columns,
    rows,
    ...(drillable
      ? {
          activate: {
            label: (row) => `${row.key}: open the drill-down menu`,
            open: (row, at, opener) =>
              openDrillMenu(
                `${type} = ${row.key}`,
                { kind: 'key', histogramType: type, key: row.key },
                post,
                at,
                opener,
              ),
          },
        }
      : {}),
  });
  const summary =
    type === 'unique_author'
      ? el(
          'p',
          { className: 'summary' },
          `${counted(rows[0]?.value ?? 0, 'unique author')} among ${counted(total ?? 0, 'document')}`,
        )
      : null;
  return {
    element: el(
      'section',
      { className: 'distribution', attributes: { 'aria-label': `${type} distribution` } },
      summary,
      table,
    ),
    png: () =>
      barsPng({
        title: `${type}${themeCloud ? ' (share of sample)' : ''}`,
        rows: rows.map((row) => ({
          label: row.key,
          value: row.share ?? row.value,
          text: themeCloud
            ? formatShare(row.value)
            : `${formatNumber(row.value)} (${formatShare(row.share)})`,
        })),
      }),
  };
}

function caption(
  type: string,
  total: number | undefined,
  shown: number,
  topN: number | undefined,
  mode: string | undefined,
): string {
  if (type === 'theme_cloud')
    return `theme_cloud: ${counted(shown, 'term')}, tokenizing mode ${mode ?? 'normal'}; each a share of a sample of the matching documents`;
  const of = total === undefined ? '' : ` of ${counted(total, 'matching document')}`;
  const top =
    representationOf(type) === 'topN'
      ? `top ${shown} (top_n ${topN ?? 10})`
      : counted(shown, 'bucket');
  const several = ['hashtag', 'emoji', 'interest', 'occupation'].includes(type)
    ? '; a document can count in several buckets'
    : '';
  return `${type}: ${top}${of}${several}`;
}
