// What a drill-down's results panel is called after: the slice in words and dates, not the
// clause it runs (`published 2026-11-13 (UTC)`, not `published:>=1795435200000 …`).
import type { DrillSlice } from '../../../core/query/drill';
import { formatBucketTime, formatNumber } from '../../../media/results/panelNumbers';

const DAY = 86_400_000;

export function sliceTitle(slice: DrillSlice, timeZone: string): string {
  switch (slice.kind) {
    case 'time': {
      const from = formatBucketTime(slice.from, timeZone);
      const to = formatBucketTime(slice.to, timeZone);
      // A day bucket reads as its day; any other range as its two ends (the end excluded).
      const oneDay =
        slice.to - slice.from <= DAY + 3_600_000 && !from.includes(':') && !to.includes(':');
      return `${slice.field} ${oneDay ? from : `${from} – ${to}`} (${timeZone})`;
    }
    case 'number':
      return `${slice.histogramType} ${formatNumber(slice.from)} – ${formatNumber(slice.to)}`;
    case 'key':
      // A key is the service's text: one line in a title.
      return `${slice.histogramType} ${slice.key.replace(/\s+/g, ' ')}`;
  }
}
