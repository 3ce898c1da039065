// The noise finder's theme clouds: the `theme_cloud` distribution of a query's documents over the
// lab's window (global data or a project), one histogram call each (10 credits against a service).
// Its values are a share of a sample of the documents (api.md), not counts: they rank the terms.
import type { TOKENIZING_MODES } from '../api/parameterValues';
import type { CountTarget } from './countSource';
import type { CountWindow } from './countWindow';
import type { HistogramCaller } from './histogramCounts';
import { histogramOf } from './targetCalls';

export type TokenizingMode = (typeof TOKENIZING_MODES)[number];

export interface ThemeTerm {
  readonly term: string;
  /** Its share of the sampled documents, as the service gives it. */
  readonly share: number;
}

/** How many terms a cloud asks for: the most the API gives (top_n ≤ 100) is more than a list reads. */
const TERMS = 40;

export async function themeTerms(
  client: HistogramCaller,
  query: string,
  target: CountTarget,
  window: CountWindow,
  mode: TokenizingMode,
  signal?: AbortSignal,
): Promise<ThemeTerm[]> {
  const parameters = {
    q: query,
    min: window.min,
    max: window.max,
    top_n: TERMS,
    tokenizing_mode: mode,
  };
  const answer = await histogramOf(
    client,
    target,
    'theme_cloud',
    parameters,
    signal ? { signal } : {},
  );
  return answer.result_histogram.data
    .filter((bucket) => typeof bucket.ks === 'string' && bucket.ks.trim() !== '')
    .map((bucket) => ({ term: bucket.ks ?? '', share: bucket.v[0] ?? 0 }))
    .sort((a, b) => b.share - a.share);
}

const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * The terms worth a look: a term made only of words the rule itself is written with (its own
 * operands, found in every document it matches) is no candidate for noise.
 */
export function candidateTerms(terms: readonly ThemeTerm[], query: string): ThemeTerm[] {
  const own = new Set([...query.toLowerCase().matchAll(WORDS)].map((match) => match[0]));
  return terms.filter((theme) => {
    const words = [...theme.term.toLowerCase().matchAll(WORDS)].map((match) => match[0]);
    return words.length > 0 && !words.every((word) => own.has(word));
  });
}
