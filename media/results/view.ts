// Which renderer shows an answer: api.md's four histogram representations, top influencers and
// results; charts as tables when "View as table" is on.
import { representationOf } from '../../core/api/histogramRules';
import type { FromPanel } from './protocol';
import { renderBarChart } from './barChart';
import { numericTable, timeTable } from './chartTables';
import { el } from '../shared/dom';
import { renderDistribution } from './distribution';
import { renderInfluencers } from './influencers';
import type { Rendered } from './rendered';
import { renderResults } from './resultsList';
import type { RerunView, Shown } from './state';
import { renderTimeChart } from './timeChart';

export interface ViewActions {
  readonly post: (message: FromPanel) => void;
  readonly rerun: (view: RerunView) => void;
  readonly zoom: (from: number, to: number) => void;
}

/** Whether the view is a chart (so it has a table form). */
export function isChart(shown: Shown): boolean {
  if (shown.view.kind !== 'histogram') return false;
  const representation = representationOf(shown.view.histogramType);
  return representation === 'time' || representation === 'numeric';
}

export function renderView(
  shown: Shown,
  actions: ViewActions,
  asTable: boolean,
  width: number,
): Rendered {
  const { view } = shown;
  if (view.kind === 'influencers') return renderInfluencers({ ...shown, view }, actions.post);
  if (view.kind === 'results')
    return renderResults({ ...shown, view }, actions.post, actions.rerun);
  const histogram = { ...shown, view };
  const representation = representationOf(view.histogramType);
  if (representation === 'time')
    return asTable
      ? { element: timeTable(histogram, actions.post) }
      : renderTimeChart({ shown: histogram, post: actions.post, zoom: actions.zoom, width });
  if (representation === 'numeric')
    return asTable
      ? { element: numericTable(histogram, actions.post) }
      : renderBarChart(histogram, actions.post, width);
  if (representation) return renderDistribution(histogram, actions.post);
  return {
    element: el(
      'p',
      { className: 'empty' },
      `Unknown histogram type ${view.histogramType}: nothing to show.`,
    ),
  };
}
