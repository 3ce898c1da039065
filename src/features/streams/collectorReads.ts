// When each collector was last read from this machine: an ACTIVE collector costs a
// credit per buffered result even when nobody reads it, so the Streams view says when it was last
// read here and warns about one unread for more than a day. Kept in the extension's global state,
// per service (its base URL, or 'sandbox'), like the last pushed rules of a stream. No VS Code
// import: the memento is passed in.

export interface ReadMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** How long a collector may go unread before the view warns. */
export const UNREAD_WARNING_MS = 24 * 60 * 60 * 1000;

export class CollectorReads {
  constructor(
    private readonly memento: ReadMemento,
    /** The service: its base URL, or 'sandbox'. */
    private readonly service: () => string,
  ) {}

  /** When `collectorId` was last read from this machine (epoch ms), if ever. */
  lastRead(collectorId: string): number | undefined {
    return this.memento.get<number>(this.key('lastRead', collectorId));
  }

  /** Notes a read of `collectorId` (a tail's results, or a read to a file) at `at`. */
  async noteRead(collectorId: string, at: number = Date.now()): Promise<void> {
    await this.memento.update(this.key('lastRead', collectorId), at);
  }

  /**
   * Since when `collectorId` has gone unread here: its last read, or else when this machine
   * first saw it active (noted now if never), so that a collector nobody reads here is warned
   * about a day after it appeared rather than at once.
   */
  unreadSince(collectorId: string, now: number = Date.now()): number {
    const read = this.lastRead(collectorId);
    if (read !== undefined) return read;
    const key = this.key('firstSeen', collectorId);
    const seen = this.memento.get<number>(key);
    if (seen !== undefined) return seen;
    void this.memento.update(key, now);
    return now;
  }

  /** Forgets a collector (deleted: a new one of the same id is another collector). */
  async forget(collectorId: string): Promise<void> {
    await this.memento.update(this.key('lastRead', collectorId), undefined);
    await this.memento.update(this.key('firstSeen', collectorId), undefined);
  }

  private key(kind: 'lastRead' | 'firstSeen', collectorId: string): string {
    return `collectors.${kind}.${this.service()}.${collectorId}`;
  }
}

/** `just now`, `5 min`, `3 h`, `2 days`: how long ago, roughly. */
export function ago(time: number, now: number): string {
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** What the Streams view shows of an ACTIVE collector's reads. */
export interface ReadView {
  /** `read 3 h ago` or `never read here`. */
  readonly text: string;
  /** Unread for more than a day: warn. */
  readonly warn: boolean;
  readonly tooltip: string;
}

export function readView(reads: CollectorReads, collectorId: string, now: number): ReadView {
  const last = reads.lastRead(collectorId);
  const since = reads.unreadSince(collectorId, now);
  const text = last === undefined ? 'never read here' : `read ${ago(last, now)}`;
  const warn = now - since > UNREAD_WARNING_MS;
  const tooltip = warn
    ? `Not read from this machine for more than a day (${text}). An active collector costs a credit for every result it buffers, read or not: read it, or pause it.`
    : last === undefined
      ? 'Never read from this machine.'
      : `Last read from this machine ${ago(last, now)}.`;
  return { text, warn, tooltip };
}
