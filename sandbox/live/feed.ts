// Live arrivals: documents indexed "now" that streams and collectors see. They come from the
// firehose (`--rate` per second of the virtual clock), from /_sandbox/live, and from uploads.
// Subscribers are told of each arrival in order of search_indexed.
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { KnownWords } from '../search/queryIndex';
import type { DocumentStore } from '../store';

export type Arrival = { readonly number: number; readonly document: AnalyticsDocument };
export type Listener = (arrival: Arrival) => void;

export class LiveFeed {
  private readonly listeners = new Set<Listener>();
  private lastIndexed = 0;

  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => number,
  ) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Indexes a document as arriving at `arrivedAt`, by default now (search_indexed never goes
   * backwards), and tells subscribers; `words`: its title's and content's, when its maker knows
   * them. A firehose batch passes the time its journal record holds: the clock has moved on by
   * the time the record is on disk, and a replay must stamp the same.
   */
  arrive(document: AnalyticsDocument, words?: KnownWords, arrivedAt = this.now()): Arrival {
    const at = Math.max(arrivedAt, this.lastIndexed + 1);
    this.lastIndexed = at;
    const number = this.store.index.size;
    const stamped: AnalyticsDocument = {
      ...document,
      // Every document the API delivers has an address that identifies it.
      url: document.url ?? `https://live.sandbox.example/${number}`,
      published: document.published ?? at,
      indexed: document.indexed ?? at,
      search_indexed: at,
    };
    const arrival = { number: this.store.add(stamped, undefined, words), document: stamped };
    for (const listener of [...this.listeners]) listener(arrival);
    return arrival;
  }
}
