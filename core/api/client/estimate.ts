// What a call will cost, before it is made (api.md "Limits", credits; gaps.md), so that the UI
// can confirm a costly call. Some costs depend on the results: the estimate then gives the most
// it can cost and says what it depends on. The costs themselves are in ../costs.ts.
import { CREDIT_COSTS, DEFAULT_EXPORT_LIMIT, DEFAULT_RESULTS_PER_PAGE } from '../costs';

export type CostedCall =
  | { readonly kind: 'histogram' }
  | { readonly kind: 'topInfluencers' }
  | { readonly kind: 'projectResults'; readonly hpp?: number }
  | { readonly kind: 'streamRead'; readonly maxHits?: number }
  /** A project's live results: a stream's cost, with no stream to create. */
  | { readonly kind: 'projectLiveRead'; readonly maxHits?: number }
  | { readonly kind: 'export'; readonly limit?: number; readonly matching?: number }
  | { readonly kind: 'collectorRead' }
  | { readonly kind: 'collectorBuffering' }
  | { readonly kind: 'upload' }
  | { readonly kind: 'free' };

export interface CreditEstimate {
  /** Credits charged in any case. */
  readonly fixed: number;
  /** The most the call can cost; undefined when nothing bounds it (an open stream). */
  readonly atMost: number | undefined;
  /** What the rest depends on, for a confirmation dialog. */
  readonly note: string;
}

export function estimateCredits(call: CostedCall): CreditEstimate {
  switch (call.kind) {
    case 'histogram':
    case 'topInfluencers': {
      const cost = CREDIT_COSTS.histogramCall;
      return { fixed: cost, atMost: cost, note: `${cost} credits per call` };
    }
    case 'projectResults': {
      const hpp = call.hpp ?? DEFAULT_RESULTS_PER_PAGE;
      const { searchCall, searchResult } = CREDIT_COSTS;
      return {
        fixed: searchCall,
        atMost: searchCall + searchResult * hpp,
        note: `${searchCall} credits per call and ${searchResult} per result (up to ${hpp})`,
      };
    }
    case 'streamRead':
    case 'projectLiveRead':
      return {
        fixed: 0,
        atMost: call.maxHits,
        note:
          call.maxHits === undefined
            ? `${CREDIT_COSTS.streamResult} credit per result, for as long as the ${call.kind === 'streamRead' ? 'stream' : 'live read'} stays open`
            : `${CREDIT_COSTS.streamResult} credit per result, at most ${call.maxHits}`,
      };
    case 'export': {
      const limit = call.limit ?? DEFAULT_EXPORT_LIMIT;
      const results = call.matching === undefined ? limit : Math.min(limit, call.matching);
      const atMost = results * CREDIT_COSTS.exportedResult;
      return {
        fixed: 0,
        atMost,
        note: `${CREDIT_COSTS.exportedResult} credit per exported result, also for results exported before; at most ${atMost.toLocaleString('en')}`,
      };
    }
    case 'collectorBuffering':
      return {
        fixed: 0,
        atMost: undefined,
        note: `${CREDIT_COSTS.collectorBuffered} credit per document the collector buffers while active, read or not`,
      };
    case 'collectorRead':
      return { fixed: 0, atMost: 0, note: 'reading a collector is free' };
    case 'upload':
      return { fixed: 0, atMost: 0, note: 'uploads cost no credits' };
    case 'free':
      return { fixed: 0, atMost: 0, note: 'free' };
  }
}
