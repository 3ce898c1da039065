// The rate governor on a fake clock: a sliding minute per endpoint class, callers in order,
// cancellation, and the state the UI shows.
import assert from 'node:assert/strict';
import { RateGovernor, type GovernorClock } from '../../../../core/api/client/governor';
import { LIMITS_PER_MINUTE } from '../../../../core/api/limits';

/** A clock that moves only when told, and wakes sleepers whose time came. */
class FakeClock implements GovernorClock {
  time = 1_000_000;
  private sleepers: { until: number; wake: () => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const sleeper = { until: this.time + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((each) => each !== sleeper);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      });
    });
  }

  /** Moves time on and lets every woken task run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.time);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of due) sleeper.wake();
    await settle();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('rate governor', () => {
  const limits = { ...LIMITS_PER_MINUTE, credits: 3 };

  it('lets the limit through at once, then the next call when the oldest leaves the minute', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    for (let call = 0; call < 3; call++) await governor.acquire('credits');
    let fourth = false;
    void governor.acquire('credits').then(() => (fourth = true));
    await settle();
    assert.equal(fourth, false);
    assert.deepEqual(
      {
        queued: governor.state('credits').queued,
        nextFreeAt: governor.state('credits').nextFreeAt,
      },
      { queued: 1, nextFreeAt: clock.time + 60_000 },
    );
    await clock.advance(59_999);
    assert.equal(fourth, false);
    await clock.advance(1);
    assert.equal(fourth, true);
  });

  it('counts over a sliding minute, not a refilling bucket: a burst then no call for a minute', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    for (let call = 0; call < 3; call++) await governor.acquire('credits');
    let next = false;
    void governor.acquire('credits').then(() => (next = true));
    // A bucket refilling 3 a minute would let a call through after 20 s; the service would not.
    await clock.advance(20_000);
    assert.equal(next, false);
    await clock.advance(40_000);
    assert.equal(next, true);
  });

  it('keeps callers in the order they asked', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    for (let call = 0; call < 3; call++) await governor.acquire('credits');
    const order: number[] = [];
    const waiting = [1, 2, 3].map((caller) =>
      governor.acquire('credits').then(() => order.push(caller)),
    );
    await clock.advance(60_000);
    await Promise.all(waiting);
    assert.deepEqual(order, [1, 2, 3]);
  });

  it('a cancelled caller leaves the queue and does not hold up the next', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    for (let call = 0; call < 3; call++) await governor.acquire('credits');
    const controller = new AbortController();
    const cancelled = governor.acquire('credits', controller.signal);
    let after = false;
    void governor.acquire('credits').then(() => (after = true));
    await settle();
    assert.equal(governor.state('credits').queued, 2);
    controller.abort(new Error('user cancelled'));
    await assert.rejects(cancelled, /user cancelled/);
    await settle();
    assert.equal(governor.state('credits').queued, 1);
    await clock.advance(60_000);
    assert.equal(after, true);
  });

  it('classes are independent; saturate() marks one used up for a minute', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    governor.saturate('credits');
    assert.equal(governor.state('credits').used, 3);
    assert.equal(governor.state('credits').nextFreeAt, clock.time + 60_000);
    await governor.acquire('tags');
    assert.equal(governor.state('tags').used, 1);
  });

  it('tells listeners of every change, for a status bar', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    const seen: string[] = [];
    const listening = governor.onChange((state) => seen.push(`${state.used}/${state.queued}`));
    await governor.acquire('credits');
    listening.dispose();
    await governor.acquire('credits');
    assert.deepEqual(seen, ['0/1', '1/0']);
  });
  it('whenSpare waits for half the calls free and nobody queued, and takes no slot', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, { ...limits, projectHistogram: 4 }, 0);
    await governor.whenSpare('projectHistogram', 0.5);
    assert.equal(governor.state('projectHistogram').used, 0, 'whenSpare took no slot');
    await governor.acquire('projectHistogram');
    await clock.advance(10_000);
    await governor.acquire('projectHistogram');
    await governor.acquire('projectHistogram');
    let spare = false;
    void governor.whenSpare('projectHistogram', 0.5).then(() => (spare = true));
    await clock.advance(49_999);
    assert.equal(spare, false, 'one call of four free: the user may want it');
    await clock.advance(1_000);
    assert.equal(spare, true, 'the first call left the minute: two of four free');
  });

  it('whenSpare yields to a queued caller, and stops when cancelled', async () => {
    const clock = new FakeClock();
    const governor = new RateGovernor(clock, limits, 0);
    for (let call = 0; call < 3; call++) await governor.acquire('credits');
    const order: string[] = [];
    void governor.acquire('credits').then(() => order.push('user'));
    void governor.whenSpare('credits', 0.1).then(() => order.push('lab'));
    const controller = new AbortController();
    const cancelled = governor.whenSpare('credits', 0.1, controller.signal);
    await clock.advance(59_999);
    assert.deepEqual(order, [], 'no call free yet');
    controller.abort(new Error('closed'));
    await assert.rejects(cancelled, /closed/);
    await clock.advance(1);
    assert.deepEqual(order, ['user'], 'the queued caller goes first');
    await clock.advance(1_000);
    assert.deepEqual(order, ['user', 'lab'], 'then the lab, with two of three calls free');
  });
});
