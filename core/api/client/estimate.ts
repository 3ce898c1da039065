// What a call will cost, before it is made (api.md "Limits", credits; gaps.md), so that the UI
// can confirm a costly call. Some costs depend on the results: the estimate then gives the most
// it can cost and says what it depends on. The prices are the costs table's (../costs.ts), which
// the operations' cost rules (../operations.ts) are made of: read from there directly, so that
// the extension's main bundle (CodeLens titles, the status bar) loads no table of operations.
import { CREDIT_COSTS, DEFAULT_EXPORT_LIMIT, DEFAULT_RESULTS_PER_PAGE } from '../costs';

const HISTOGRAM = CREDIT_COSTS.histogramCall;
const SEARCH = { call: CREDIT_COSTS.searchCall, result: CREDIT_COSTS.searchResult };
const STREAMED = CREDIT_COSTS.streamResult;
const EXPORTED = CREDIT_COSTS.exportedResult;
const BUFFERED = CREDIT_COSTS.collectorBuffered;

export type CostedCall =
  | { readonly kind: 'histogram' }
  | { readonly kind: 'topInfluencers' }
  /** Search results, in a project or over global data: one price, one question. */
  | { readonly kind: 'results'; readonly hpp?: number }
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
      return { fixed: HISTOGRAM, atMost: HISTOGRAM, note: `${HISTOGRAM} credits per call` };
    }
    case 'results': {
      const hpp = call.hpp ?? DEFAULT_RESULTS_PER_PAGE;
      const { call: searchCall, result: searchResult } = SEARCH;
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
            ? `${STREAMED} credit per result, for as long as the ${call.kind === 'streamRead' ? 'stream' : 'live read'} stays open`
            : `${STREAMED} credit per result, at most ${call.maxHits}`,
      };
    case 'export': {
      const limit = call.limit ?? DEFAULT_EXPORT_LIMIT;
      const results = call.matching === undefined ? limit : Math.min(limit, call.matching);
      const atMost = results * EXPORTED;
      return {
        fixed: 0,
        atMost,
        note: `${EXPORTED} credit per exported result, also for results exported before; at most ${atMost.toLocaleString('en')}`,
      };
    }
    case 'collectorBuffering':
      return {
        fixed: 0,
        atMost: undefined,
        note: `${BUFFERED} credit per document the collector buffers while active, read or not`,
      };
    case 'collectorRead':
      return { fixed: 0, atMost: 0, note: 'reading a collector is free' };
    case 'upload':
      return { fixed: 0, atMost: 0, note: 'uploads cost no credits' };
    case 'free':
      return { fixed: 0, atMost: 0, note: 'free' };
  }
}
