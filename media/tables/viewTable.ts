// The records of what a panel shows, as the table it draws them in: what Export → CSV writes.
import { representationOf } from '../../core/api/histogramRules';
import type { ProjectChoices, View } from '../results/protocol';
import { tableRecords, type CellValue, type DataTable } from './dataColumn';
import { distributionTable, type HistogramView } from './distributionTable';
import { influencerTable } from './influencerTable';
import { numericTable } from './numericTable';
import { resultsTable } from './resultsTable';
import { timeTable } from './timeTable';

const records = <Row>(table: DataTable<Row>) => tableRecords(table.columns, table.rows);

function histogramRecords(view: HistogramView): CellValue[][] {
  switch (representationOf(view.histogramType)) {
    case 'time':
      return records(timeTable(view));
    case 'numeric':
      return records(numericTable(view));
    default:
      return records(distributionTable(view));
  }
}

export function viewRecords(view: View, choices?: ProjectChoices): CellValue[][] {
  switch (view.kind) {
    case 'influencers':
      return records(influencerTable(view, choices));
    case 'results':
      return records(resultsTable(view));
    case 'histogram':
      return histogramRecords(view);
  }
}
