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

/** Whether `timeZone` is a tz database name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
}

/** The instant at which the clocks of `timeZone` show `wall` (the earlier one in a DST overlap). */
function instantOf(wall: WallTime, timeZone: string): number {
  const guess = wallAsUtc(wall);
  let instant = guess - (wallAsUtc(wallTime(guess, timeZone)) - guess);
  // A second pass settles instants whose offset differs from the guess's (DST boundaries).
  instant = guess - (wallAsUtc(wallTime(instant, timeZone)) - instant);
  return instant;
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
    const weekday = new Date(Date.UTC(wall.year, wall.month, wall.day)).getUTCDay();
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
