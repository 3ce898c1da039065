// The rate governor: the limits of api.md and gaps.md per endpoint class, kept by the client so
// that it waits instead of being refused (code 8). The service counts calls over a sliding minute,
// so the governor does too: it remembers the times of the calls in the last minute (at most the
// limit's number) and lets a call go when one leaves the window. A token bucket that refills
// continuously would allow a burst and then a call a second, which a sliding minute refuses.
// Observable, so the UI can say "waiting 12 s for the rate limit"; the clock is injectable.
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS_PER_MINUTE, RATE_WINDOW_MS, type EndpointClass } from '../limits';

export interface GovernorClock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: GovernorClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : {}),
};

export interface RateState {
  readonly endpoint: EndpointClass;
  readonly limit: number;
  /** Calls in the current minute. */
  readonly used: number;
  /** Calls waiting for a free slot. */
  readonly queued: number;
  /** When the next call may go (epoch ms); now or earlier when a slot is free. */
  readonly nextFreeAt: number;
}

interface Window {
  readonly calls: number[];
  queued: number;
  /** The last waiter's turn: calls go in the order they asked. */
  tail: Promise<void>;
}

export class RateGovernor {
  private readonly windows = new Map<EndpointClass, Window>();
  private readonly listeners = new Set<(state: RateState) => void>();

  constructor(
    private readonly clock: GovernorClock = systemClock,
    private readonly limits: Readonly<Record<EndpointClass, number>> = LIMITS_PER_MINUTE,
    /** Extra wait past the window, for clocks that disagree a little. */
    private readonly marginMs = 200,
  ) {}

  /** Waits for a free slot of the endpoint class and takes it. Rejects when `signal` aborts. */
  acquire(endpoint: EndpointClass, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const window = this.window(endpoint);
    window.queued += 1;
    this.notify(endpoint);
    const turn = window.tail.then(() => this.take(endpoint, window, signal));
    // A cancelled waiter must not hold up the ones behind it.
    window.tail = turn.catch(() => undefined);
    return turn.finally(() => {
      window.queued -= 1;
      this.notify(endpoint);
    });
  }

  /**
   * Resolves once the class has at least `share` of its calls free and no caller waiting. Work
   * the user did not ask for at that moment (the query lab's counts) waits for this before it
   * acquires, so that it never takes the calls the user's own runs want. Takes no slot itself.
   */
  async whenSpare(endpoint: EndpointClass, share: number, signal?: AbortSignal): Promise<void> {
    const wanted = Math.max(1, Math.ceil(this.limits[endpoint] * share));
    const window = this.window(endpoint);
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.prune(window, now);
      const free = this.limits[endpoint] - window.calls.length;
      if (window.queued === 0 && free >= wanted) return;
      // A slot frees when the oldest call leaves the minute; a queue drains as calls are taken.
      const oldest = window.calls[0];
      const wait = oldest === undefined ? 100 : oldest + RATE_WINDOW_MS + this.marginMs - now;
      await this.clock.sleep(Math.max(1, Math.min(wait, 1_000)), signal);
    }
  }

  /**
   * The service refused a call for the rate limit anyway (another client shares the token):
   * treat the class as used up for a minute from now.
   */
  saturate(endpoint: EndpointClass): void {
    const window = this.window(endpoint);
    const now = this.clock.now();
    window.calls.splice(
      0,
      window.calls.length,
      ...new Array<number>(this.limits[endpoint]).fill(now),
    );
    this.notify(endpoint);
  }

  state(endpoint: EndpointClass): RateState {
    const window = this.window(endpoint);
    const now = this.clock.now();
    this.prune(window, now);
    const limit = this.limits[endpoint];
    const oldest = window.calls[0];
    return {
      endpoint,
      limit,
      used: window.calls.length,
      queued: window.queued,
      nextFreeAt:
        window.calls.length < limit || oldest === undefined
          ? now
          : oldest + RATE_WINDOW_MS + this.marginMs,
    };
  }

  /** Told whenever a class's state changes (a call queued, taken or let go). */
  onChange(listener: (state: RateState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private async take(endpoint: EndpointClass, window: Window, signal?: AbortSignal): Promise<void> {
    const limit = this.limits[endpoint];
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.prune(window, now);
      if (window.calls.length < limit) {
        window.calls.push(now);
        return;
      }
      const oldest = window.calls[0] ?? now;
      this.notify(endpoint);
      await this.clock.sleep(Math.max(1, oldest + RATE_WINDOW_MS + this.marginMs - now), signal);
    }
  }

  private prune(window: Window, now: number): void {
    let expired = 0;
    while (
      expired < window.calls.length &&
      (window.calls[expired] ?? 0) <= now - RATE_WINDOW_MS - this.marginMs
    )
      expired++;
    if (expired > 0) window.calls.splice(0, expired);
  }

  private window(endpoint: EndpointClass): Window {
    let window = this.windows.get(endpoint);
    if (!window) {
      window = { calls: [], queued: 0, tail: Promise.resolve() };
      this.windows.set(endpoint, window);
    }
    return window;
  }

  private notify(endpoint: EndpointClass): void {
    if (this.listeners.size === 0) return;
    const state = this.state(endpoint);
    for (const listener of this.listeners) listener(state);
  }
}
