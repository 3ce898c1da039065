// The shown answer as CSV or JSON: what "Export → CSV / JSON" saves. The CSV holds the table the
// panel shows (its columns, order and headings: media/tables/), with the API's numbers as they
// came (no rounding, no formatting), through core/csv.ts (RFC 4180 quoting, no formula cells).
import { csvText } from '../../../core/csv';
import type { ProjectChoices, View } from '../../../media/results/protocol';
import { viewRecords } from '../../../media/tables/viewTable';

export function viewToCsv(view: View, choices?: ProjectChoices): string {
  return csvText(viewRecords(view, choices));
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
