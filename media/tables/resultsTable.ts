// Search results as rows of a file: what the panel's list says of each document, in its order
// (title and its address, source, publication time, engagement, reach, language, country,
// sentiment), with the API's numbers as they came.
import { formatTime } from '../results/panelNumbers';
import type { ResultDocument, View } from '../results/protocol';
import type { DataColumn, DataTable } from './dataColumn';

export type ResultsView = Extract<View, { kind: 'results' }>;

/** The document's own fields; `reading` (why it matched) is the panel's, not a column. */
type Field = Exclude<keyof ResultDocument, 'reading'>;

const text = (key: Field, label: string): DataColumn<ResultDocument> => ({
  key,
  label,
  value: (document) => document[key] ?? '',
});

export function resultsTable(view: ResultsView): DataTable<ResultDocument> {
  return {
    columns: [
      text('title', 'Title'),
      text('url', 'URL'),
      text('source', 'Source'),
      {
        key: 'published',
        label: 'Published (UTC)',
        value: (document) =>
          document.published === undefined ? '' : formatTime(document.published, 'UTC'),
      },
      text('engagement', 'Engagement'),
      text('reach', 'Reach'),
      text('lang', 'Language'),
      text('country', 'Country'),
      text('sentiment', 'Sentiment'),
    ],
    rows: view.documents,
  };
}
