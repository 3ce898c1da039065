// Wall-clock time in a tz database timezone through Intl (no DOM, no Node): what a histogram's
// day, week and month buckets start on (api.md histogram rule 2), for counting bins before a call
// and for reading a date typed in that timezone. The sandbox has its own (sandbox/analytics/
// zonedTime.ts); a unit test compares the bin counts of both.

export interface WallTime {
  readonly year: number;
  /** 0-based, as Date's. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether this runtime knows `timeZone` as a tz database name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function wallTime(instant: number, timeZone: string): WallTime {
  if (timeZone === 'UTC') {
    const date = new Date(instant);
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);

/** The instant at which clocks in `timeZone` show `wall` (the earlier one in a DST overlap). */
export function instantOf(wall: WallTime, timeZone: string): number {
  const guess = asUtc(wall);
  if (timeZone === 'UTC') return guess;
  let instant = guess - (asUtc(wallTime(guess, timeZone)) - guess);
  // A second pass settles instants whose offset differs from the guess's (DST boundaries).
  instant = guess - (asUtc(wallTime(instant, timeZone)) - instant);
  return instant;
}

const DAY = 86_400_000;

/** Days since 1970-01-01 of the local date of `instant`. */
export function localDay(instant: number, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  return Date.UTC(wall.year, wall.month, wall.day) / DAY;
}

/** The start of the local day holding `instant`. */
export function startOfDay(instant: number, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  return instantOf({ ...wall, hour: 0, minute: 0, second: 0 }, timeZone);
}
