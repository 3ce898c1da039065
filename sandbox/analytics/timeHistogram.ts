// Time histograms (`published`, `search_indexed`): buckets by calendar unit in a timezone or by a
// fixed length, the defaults and limits of api.md's histogram rules, breakdowns and per-bucket
// statistics of a metric (`value_type`).
import type { Bucket, HistogramResult, Statistics } from '../../core/api/schemas/histogram';
import { CALENDAR_INTERVALS, FIXED_INTERVAL, TIME_RANGE } from '../../core/api/schemas/histogram';
import { MAX_BINS } from '../../core/api/histogramBins';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { countUnits, nextStart, startOf, type CalendarUnit } from './zonedTime';
import type { KeyColumn } from './keyIds';
import { SeriesStatistics } from './statistics';

export { MAX_BINS };
const DAY = 86_400_000;

/**
 * The instants a time histogram may span: what JavaScript dates hold (±8.64e15 ms), less a
 * margin of 400 days, the furthest a bucket of a year can reach past min or max.
 */
export const EARLIEST_INSTANT = -8.64e15 + 400 * DAY;
export const LATEST_INSTANT = 8.64e15 - 400 * DAY;

/** About 10,000 years. */
const MAX_FIXED_INTERVAL = 3_652_500 * DAY;

function withinDates(name: string, instant: number): number {
  if (instant < EARLIEST_INSTANT || instant > LATEST_INSTANT)
    throw badParameter(
      name,
      `an instant between ${EARLIEST_INSTANT} and ${LATEST_INSTANT} ms (about 271,800 years either side of 1970), not ${instant}`,
    );
  return instant;
}
const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: DAY,
  w: 7 * DAY,
  M: 30 * DAY,
};

export type Interval =
  | { readonly kind: 'calendar'; readonly unit: CalendarUnit }
  | { readonly kind: 'fixed'; readonly ms: number; readonly alignDays: boolean };

export interface TimeRequest {
  readonly min?: number;
  readonly max?: number;
  readonly minInclude: boolean;
  readonly maxInclude: boolean;
  readonly interval?: string;
  readonly timeZone: string;
  readonly timeRange?: string;
  readonly now: number;
}

/** The range of a time histogram: api.md's defaults (8 days ending tomorrow) or `time_range`. */
export function timeRange(request: TimeRequest): { min: number; max: number } {
  if (request.timeRange !== undefined) {
    const match = TIME_RANGE.exec(request.timeRange);
    if (!match)
      throw badParameter('time_range', 'a number and a unit s, m, h, d, w or M, as in 7d');
    const min = request.now - Number(match[1]) * (UNIT_MS[match[2] ?? 'd'] ?? DAY);
    if (!(min >= EARLIEST_INSTANT))
      throw badParameter(
        'time_range',
        `reaches back before ${EARLIEST_INSTANT} ms, the earliest date there is`,
      );
    return { min, max: request.now };
  }
  if (request.min !== undefined) withinDates('min', request.min);
  if (request.max !== undefined) withinDates('max', request.max);
  const tomorrow = nextStart(
    'day',
    startOf('day', request.now, request.timeZone),
    request.timeZone,
  );
  const max = withinDates(
    'max',
    request.max ?? (request.min !== undefined ? request.min + 8 * DAY : tomorrow),
  );
  const min = withinDates('min', request.min ?? max - 8 * DAY);
  if (min >= max) throw badParameter('min', `min (${min}) must be before max (${max})`);
  return { min, max };
}

export function parseInterval(text: string | undefined, min: number, max: number): Interval {
  if (text === undefined) {
    // "Dynamic": the finest calendar unit that keeps the histogram at a readable size.
    const span = max - min;
    const unit: CalendarUnit =
      span <= 2 * DAY
        ? 'hour'
        : span <= 120 * DAY
          ? 'day'
          : span <= 3 * 365 * DAY
            ? 'week'
            : 'month';
    return { kind: 'calendar', unit };
  }
  if ((CALENDAR_INTERVALS as readonly string[]).includes(text))
    return { kind: 'calendar', unit: text as CalendarUnit };
  const fixed = FIXED_INTERVAL.exec(text);
  if (!fixed || Number(fixed[1]) === 0) {
    throw badParameter(
      'interval',
      `${quote(text)} is not an interval: use year, quarter, month, week, day, hour, minute, second, or a number and a unit w, d, h, m, s (5d, 2w)`,
    );
  }
  const unit = fixed[2] ?? 'd';
  const ms = Number(fixed[1]) * (UNIT_MS[unit] ?? DAY);
  // Longer, and a bucket's start could lie beyond the whole numbers JavaScript counts exactly.
  if (ms > MAX_FIXED_INTERVAL)
    throw badParameter('interval', `at most ${MAX_FIXED_INTERVAL / DAY} days, not ${quote(text)}`);
  return { kind: 'fixed', ms, alignDays: unit === 'd' || unit === 'w' };
}

/** Bucket lower bounds covering [min, max], refusing more than 400 (HTTP 400, code 5). */
export function bucketStarts(
  interval: Interval,
  min: number,
  max: number,
  timeZone: string,
): number[] {
  const tooMany = (count: number | string) =>
    badParameter(
      'interval',
      `the histogram would have ${count} bins; the limit is ${MAX_BINS}: enlarge the interval or shorten the range`,
    );
  if (interval.kind === 'fixed') {
    const first = interval.alignDays
      ? startOf('day', min, timeZone)
      : Math.floor(min / interval.ms) * interval.ms;
    const count = Math.max(1, Math.ceil((max - first) / interval.ms));
    if (count > MAX_BINS) throw tooMany(count);
    return Array.from({ length: count }, (_, index) => first + index * interval.ms);
  }
  const first = startOf(interval.unit, min, timeZone);
  const count = countUnits(interval.unit, first, max, timeZone);
  if (count > MAX_BINS) throw tooMany(count);
  const starts = [first];
  for (let start = first; starts.length < count; starts.push(start))
    start = nextStart(interval.unit, start, timeZone);
  return starts;
}

