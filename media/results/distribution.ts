// Top-N and fixed distributions as a table: the key, the documents, their share of all matching
// documents (total_hits) and a bar; regions and cities with their keys; theme_cloud as shares
// of the sampled documents with its tokenizing mode. A row drills down to its key.
import { representationOf } from '../../core/api/histogramRules';
import type { Bucket, FromPanel } from '../protocol';
import { bucketKey } from '../drillKeys';
import { openDrillMenu } from './drillMenu';
import { el } from './dom';
import { formatNumber, formatShare } from './format';
import { barsPng } from './exportPng';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { inlineBar, sortableTable, type Column } from './table';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

interface Row {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly share: number | undefined;
  readonly bucket: Bucket;
}

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
  const themeCloud = type === 'theme_cloud';
  const regional = type === 'source_region' || type === 'source_city';
  const total = result.total_hits;
  const rows: Row[] = result.data.map((bucket) => {
    const value = bucket.v[0] ?? 0;
    return {
      key: bucketKey(bucket),
      label: bucketKey(bucket),
      value,
      share: themeCloud ? value : total ? value / total : undefined,
      bucket,
    };
  });
  const largest = Math.max(0, ...rows.map((row) => row.share ?? row.value));
  const bar = (row: Row) =>
    inlineBar(
      largest > 0 ? (row.share ?? row.value) / largest : 0,
      type === 'sentiment' ? (SENTIMENT_CLASS[row.key.toUpperCase()] ?? '') : '',
    );
  const keyColumns: Column<Row>[] = regional
    ? [
        { key: 'country', label: 'Country', value: (row) => row.bucket.key?.country_code ?? '' },
        { key: 'region', label: 'Region', value: (row) => row.bucket.key?.region ?? '' },
        ...(type === 'source_city'
          ? [{ key: 'city', label: 'City', value: (row: Row) => row.bucket.key?.city ?? '' }]
          : []),
        { key: 'id', label: 'Key (short_id)', value: (row) => row.key, className: 'mono' },
      ]
    : [{ key: 'key', label: themeCloud ? 'Term' : keyLabel(type), value: (row) => row.key }];
  const columns: Column<Row>[] = themeCloud
    ? [
        ...keyColumns,
        {
          key: 'share',
          label: 'Share of sample',
          numeric: true,
          value: (row) => row.value,
          render: (row) => formatShare(row.value),
        },
        {
          key: 'bar',
          label: 'Share',
          sortable: false,
          value: (row) => row.value,
          render: bar,
          className: 'bar-cell',
        },
      ]
    : [
        ...keyColumns,
        {
          key: 'count',
          label: 'Documents',
          numeric: true,
          value: (row) => row.value,
          render: (row) => formatNumber(row.value),
        },
        {
          key: 'share',
          label: 'Share of all',
          numeric: true,
          value: (row) => row.share ?? '',
          render: (row) => formatShare(row.share),
        },
        {
          key: 'bar',
          label: 'Share',
          sortable: false,
          value: (row) => row.share ?? row.value,
          render: bar,
          className: 'bar-cell',
        },
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
          `${formatNumber(rows[0]?.value)} unique authors among ${formatNumber(total)} documents`,
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

function keyLabel(type: string): string {
  if (type === 'country') return 'Country (ISO code)';
  if (type === 'language') return 'Language (ISO code)';
  if (type === 'age' || type === 'interest' || type === 'occupation')
    return `${type[0]?.toUpperCase()}${type.slice(1)} (group code)`;
  return `${type[0]?.toUpperCase()}${type.slice(1)}`;
}

function caption(
  type: string,
  total: number | undefined,
  shown: number,
  topN: number | undefined,
  mode: string | undefined,
): string {
  if (type === 'theme_cloud')
    return `theme_cloud: ${shown} terms, tokenizing mode ${mode ?? 'normal'}; each a share of a sample of the matching documents`;
  const of = total === undefined ? '' : ` of ${formatNumber(total)} matching documents`;
  const top =
    representationOf(type) === 'topN' ? `top ${shown} (top_n ${topN ?? 10})` : `${shown} buckets`;
  const several = ['hashtag', 'emoji', 'interest', 'occupation'].includes(type)
    ? '; a document can count in several buckets'
    : '';
  return `${type}: ${top}${of}${several}`;
}
