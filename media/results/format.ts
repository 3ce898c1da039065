// Numbers, shares and times as the panel writes them (English, as the rest of the extension).
import { wallTime } from '../../core/api/wallTime';

const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

export const formatCompact = (value: number) => compact.format(value);

export function formatShare(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return percent.format(value);
}

const two = (value: number) => String(value).padStart(2, '0');

/** `2026-11-20 14:00` (and seconds when there are any) in the histogram's timezone. */
export function formatTime(instant: number, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  const date = `${wall.year}-${two(wall.month + 1)}-${two(wall.day)}`;
  const time = `${two(wall.hour)}:${two(wall.minute)}${wall.second ? `:${two(wall.second)}` : ''}`;
  return `${date} ${time}`;
}

/** Like formatTime, without the time at midnight (day, week and month buckets). */
export function formatBucketTime(instant: number, timeZone: string): string {
  const text = formatTime(instant, timeZone);
  return text.endsWith(' 00:00') ? text.slice(0, -6) : text;
}

/** A `datetime-local` input's value for an instant in a timezone. */
export function toLocalInput(instant: number, timeZone: string): string {
  return formatTime(instant, timeZone).replace(' ', 'T').slice(0, 16);
}

const DAY = 86_400_000;

/** A time axis label: months, days or times of day, by the space between ticks. */
export function axisTime(instant: number, stepMs: number, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  const day = `${two(wall.month + 1)}-${two(wall.day)}`;
  if (stepMs >= 28 * DAY) return `${wall.year}-${two(wall.month + 1)}`;
  if (stepMs >= DAY) return day;
  const time = `${two(wall.hour)}:${two(wall.minute)}`;
  return wall.hour === 0 && wall.minute === 0 && wall.second === 0 ? day : time;
}
