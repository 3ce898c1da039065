// The buckets of a time histogram that its range covers only in part: the first when the range
// starts inside it ("last 7d" with day buckets starts at this hour 7 days ago), the last when it
// reaches past the range's end or past now (today's bucket so far). They count fewer documents
// than a whole bucket would, so the chart and the table mark them instead of showing a dip.
import { timeRangeOf } from '../../core/api/histogramBins';
import { noun } from '../../core/plural';
import { bucketEnd, timeColumns } from '../tables/timeSeries';
import { formatBucketTime } from './panelNumbers';
import type { Shown } from './state';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

/** Indexes of the partial buckets among the real ones (the forecast's days are not buckets). */
export function partialBuckets(shown: HistogramShown): ReadonlySet<number> {
  const { parameters, result } = shown.view;
  const { xs, lastReal } = timeColumns(result);
  const partial = new Set<number>();
  // One bucket alone does not say how long buckets are.
  if (xs.length < 2) return partial;
  // The answer arrived just after the service's now: the range it computed, to within that.
  const now = shown.run.at;
  const range = timeRangeOf(parameters, parameters.timezone ?? 'UTC', now);
  const end = Math.min(range.max, now);
  for (let index = 0; index <= lastReal; index++) {
    const from = xs[index] ?? 0;
    if (from < range.min || bucketEnd(xs, index) > end) partial.add(index);
  }
  return partial;
}

/** What the marks mean, naming the buckets: "2026-11-20 is only partly in the range: …". */
export function partialNote(shown: HistogramShown, partial: ReadonlySet<number>): string {
  const { xs } = timeColumns(shown.view.result);
  const timeZone = shown.view.parameters.timezone ?? 'UTC';
  const names = [...partial].map((index) => formatBucketTime(xs[index] ?? 0, timeZone));
  return `${names.join(' and ')} ${noun(names.length, 'is', 'are')} only partly in the range: fewer documents, not a dip`;
}
