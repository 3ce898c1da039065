// What a run is: a query, where it looks (global data or a project), and which answer it asks
// for with which parameters. Built by the commands (a rule, a selection, a typed query) and
// changed by the panel's controls; executed by execute.ts. No VS Code here.
import { representationOf } from '../../../core/api/histogramRules';
import type { HistogramType } from '../../../core/api/schemas/histogram';
import type {
  HistogramParameters,
  InfluencerParameters,
  ResultsParameters,
  Target,
} from '../../../media/results/protocol';

export type RunRequest =
  | {
      readonly kind: 'histogram';
      readonly histogramType: HistogramType;
      readonly parameters: HistogramParameters;
    }
  | { readonly kind: 'influencers'; readonly parameters: InfluencerParameters }
  | { readonly kind: 'results'; readonly parameters: ResultsParameters };

/** Where a run's query comes from: a rule of a file (drill-downs add rules next to it). */
export interface RunSource {
  readonly uri: string;
  readonly ruleId: string;
}

export interface RunSpec {
  /** The rule's id, "Selection" or "Typed query". */
  readonly title: string;
  readonly query: string;
  readonly target: Target;
  readonly request: RunRequest;
  readonly source?: RunSource;
}

/** The first page of results, as a run starts it. */
export const FIRST_PAGE: ResultsParameters = {
  offset: 0,
  hpp: 25,
  sort_by: 'engagement',
  sort_order: 'desc',
};

/**
 * Which command runs a histogram type, and so what its answer is called: time and numeric types
 * are histograms, top-N and fixed ones distributions (as the Histogram… and Distribution… picks).
 */
export function familyOf(type: string): 'histogram' | 'distribution' {
  const representation = representationOf(type);
  return representation === 'time' || representation === 'numeric' ? 'histogram' : 'distribution';
}

/** What a run is called in the panel's title and the progress notification. */
export function runTitle(spec: RunSpec): string {
  const { request } = spec;
  const what =
    request.kind === 'histogram'
      ? `${familyOf(request.histogramType) === 'histogram' ? 'Histogram' : 'Distribution'}: ${request.histogramType}`
      : request.kind === 'influencers'
        ? 'Top influencers'
        : 'Results';
  return `${spec.title} · ${what}`;
}
