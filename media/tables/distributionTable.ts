// A top-N or fixed distribution as a table: its key (regions and cities by country, region, city
// and short_id), the documents and their share of all matching documents (total_hits); a
// theme_cloud as each term's share of the sampled documents.
import { bucketKey } from '../drillKeys';
import type { Bucket, View } from '../results/protocol';
import type { DataColumn, DataTable } from './dataColumn';

export type HistogramView = Extract<View, { kind: 'histogram' }>;

export interface DistributionRow {
  readonly key: string;
  readonly value: number;
  /** A share of all matching documents (theme_cloud: of the sample); unknown without total_hits. */
  readonly share: number | undefined;
  readonly bucket: Bucket;
}

export const isThemeCloud = (type: string) => type === 'theme_cloud';
export const isRegional = (type: string) => type === 'source_region' || type === 'source_city';

/** The key a row shows and drills down to: the one the extension accepts back (drillKeys.ts). */
const keyOf = bucketKey;

function keyLabel(type: string): string {
  if (isThemeCloud(type)) return 'Term';
  if (type === 'country') return 'Country (ISO code)';
  if (type === 'language') return 'Language (ISO code)';
  if (type === 'age' || type === 'interest' || type === 'occupation')
    return `${type[0]?.toUpperCase()}${type.slice(1)} (group code)`;
  return `${type[0]?.toUpperCase()}${type.slice(1)}`;
}

function keyColumns(type: string): DataColumn<DistributionRow>[] {
  if (!isRegional(type)) return [{ key: 'key', label: keyLabel(type), value: (row) => row.key }];
  return [
    { key: 'country', label: 'Country', value: (row) => row.bucket.key?.country_code ?? '' },
    { key: 'region', label: 'Region', value: (row) => row.bucket.key?.region ?? '' },
    ...(type === 'source_city'
      ? [
          {
            key: 'city',
            label: 'City',
            value: (row: DistributionRow) => row.bucket.key?.city ?? '',
          },
        ]
      : []),
    { key: 'id', label: 'Key (short_id)', value: (row) => row.key },
  ];
}

export function distributionTable(view: HistogramView): DataTable<DistributionRow> {
  const { histogramType: type, result } = view;
  const themeCloud = isThemeCloud(type);
  const total = result.total_hits;
  const rows = result.data.map((bucket): DistributionRow => {
    const value = bucket.v[0] ?? 0;
    return {
      key: keyOf(bucket),
      value,
      share: themeCloud ? value : total ? value / total : undefined,
      bucket,
    };
  });
  const figures: DataColumn<DistributionRow>[] = themeCloud
    ? [{ key: 'share', label: 'Share of sample', numeric: true, value: (row) => row.value }]
    : [
        { key: 'count', label: 'Documents', numeric: true, value: (row) => row.value },
        {
          key: 'share',
          label: 'Share of all',
          numeric: true,
          value: (row) => row.share ?? '',
        },
      ];
  return { columns: [...keyColumns(type), ...figures], rows };
}
