// The sandbox's virtual clock: wall time plus an offset that POST /_sandbox/clock advances, so
// tests can move through retention periods, monthly resets and task progress without waiting.
export class VirtualClock {
  private offset = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  now(): number {
    return this.wall() + this.offset;
  }

  advance(milliseconds: number): number {
    this.offset += milliseconds;
    return this.now();
  }

  reset(): void {
    this.offset = 0;
  }
}
