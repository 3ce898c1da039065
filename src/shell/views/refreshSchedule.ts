// When the credits display fetches by itself: after a call spent credits, but not sooner than a
// minute after its last fetch (the credits endpoint allows 10 calls a minute, and other views
// need some of them). Fetches on demand do not wait. No VS Code here; timers are injectable.

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const SYSTEM_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class RefreshSchedule {
  private lastFetch = Number.NEGATIVE_INFINITY;
  private pending: unknown;

  constructor(
    private readonly fetch: () => void,
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly timers: Timers = SYSTEM_TIMERS,
  ) {}

  /** A fetch happened (on demand or scheduled): the next automatic one waits a minute from now. */
  fetched(): void {
    this.cancel();
    this.lastFetch = this.now();
  }

  /** Credits were spent: fetch once the minute since the last fetch is over. */
  spent(): void {
    if (this.pending !== undefined) return;
    const wait = Math.max(0, this.lastFetch + this.intervalMs - this.now());
    this.pending = this.timers.set(() => {
      this.pending = undefined;
      this.fetch();
    }, wait);
  }

  cancel(): void {
    if (this.pending !== undefined) this.timers.clear(this.pending);
    this.pending = undefined;
  }
}
