// How many bins a histogram request makes, before it is sent (api.md histogram rules 1 and 2:
// more than 400 bins is HTTP 400; day-sized bins follow the timezone). Counted the way the
// service buckets: calendar units start on the timezone's local boundaries (weeks on Monday),
// fixed intervals of days or weeks start at local midnight, shorter ones on multiples of
// their length; the last bin starts before `max`.
import { CALENDAR_INTERVALS, FIXED_INTERVAL, TIME_RANGE } from './parameterValues';
import { instantOf, localDay, startOfDay, wallTime } from './wallTime';

export const MAX_BINS = 400;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNIT_MS: Readonly<Record<string, number>> = {
  s: SECOND,
  m: MINUTE,
  h: HOUR,
  d: DAY,
  w: 7 * DAY,
  // time_range's month (api.md gives no length; the sandbox takes 30 days).
  M: 30 * DAY,
};

export type CalendarUnit = (typeof CALENDAR_INTERVALS)[number];
export type TimeInterval =
  | { readonly kind: 'calendar'; readonly unit: CalendarUnit }
  | { readonly kind: 'fixed'; readonly ms: number; readonly alignDays: boolean };

/** A time histogram's `interval`, or undefined when the text is not one. */
export function parseTimeInterval(text: string): TimeInterval | undefined {
  if ((CALENDAR_INTERVALS as readonly string[]).includes(text))
    return { kind: 'calendar', unit: text as CalendarUnit };
  const fixed = FIXED_INTERVAL.exec(text);
  if (!fixed || Number(fixed[1]) === 0) return undefined;
  const unit = fixed[2] ?? 'd';
  return {
    kind: 'fixed',
    ms: Number(fixed[1]) * (UNIT_MS[unit] ?? DAY),
    alignDays: unit === 'd' || unit === 'w',
  };
}

/** The milliseconds of a `time_range` such as `7d`, or undefined when it is not one. */
export function timeRangeMs(text: string): number | undefined {
  const match = TIME_RANGE.exec(text);
  if (!match || Number(match[1]) === 0) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'd'] ?? DAY);
}

/**
 * The range a time histogram covers: `time_range` back from now, else min and max with the
 * defaults of api.md (8 days ending tomorrow, or 8 days from min or before max).
 */
export function timeRangeOf(
  parameters: { min?: number; max?: number; time_range?: string },
  timeZone: string,
  now: number,
): { min: number; max: number } {
  const back = parameters.time_range === undefined ? undefined : timeRangeMs(parameters.time_range);
  if (back !== undefined) return { min: now - back, max: now };
  const tomorrow = startOfDay(startOfDay(now, timeZone) + DAY + 2 * HOUR, timeZone);
  const max =
    parameters.max ?? (parameters.min !== undefined ? parameters.min + 8 * DAY : tomorrow);
  const min = parameters.min ?? max - 8 * DAY;
  return { min, max };
}

/** "Dynamic": the interval the service picks when none is given (as the sandbox does). */
export function dynamicInterval(min: number, max: number): CalendarUnit {
  const span = max - min;
  if (span <= 2 * DAY) return 'hour';
  if (span <= 120 * DAY) return 'day';
  if (span <= 3 * 365 * DAY) return 'week';
  return 'month';
}

/** ISO weeks: day 0 (1970-01-01) was a Thursday, so Monday is day -3. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);

function calendarIndex(unit: CalendarUnit, instant: number, timeZone: string): number {
  if (unit === 'day') return localDay(instant, timeZone);
  if (unit === 'week') return weekOf(localDay(instant, timeZone));
  const wall = wallTime(instant, timeZone);
  if (unit === 'month') return wall.year * 12 + wall.month;
  if (unit === 'quarter') return wall.year * 4 + Math.floor(wall.month / 3);
  return wall.year;
}

/** Bins of a time histogram over [min, max) (at least one, as the service answers). */
export function timeBinCount(
  interval: TimeInterval,
  min: number,
  max: number,
  timeZone: string,
): number {
  if (max <= min) return 1;
  let count: number;
  if (interval.kind === 'fixed') {
    const first = interval.alignDays
      ? startOfDay(min, timeZone)
      : Math.floor(min / interval.ms) * interval.ms;
    count = Math.ceil((max - first) / interval.ms);
  } else if (interval.unit === 'second' || interval.unit === 'minute') {
    const size = interval.unit === 'second' ? SECOND : MINUTE;
    count = Math.ceil((max - Math.floor(min / size) * size) / size);
  } else if (interval.unit === 'hour') {
    const first = instantOf({ ...wallTime(min, timeZone), minute: 0, second: 0 }, timeZone);
    count = Math.ceil((max - first) / HOUR);
  } else {
    // The last bin is the one holding the last instant before max.
    count =
      calendarIndex(interval.unit, max - 1, timeZone) -
      calendarIndex(interval.unit, min, timeZone) +
      1;
  }
  return Math.max(1, count);
}

/** Bins of a numeric histogram: `interval`-wide from min to max. */
export function numericBinCount(min: number, max: number, interval: number): number {
  return Math.max(1, Math.ceil((max - min) / interval));
}

/** Intervals a zoom may choose, finest first; calendar units where they exist. */
const ZOOM_LADDER = [
  'second',
  '10s',
  'minute',
  '5m',
  '15m',
  'hour',
  '3h',
  '6h',
  '12h',
  'day',
  'week',
  'month',
] as const;
/** About as many bins as a default 8-day hourly histogram shows, far from the limit. */
export const ZOOM_TARGET_BINS = 120;

/** The finest interval that shows [min, max) in at most ZOOM_TARGET_BINS bins (drill down). */
export function zoomInterval(min: number, max: number, timeZone: string): string {
  for (const text of ZOOM_LADDER) {
    const interval = parseTimeInterval(text);
    if (interval && timeBinCount(interval, min, max, timeZone) <= ZOOM_TARGET_BINS) return text;
  }
  return 'month';
}
