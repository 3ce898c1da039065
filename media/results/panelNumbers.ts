// Numbers, shares and times as the panel writes them (English, as the rest of the extension).
import { wallTime } from '../../core/api/wallTime';

const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

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

const UNITS: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

const AXIS_DIGITS = [0, 1, 2, 3].map(
  (digits) => new Intl.NumberFormat('en', { maximumFractionDigits: digits }),
);

/**
 * A tick label, short: 950, 12k, 250k, 1M, 1.25M; as many decimals as the value needs (up to 3),
 * so that ticks a nice step apart never read alike.
 */
export function axisNumber(value: number): string {
  const [size, suffix] = UNITS.find(([unit]) => Math.abs(value) >= unit) ?? [1, ''];
  const scaled = value / size;
  const digits = [0, 1, 2].find(
    (count) => Math.abs(scaled * 10 ** count - Math.round(scaled * 10 ** count)) < 1e-6,
  );
  return `${(AXIS_DIGITS[digits ?? 3] as Intl.NumberFormat).format(scaled)}${suffix}`;
}

/** An axis's tick labels (uPlot's values); filtered splits (null) get none. */
export const axisNumbers = (splits: readonly (number | null)[]): string[] =>
  splits.map((split) => (split === null ? '' : axisNumber(split)));
