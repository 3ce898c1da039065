// The window the lab counts over: whole UTC days ending with today, so that a count asked twice
// in one day covers the same documents (and is found in the cache), and each day is one bin of
// the sparkline.
const DAY = 86_400_000;

export interface CountWindow {
  /** First instant counted, epoch ms (a UTC midnight). */
  readonly min: number;
  /** First instant not counted, epoch ms: the start of tomorrow (UTC). */
  readonly max: number;
  readonly days: number;
}

/** The last `days` days, today included. */
export function lastDays(days: number, now: number): CountWindow {
  const max = Math.floor(now / DAY) * DAY + DAY;
  return { min: max - days * DAY, max, days };
}
