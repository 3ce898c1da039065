// What calls cost in credits (api.md "Limits": search 1 per result plus at least 10 per call;
// stream 1 per result; histogram 10 per call; collector 1 per buffered result, reads free;
// export 1 per exported result; document import 0; gaps.md "Credits when exports meet
// collectors"). Written once: each operation's cost rule (operations.ts), the client's estimates
// (client/estimate.ts) and the sandbox's charging read this table.
export const CREDIT_COSTS = {
  /** A histogram or distribution, global or in a project; top influencers too. */
  histogramCall: 10,
  /** Search results: per call, and per result returned. */
  searchCall: 10,
  searchResult: 1,
  /** A result delivered by a stream. */
  streamResult: 1,
  /** A document an ACTIVE collector buffers (read or not); reading is free. */
  collectorBuffered: 1,
  collectorRead: 0,
  /** A result an export task writes into its target collector (charged once, there). */
  exportedResult: 1,
  documentImport: 0,
} as const;

/** An export task's `limit` when the request gives none (api.md "Limits"). */
export const DEFAULT_EXPORT_LIMIT = 1_000_000;

/** `hpp` of search results when the request gives none (gaps.md). */
export const DEFAULT_RESULTS_PER_PAGE = 10;
