// The credits display fetches by itself after spending, at most once a minute.
import assert from 'node:assert/strict';
import { RefreshSchedule, type Timers } from '../../../../src/shell/views/refreshSchedule';

/** Timers on a clock the test moves. */
class FakeTimers implements Timers {
  time = 0;
  private timers: { at: number; callback: () => void }[] = [];
  set(callback: () => void, ms: number): unknown {
    const timer = { at: this.time + ms, callback };
    this.timers.push(timer);
    return timer;
  }
  clear(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer !== handle);
  }
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.callback();
  }
}

describe('credits refresh schedule', () => {
  const setup = () => {
    const timers = new FakeTimers();
    let fetches = 0;
    const schedule = new RefreshSchedule(
      () => {
        fetches += 1;
        schedule.fetched();
      },
      60_000,
      () => timers.time,
      timers,
    );
    return { timers, schedule, fetches: () => fetches };
  };

  it('after spending, fetches at once when the last fetch is a minute old', () => {
    const { timers, schedule, fetches } = setup();
    schedule.spent();
    timers.advance(0);
    assert.equal(fetches(), 1);
  });

  it('spending soon after a fetch waits until the minute is over, and many spends fetch once', () => {
    const { timers, schedule, fetches } = setup();
    schedule.fetched();
    timers.advance(10_000);
    for (let call = 0; call < 5; call++) schedule.spent();
    timers.advance(49_999);
    assert.equal(fetches(), 0);
    timers.advance(1);
    assert.equal(fetches(), 1);
    timers.advance(120_000);
    assert.equal(fetches(), 1, 'no spending, no more fetches');
  });

  it('a fetch on demand cancels the waiting one and restarts the minute', () => {
    const { timers, schedule, fetches } = setup();
    schedule.fetched();
    schedule.spent();
    timers.advance(30_000);
    schedule.fetched();
    timers.advance(30_000);
    assert.equal(fetches(), 0);
  });
});
