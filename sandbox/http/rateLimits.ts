// Per-token call limits over a sliding minute (api.md "Limits", gaps.md "Rate limits the service
// does not state"). A call over its limit is refused with HTTP 401 / code 8 and no Retry-After.
import { LIMITS_PER_MINUTE, type EndpointClass } from '../../core/api/limits';
import { ApiFailure } from './failure';

export type { EndpointClass } from '../../core/api/limits';

const MINUTE = 60_000;

export class RateLimiter {
  private readonly calls = new Map<string, number[]>();
  /** While a persisted sandbox replays its journal: replayed calls were admitted when made. */
  suspended = false;

  constructor(private readonly now: () => number) {}

  /** Records a call, or throws code 8 when the class's limit for this token is used up. */
  take(token: string, endpoint: EndpointClass): void {
    if (this.suspended) return;
    const key = `${token}\u0000${endpoint}`;
    const now = this.now();
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - MINUTE);
    if (recent.length >= LIMITS_PER_MINUTE[endpoint]) {
      this.calls.set(key, recent);
      throw new ApiFailure(
        'rateLimited',
        `Call limit exceeded: at most ${LIMITS_PER_MINUTE[endpoint]} calls per minute for this endpoint`,
        [{ key: 'limit', value: [String(LIMITS_PER_MINUTE[endpoint])] }],
      );
    }
    recent.push(now);
    this.calls.set(key, recent);
  }

  reset(): void {
    this.calls.clear();
  }
}
