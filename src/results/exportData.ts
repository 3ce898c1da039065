// The shown answer as CSV or JSON, with the API's numbers as the API gave them (no rounding, no
// formatting): what "Export → CSV / JSON" saves. CSV through core/csv.ts (RFC 4180 quoting).
import { csvText, type CsvCell as Cell } from '../../core/csv';
import type { Bucket, View } from '../../media/protocol';

/** A bucket's key columns: its time, number or key. */
function keyOf(bucket: Bucket): Cell[] {
  if (bucket.t !== undefined) return [new Date(bucket.t).toISOString(), bucket.t];
  if (bucket.key) return [bucket.key.city ?? bucket.key.region, bucket.key.short_id];
  return [bucket.ks ?? bucket.k, undefined];
}

function histogramRows(view: Extract<View, { kind: 'histogram' }>): Cell[][] {
  const { result } = view;
  const series = result.header?.v ?? ['Number Results'];
  const time = result.data.some((bucket) => bucket.t !== undefined);
  const header: Cell[] = [time ? 'time' : 'key', time ? 't' : 'id', ...series];
  const statistics = result.data.some((bucket) => bucket.val !== undefined);
  if (statistics)
    for (const name of series)
      header.push(...['count', 'min', 'max', 'avg', 'sum'].map((stat) => `${name} ${stat}`));
  const forecast = result.forecast !== undefined;
  if (forecast)
    header.push('forecast', ...series.flatMap((name) => [`${name} min`, `${name} max`]));
  const rows: Cell[][] = [header];
  for (const bucket of result.data) {
    const row: Cell[] = [...keyOf(bucket), ...bucket.v];
    if (statistics)
      for (const stats of bucket.val ?? [])
        row.push(
          stats.count,
          stats.min ?? undefined,
          stats.max ?? undefined,
          stats.avg ?? undefined,
          stats.sum ?? undefined,
        );
    if (forecast) row.push('no');
    rows.push(row);
  }
  for (const bucket of result.forecast?.data ?? []) {
    const row: Cell[] = [...keyOf(bucket), ...bucket.v];
    if (statistics)
      row.push(...series.flatMap(() => [undefined, undefined, undefined, undefined, undefined]));
    row.push(
      'yes',
      ...bucket.min_confidence.flatMap((low, index) => [low, bucket.max_confidence[index]]),
    );
    rows.push(row);
  }
  return rows;
}

function rowsOf(view: View): Cell[][] {
  switch (view.kind) {
    case 'histogram':
      return histogramRows(view);
    case 'influencers':
      return [
        [
          'name',
          'id',
          'url',
          'network',
          'posts',
          'positive',
          'neutral',
          'negative',
          'reach',
          'reach_per_mention',
          'engagement',
          'engagement_per_mention',
          'matched_topics',
        ],
        ...view.influencers.map((influencer) => [
          influencer.details.name,
          influencer.details.id,
          influencer.details.url,
          influencer.network,
          influencer.posts,
          influencer.sentiment?.positive,
          influencer.sentiment?.neutral,
          influencer.sentiment?.negative,
          influencer.reach,
          influencer.reach_per_mention,
          influencer.engagement,
          influencer.engagement_per_mention,
          influencer.matched_topics
            .map((topic) => `${topic.topic_id}:${topic.posts_amount ?? ''}`)
            .join(' '),
        ]),
      ];
    case 'results':
      return [
        [
          'url',
          'title',
          'source',
          'published',
          'engagement',
          'reach',
          'lang',
          'country',
          'sentiment',
        ],
        ...view.documents.map((document) => [
          document.url,
          document.title,
          document.source,
          document.published === undefined ? undefined : new Date(document.published).toISOString(),
          document.engagement,
          document.reach,
          document.lang,
          document.country,
          document.sentiment,
        ]),
      ];
  }
}

export function viewToCsv(view: View): string {
  return csvText(rowsOf(view));
}

/** The view's API data as JSON, pretty-printed. */
export function viewToJson(view: View): string {
  const data =
    view.kind === 'histogram'
      ? view.result
      : view.kind === 'influencers'
        ? view.influencers
        : view.documents;
  return `${JSON.stringify(data, null, 2)}\n`;
}
