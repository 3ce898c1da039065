// What a call will cost, before it is made (api.md "Limits", credits; gaps.md), so that the UI
// can confirm a costly call. Some costs depend on the results: the estimate then gives the most
// it can cost and says what it depends on.

export type CostedCall =
  | { readonly kind: 'histogram' }
  | { readonly kind: 'topInfluencers' }
  | { readonly kind: 'projectResults'; readonly hpp?: number }
  | { readonly kind: 'streamRead'; readonly maxHits?: number }
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

const DEFAULT_HPP = 10;
const DEFAULT_EXPORT_LIMIT = 1_000_000;

export function estimateCredits(call: CostedCall): CreditEstimate {
  switch (call.kind) {
    case 'histogram':
    case 'topInfluencers':
      return { fixed: 10, atMost: 10, note: '10 credits per call' };
    case 'projectResults': {
      const hpp = call.hpp ?? DEFAULT_HPP;
      return {
        fixed: 10,
        atMost: 10 + hpp,
        note: `10 credits per call and 1 per result (up to ${hpp})`,
      };
    }
    case 'streamRead':
      return {
        fixed: 0,
        atMost: call.maxHits,
        note:
          call.maxHits === undefined
            ? '1 credit per result, for as long as the stream stays open'
            : `1 credit per result, at most ${call.maxHits}`,
      };
    case 'export': {
      const limit = call.limit ?? DEFAULT_EXPORT_LIMIT;
      const atMost = call.matching === undefined ? limit : Math.min(limit, call.matching);
      return {
        fixed: 0,
        atMost,
        note: `1 credit per exported result, also for results exported before; at most ${atMost.toLocaleString('en')}`,
      };
    }
    case 'collectorBuffering':
      return {
        fixed: 0,
        atMost: undefined,
        note: '1 credit per document the collector buffers while active, read or not',
      };
    case 'collectorRead':
      return { fixed: 0, atMost: 0, note: 'reading a collector is free' };
    case 'upload':
      return { fixed: 0, atMost: 0, note: 'uploads cost no credits' };
    case 'free':
      return { fixed: 0, atMost: 0, note: 'free' };
  }
}