/** Index of the bucket holding `time`: the last start at or before it. */
function bucketOf(starts: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] as number) <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Bucket starts of one length (fixed intervals, and calendar units up to a week in UTC). */
interface UniformBuckets {
  readonly first: number;
  readonly step: number;
  readonly last: number;
}

/** The starts as a first start and a step, when every bucket is of one length. */
function uniform(starts: readonly number[]): UniformBuckets | undefined {
  const first = starts[0] as number;
  const step = (starts[1] ?? Infinity) - first;
  if (!Number.isFinite(step)) return undefined;
  return starts.every((start, index) => start === first + index * step)
    ? { first, step, last: starts.length - 1 }
    : undefined;
}

/** Whether `instant` is within [min, max], each end included or not as asked. */
function inRange(request: TimeRequest, min: number, max: number): (instant: number) => boolean {
  if (request.minInclude)
    return request.maxInclude
      ? (instant) => instant >= min && instant <= max
      : (instant) => instant >= min && instant < max;
  return request.maxInclude
    ? (instant) => instant > min && instant <= max
    : (instant) => instant > min && instant < max;
}

/**
 * Counts the documents of one series into buckets of one length: the common request (no
 * breakdown, no statistics), in a loop of its own without a call per document.
 */
function countUniform(
  numbers: ArrayLike<number>,
  time: Float64Array,
  counted: (instant: number) => boolean,
  { first, step, last }: UniformBuckets,
  counts: Float64Array,
): void {
  for (let at = 0; at < numbers.length; at++) {
    const instant = time[numbers[at] as number] as number;
    if (!counted(instant)) continue;
    const bucket = Math.floor((instant - first) / step);
    counts[bucket < 0 ? 0 : bucket > last ? last : bucket]! += 1;
  }
}

/** What a time histogram counts: documents by number, read from columns (columns.ts). */
export interface TimeSeriesInput {
  /** The documents' numbers, in increasing order. */
  readonly numbers: ArrayLike<number>;
  /** Each document's time, by number; NaN: none, not counted. */
  readonly time: Float64Array;
  /**
   * The series a document counts in: one per key of the column that the documents have (sorted),
   * or the fixed `order` (sentiment); absent: one series.
   */
  readonly breakdown?: { readonly column: KeyColumn; readonly order?: readonly string[] };
  /** `value_type`: each document's metric, by number (NaN: none), whose statistics each bucket reports. */
  readonly metric?: Float64Array;
}

/**
 * The series of a breakdown: `order`, or the keys the documents have, sorted; and for each key
 * id of the column, its series or -1. Reads every document's keys first, so that no id is new
 * to the column afterwards.
 */
function breakdownSeries(
  numbers: ArrayLike<number>,
  column: KeyColumn,
  order: readonly string[] | undefined,
): { header: string[]; seriesOf: Int32Array } {
  let present = new Uint8Array(column.keys.length + 16);
  const mark = (id: number) => {
    if (id >= present.length) {
      const grown = new Uint8Array(Math.max(id + 1, present.length * 2));
      grown.set(present);
      present = grown;
    }
    present[id] = 1;
  };
  for (let at = 0; at < numbers.length; at++) column.forEach(numbers[at] as number, mark);
  const header = order ? [...order] : column.keys.filter((_, id) => present[id] === 1).sort();
  const seriesOf = new Int32Array(column.keys.length).fill(-1);
  header.forEach((key, series) => {
    const id = column.keys.indexOf(key);
    if (id >= 0) seriesOf[id] = series;
  });
  return { header, seriesOf };
}

export function timeHistogram(request: TimeRequest, input: TimeSeriesInput): HistogramResult {
  const { min, max } = timeRange(request);
  const starts = bucketStarts(
    parseInterval(request.interval, min, max),
    min,
    max,
    request.timeZone,
  );
  const { numbers, time, metric } = input;
  const column = input.breakdown?.column;
  const { header, seriesOf } = column
    ? breakdownSeries(numbers, column, input.breakdown?.order)
    : { header: ['Number Results'], seriesOf: Int32Array.of(0) };
  const width = header.length;
  // Cell `bucket * width + series`.
  const counts = new Float64Array(starts.length * width);
  const values = new SeriesStatistics(input.metric ? starts.length * width : 0);
  const counted = inRange(request, min, max);
  const buckets = uniform(starts);
  if (buckets && !column && !metric) countUniform(numbers, time, counted, buckets, counts);
  else {
    let cell = 0;
    let value = NaN;
    const countIn = (id: number) => {
      const series = seriesOf[id] ?? -1;
      if (series < 0) return;
      counts[cell + series]! += 1;
      if (value === value) values.add(cell + series, value);
    };
    for (let at = 0; at < numbers.length; at++) {
      const number = numbers[at] as number;
      const instant = time[number] as number;
      // NaN (no time) is in no range.
      if (!counted(instant)) continue;
      cell = bucketOf(starts, instant) * width;
      value = metric ? (metric[number] as number) : NaN;
      if (column) column.forEach(number, countIn);
      else countIn(0);
    }
  }
  const data: Bucket[] = starts.map((start, bucket) => ({
    t: start,
    v: Array.from(counts.subarray(bucket * width, (bucket + 1) * width)),
    ...(metric
      ? { val: header.map((_, series): Statistics => values.of(bucket * width + series)) }
      : {}),
  }));
  return { header: { v: header }, data };
}
