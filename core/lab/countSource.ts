// Where the lab's counts come from: the documents a query matches over a window, in a target
// (global data, or a project narrowed by topics and filters), in all and per day (the
// sparkline). The API's histogram answers it (histogramCounts.ts); tests may count otherwise.
import type { CountWindow } from './countWindow';

export interface CountTarget {
  /** A project's data; global data when absent. */
  readonly project?: string;
  readonly topics?: readonly string[];
  readonly filters?: readonly string[];
}

export interface DailyCounts {
  readonly total: number;
  /** One entry per day of the window, in order. */
  readonly days: readonly { readonly start: number; readonly count: number }[];
}

export interface CountRequest {
  readonly query: string;
  readonly target: CountTarget;
  readonly window: CountWindow;
}

export interface CountSource {
  daily(request: CountRequest, signal?: AbortSignal): Promise<DailyCounts>;
  count(request: CountRequest, signal?: AbortSignal): Promise<number>;
}
