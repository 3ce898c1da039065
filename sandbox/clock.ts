// The sandbox's virtual clock: wall time plus an offset that POST /_sandbox/clock advances, so
// tests can move through retention periods, monthly resets and task progress without waiting.
//
// Persistence (sandbox/persistence) needs two more things of it: replaying a journal runs each
// record at the time it was recorded (`replayAt`), and a request's handler must see the same
// wall time that its journal record holds (`hold`).
export type ReplayTime = { readonly wall: number } | { readonly virtual: number };

export class VirtualClock {
  private offset = 0;
  private replaying: ReplayTime | undefined;
  private held: number | undefined;

  constructor(private readonly wall: () => number = Date.now) {}

  now(): number {
    if (this.replaying) {
      return 'virtual' in this.replaying
        ? this.replaying.virtual
        : this.replaying.wall + this.offset;
    }
    return (this.held ?? this.wall()) + this.offset;
  }

  advance(milliseconds: number): number {
    this.offset += milliseconds;
    return this.now();
  }

  reset(): void {
    this.offset = 0;
  }

  /**
   * Freezes the wall time until the current macrotask ends, so that everything one request does
   * happens at the instant its journal record names.
   */
  hold(): number {
    if (this.held === undefined) {
      this.held = this.wall();
      setImmediate(() => (this.held = undefined));
    }
    return this.held;
  }

  /** Runs `action` as at a recorded time: a wall time (offset still applies) or a virtual one. */
  async replayAt<T>(time: ReplayTime, action: () => Promise<T> | T): Promise<T> {
    this.replaying = time;
    try {
      return await action();
    } finally {
      this.replaying = undefined;
    }
  }
}
