// Calendar arithmetic in a tz database timezone: the start of the day, week, month, … that holds an
// instant, and the next one. Day-sized buckets begin at local midnight (api.md histogram rule 2),
// so across a DST change a "day" bucket is 23 or 25 hours long.
export type CalendarUnit =
  'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

interface WallTime {
  year: number;
  month: number; // 0-based
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a JavaScript date can hold: ±8.64e15 ms around 1970. */
const LAST_DATE = 8.64e15;
const isDate = (instant: number) => Math.abs(instant) <= LAST_DATE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      // Years before 1 are counted backwards from 1 BC; the era says which way to read them.
      era: 'short',
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

/** Whether `timeZone` is a tz database name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * UTC, the default timezone, read off the date itself: the same wall time as Intl's (a test
 * compares them with `Etc/UTC`), without formatting a date to parts, which cost most of a
 * histogram's time.
 */
function utcWallTime(instant: number): WallTime {
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

function wallTime(instant: number, timeZone: string): WallTime {
  if (timeZone === 'UTC' && isDate(instant)) return utcWallTime(instant);
  const parts: Record<string, number> = {};
  let beforeOurEra = false;
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type === 'era') beforeOurEra = part.value === 'BC';
    else if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  return {
    // 1 BC is the year 0, 2 BC the year -1 (astronomical numbering, as Date.UTC counts).
    year: beforeOurEra ? 1 - year : year,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Date.UTC, but for every year: Date.UTC reads years 0 to 99 as 1900 to 1999. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function wallAsUtc(wall: WallTime): number {
  return utc(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The instant at which the clocks of `timeZone` show `wall` (the earlier one in a DST overlap);
 * NaN past what a date can hold, where the time zone's clocks show nothing.
 */
function instantOf(wall: WallTime, timeZone: string): number {
  const guess = wallAsUtc(wall);
  if (!isDate(guess)) return NaN;
  let instant = guess - (wallAsUtc(wallTime(guess, timeZone)) - guess);
  if (!isDate(instant)) return NaN;
  // A second pass settles instants whose offset differs from the guess's (DST boundaries).
  instant = guess - (wallAsUtc(wallTime(instant, timeZone)) - instant);
  return isDate(instant) ? instant : NaN;
}

/** How coarse each unit is: truncating to a unit clears every field finer than it. */
const RANK: Readonly<Record<CalendarUnit, number>> = {
  second: 0,
  minute: 1,
  hour: 2,
  day: 3,
  week: 3,
  month: 4,
  quarter: 5,
  year: 6,
};

function truncate(wall: WallTime, unit: CalendarUnit): WallTime {
  const rank = RANK[unit];
  const result = { ...wall };
  if (rank >= RANK.minute) result.second = 0;
  if (rank >= RANK.hour) result.minute = 0;
  if (rank >= RANK.day) result.hour = 0;
  if (rank >= RANK.month) result.day = 1;
  if (unit === 'quarter') result.month = wall.month - (wall.month % 3);
  if (unit === 'year') result.month = 0;
  if (unit === 'week') {
    // Weeks start on Monday (ISO 8601).
    const weekday = new Date(utc(wall.year, wall.month, wall.day)).getUTCDay();
    result.day = wall.day - ((weekday + 6) % 7);
  }
  return result;
}

/** The start of the `unit` that holds `instant`, in `timeZone`. */
export function startOf(unit: CalendarUnit, instant: number, timeZone: string): number {
  if (unit === 'second' || unit === 'minute') {
    const size = unit === 'second' ? 1000 : 60_000;
    return Math.floor(instant / size) * size;
  }
  return instantOf(truncate(wallTime(instant, timeZone), unit), timeZone);
}

/** The start of the `unit` after the one starting at `start`. */
export function nextStart(unit: CalendarUnit, start: number, timeZone: string): number {
  if (unit === 'second') return start + 1000;
  if (unit === 'minute') return start + 60_000;
  if (unit === 'hour') return start + 3_600_000;
  const wall = wallTime(start, timeZone);
  const next = { ...wall };
  if (unit === 'year') next.year += 1;
  else if (unit === 'quarter') next.month += 3;
  else if (unit === 'month') next.month += 1;
  else if (unit === 'week') next.day += 7;
  else next.day += 1;
  return instantOf(next, timeZone);
}

/** Days from 1970-01-01 to a wall date, as if it were UTC. */
const wallDays = (wall: WallTime) => Math.floor(utc(wall.year, wall.month, wall.day) / 86_400_000);

/**
 * How many `unit`s start from `first` (a start) up to before `end`, counted on the calendar of
 * `timeZone` rather than stepped through: the 400-bin limit can say how many a request asked
 * for, even thousands of years back.
 */
export function countUnits(
  unit: CalendarUnit,
  first: number,
  end: number,
  timeZone: string,
): number {
  if (end <= first) return 0;
  if (unit === 'second' || unit === 'minute' || unit === 'hour') {
    const size = unit === 'second' ? 1000 : unit === 'minute' ? 60_000 : 3_600_000;
    return Math.floor((end - 1 - first) / size) + 1;
  }
  const from = wallTime(first, timeZone);
  const to = wallTime(end - 1, timeZone);
  const months = (wall: WallTime) => wall.year * 12 + wall.month;
  switch (unit) {
    case 'year':
      return to.year - from.year + 1;
    case 'quarter':
      return Math.floor(months(to) / 3) - Math.floor(months(from) / 3) + 1;
    case 'month':
      return months(to) - months(from) + 1;
    case 'week':
      return Math.floor((wallDays(to) - wallDays(from)) / 7) + 1;
    case 'day':
      return wallDays(to) - wallDays(from) + 1;
  }
}
