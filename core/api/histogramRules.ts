// The rules of api.md a histogram, top-influencers or results request must follow, checked
// before it is sent: the 400-bin limit, the ranges of top_n, forecast_days, hpp and offset,
// which parameter applies to which type, and the values each accepts. Pure (no DOM, no Node):
// the results panel checks a changed control with it and explains the problem next to that
// control; the extension can check the same request before it spends credits.
import {
  numericBinCount,
  parseTimeInterval,
  timeBinCount,
  timeRangeMs,
  timeRangeOf,
  dynamicInterval,
  MAX_BINS,
} from './histogramBins';
import {
  BREAKDOWNS,
  DISTRIBUTION_TYPES,
  INFLUENCER_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  PROJECT_BREAKDOWNS,
  PROJECT_SCOPES,
  SORT_BY,
  SORT_CRITERIA,
  SORT_ORDERS,
  TIME_TYPES,
  TOKENIZING_MODES,
  TOP_N_TYPES,
} from './parameterValues';
import { isTimeZone } from './wallTime';

export { MAX_BINS } from './histogramBins';
export const TOP_N_MAX = 100;
export const FORECAST_DAYS_MAX = 90;
export const GLOBAL_DAYS = 30;
export const HITS_PER_PAGE_MAX = 500;
export const RESULT_WINDOW = 10_000;

/** How a histogram type is answered and shown (api.md's table of representations). */
export type Representation = 'time' | 'numeric' | 'topN' | 'distribution';

export function representationOf(type: string): Representation | undefined {
  if (includes(TIME_TYPES, type)) return 'time';
  if (includes(NUMERIC_TYPES, type)) return 'numeric';
  if (includes(TOP_N_TYPES, type)) return 'topN';
  if (includes(DISTRIBUTION_TYPES, type)) return 'distribution';
  return undefined;
}

/** A histogram request's parameters (the panel's HistogramParameters has the same shape). */
export interface HistogramRequest {
  min?: number;
  max?: number;
  time_range?: string;
  interval?: string;
  timezone?: string;
  breakdown?: string;
  value_type?: string;
  top_n?: number;
  percentage_relation?: string;
  tokenizing_mode?: string;
  forecast_days?: number;
  topic?: readonly string[];
  filter?: readonly string[];
  channel?: readonly string[];
  panel?: readonly string[];
  dataset?: readonly string[];
}

export interface RuleContext {
  /** The current time, epoch ms (time_range and the default range count back from it). */
  readonly now: number;
  /** A project histogram (forecast_days, topic, filter, … and two more breakdowns). */
  readonly project: boolean;
  /** Whether the project's package forecasts; unknown when absent. */
  readonly forecasting?: boolean;
  /** A numeric histogram's data range (from the answer shown), for its default min and max. */
  readonly dataRange?: { readonly min: number; readonly max: number };
}

/**
 * Something wrong with one parameter. An `error` makes the service refuse the call (or is
 * outside a range api.md gives): do not send. A `note` is allowed but likely not what was meant
 * (a forecast that will not be made, a range older than global data keeps).
 */
export interface Problem {
  readonly parameter: string;
  readonly severity: 'error' | 'note';
  readonly message: string;
}

const includes = (list: readonly string[], value: string) => list.includes(value);
const oneOfText = (list: readonly string[]) => list.join(', ');

function integerIn(
  parameter: string,
  value: number | undefined,
  low: number,
  high: number,
  range: string,
): Problem[] {
  if (value === undefined) return [];
  if (!Number.isInteger(value) || value < low || value > high)
    return [{ parameter, severity: 'error', message: `a whole number in ${range}, not ${value}` }];
  return [];
}

function oneOf(parameter: string, value: string | undefined, list: readonly string[]): Problem[] {
  if (value === undefined || includes(list, value)) return [];
  return [{ parameter, severity: 'error', message: `one of ${oneOfText(list)}, not “${value}”` }];
}

function onlyFor(
  parameters: HistogramRequest,
  names: readonly (keyof HistogramRequest)[],
  what: string,
): Problem[] {
  return names
    .filter((name) => parameters[name] !== undefined)
    .map((name) => ({ parameter: name, severity: 'error', message: `applies only to ${what}` }));
}

/** `time_range`; for time types it replaces min and max (numeric types' min and max are values). */
function timeRangeProblems(parameters: HistogramRequest, timeType: boolean): Problem[] {
  if (parameters.time_range === undefined) return [];
  if (timeRangeMs(parameters.time_range) === undefined)
    return [
      {
        parameter: 'time_range',
        severity: 'error',
        message: `a number above 0 and a unit s, m, h, d, w or M (7d, 12h, 1M), not “${parameters.time_range}”`,
      },
    ];
  if (timeType && (parameters.min !== undefined || parameters.max !== undefined))
    return [
      {
        parameter: 'time_range',
        severity: 'error',
        message: 'give either a time range or min and max, not both',
      },
    ];
  return [];
}

function rangeOrder(parameters: HistogramRequest): Problem[] {
  const { min, max } = parameters;
  const problems: Problem[] = [];
  for (const [name, value] of [
    ['min', min],
    ['max', max],
  ] as const)
    if (value !== undefined && !Number.isInteger(value))
      problems.push({ parameter: name, severity: 'error', message: 'a whole number' });
  if (min !== undefined && max !== undefined && min >= max)
    problems.push({ parameter: 'min', severity: 'error', message: 'min must be below max' });
  return problems;
}

function binLimit(count: number, what: string): Problem[] {
  if (count <= MAX_BINS) return [];
  return [
    {
      parameter: 'interval',
      severity: 'error',
      message: `${count.toLocaleString('en')} bins; the service answers at most ${MAX_BINS}: ${what}`,
    },
  ];
}

function timeProblems(parameters: HistogramRequest, context: RuleContext): Problem[] {
  const problems: Problem[] = [];
  const timeZone = parameters.timezone ?? 'UTC';
  if (!isTimeZone(timeZone))
    problems.push({
      parameter: 'timezone',
      severity: 'error',
      message: `a tz database name such as Europe/Berlin, not “${timeZone}”`,
    });
  const breakdowns = context.project
    ? BREAKDOWNS
    : BREAKDOWNS.filter((name) => !includes(PROJECT_BREAKDOWNS, name));
  problems.push(...oneOf('breakdown', parameters.breakdown, breakdowns));
  problems.push(...oneOf('value_type', parameters.value_type, NUMERIC_TYPES));
  const interval =
    parameters.interval === undefined ? undefined : parseTimeInterval(parameters.interval);
  if (parameters.interval !== undefined && !interval)
    problems.push({
      parameter: 'interval',
      severity: 'error',
      message: `year, quarter, month, week, day, hour, minute, second, or a number and w, d, h, m, s (5d, 2w), not “${parameters.interval}”`,
    });
  if (problems.some((problem) => problem.severity === 'error')) return problems;
  const { min, max } = timeRangeOf(parameters, timeZone, context.now);
  if (interval)
    problems.push(
      ...binLimit(
        timeBinCount(interval, min, max, timeZone),
        'enlarge the interval or shorten the range',
      ),
    );
  if (!context.project && min < context.now - GLOBAL_DAYS * 86_400_000)
    problems.push({
      parameter: 'min',
      severity: 'note',
      message: `global data covers the last ${GLOBAL_DAYS} days: earlier bins stay empty`,
    });
  problems.push(...forecastProblems('published', parameters, context));
  return problems;
}

/** Why a forecast_days given will make no forecast (api.md's five conditions), if it will not. */
export function forecastBlocker(
  type: string,
  parameters: HistogramRequest,
  context: Pick<RuleContext, 'project' | 'forecasting'>,
): string | undefined {
  if (!context.project) return 'forecasts exist only in projects';
  if (representationOf(type) !== 'time') return 'forecasts exist only for time histograms';
  if (context.forecasting === false) return 'this project’s package has no forecasting';
  if (parameters.interval !== undefined && parameters.interval !== '1d')
    return 'a forecast needs the interval 1d or none';
  if (parameters.max !== undefined) return 'a forecast needs no max (it follows the last bucket)';
  return undefined;
}

function forecastProblems(
  type: string,
  parameters: HistogramRequest,
  context: RuleContext,
): Problem[] {
  if (parameters.forecast_days === undefined) return [];
  const range = integerIn(
    'forecast_days',
    parameters.forecast_days,
    1,
    FORECAST_DAYS_MAX,
    '[1, 90]',
  );
  if (range.length > 0) return range;
  const blocker = forecastBlocker(type, parameters, context);
  return blocker
    ? [{ parameter: 'forecast_days', severity: 'note', message: `no forecast: ${blocker}` }]
    : [];
}

function numericProblems(parameters: HistogramRequest, context: RuleContext): Problem[] {
  const problems: Problem[] = [];
  let width: number | undefined;
  if (parameters.interval !== undefined) {
    width = Number(parameters.interval);
    if (!/^\d+$/.test(parameters.interval) || width <= 0) {
      problems.push({
        parameter: 'interval',
        severity: 'error',
        message: `a whole number above 0 (the width of a bucket), not “${parameters.interval}”`,
      });
      return problems;
    }
  }
  const min = parameters.min ?? context.dataRange?.min;
  const max = parameters.max ?? context.dataRange?.max;
  if (width !== undefined && min !== undefined && max !== undefined && min < max)
    problems.push(
      ...binLimit(numericBinCount(min, max, width), 'enlarge the interval or narrow min and max'),
    );
  return problems;
}

function projectScopeProblems(parameters: HistogramRequest, context: RuleContext): Problem[] {
  if (context.project) return [];
  return PROJECT_SCOPES.filter((name) => (parameters[name]?.length ?? 0) > 0).map((name) => ({
    parameter: name,
    severity: 'error',
    message: 'applies only inside a project',
  }));
}

/** Every problem of a histogram request; empty when it may be sent as it is. */
export function checkHistogram(
  type: string,
  parameters: HistogramRequest,
  context: RuleContext,
): Problem[] {
  const representation = representationOf(type);
  if (!representation)
    return [{ parameter: 'type', severity: 'error', message: `“${type}” is not a histogram type` }];
  const problems = [
    ...projectScopeProblems(parameters, context),
    ...timeRangeProblems(parameters, representation === 'time'),
    ...rangeOrder(parameters),
  ];
  if (!context.project && parameters.forecast_days !== undefined)
    problems.push({
      parameter: 'forecast_days',
      severity: 'error',
      message: 'applies only inside a project',
    });
  if (representation === 'time') {
    problems.push(
      ...onlyFor(parameters, ['top_n', 'percentage_relation', 'tokenizing_mode'], 'distributions'),
    );
    if (problems.some((problem) => problem.severity === 'error')) return problems;
    return [...problems, ...timeProblems(parameters, context)];
  }
  problems.push(
    ...onlyFor(
      parameters,
      ['breakdown', 'value_type', 'timezone'],
      'the time types published and search_indexed',
    ),
  );
  if (context.project) problems.push(...forecastProblems(type, parameters, context));
  if (representation === 'numeric') {
    problems.push(
      ...onlyFor(parameters, ['top_n', 'percentage_relation', 'tokenizing_mode'], 'distributions'),
    );
    return [...problems, ...numericProblems(parameters, context)];
  }
  problems.push(...onlyFor(parameters, ['interval', 'min', 'max'], 'time and numeric histograms'));
  if (type !== 'theme_cloud')
    problems.push(...onlyFor(parameters, ['tokenizing_mode'], 'theme_cloud'));
  problems.push(...integerIn('top_n', parameters.top_n, 1, TOP_N_MAX, ']0, 100]'));
  problems.push(
    ...oneOf('percentage_relation', parameters.percentage_relation, PERCENTAGE_RELATIONS),
  );
  problems.push(...oneOf('tokenizing_mode', parameters.tokenizing_mode, TOKENIZING_MODES));
  return problems;
}

/** The bins a time or numeric request would make (shown next to the interval), if known. */
export function binCount(
  type: string,
  parameters: HistogramRequest,
  context: RuleContext,
): number | undefined {
  const representation = representationOf(type);
  if (representation === 'time') {
    const timeZone = parameters.timezone ?? 'UTC';
    if (!isTimeZone(timeZone)) return undefined;
    const { min, max } = timeRangeOf(parameters, timeZone, context.now);
    const interval =
      parameters.interval === undefined
        ? parseTimeInterval(dynamicInterval(min, max))
        : parseTimeInterval(parameters.interval);
    return interval && timeBinCount(interval, min, max, timeZone);
  }
  if (representation === 'numeric') {
    const min = parameters.min ?? context.dataRange?.min;
    const max = parameters.max ?? context.dataRange?.max;
    const width = parameters.interval === undefined ? undefined : Number(parameters.interval);
    if (min === undefined || max === undefined || width === undefined || !(width > 0))
      return undefined;
    return numericBinCount(min, max, width);
  }
  return undefined;
}

export interface InfluencerRequest {
  top_n?: number;
  time_range?: string;
  influencer_type?: string;
  sort_criteria?: string;
}

export function checkInfluencers(parameters: InfluencerRequest): Problem[] {
  return [
    ...integerIn('top_n', parameters.top_n, 1, TOP_N_MAX, ']0, 100]'),
    ...timeRangeProblems(parameters, false),
    ...oneOf('influencer_type', parameters.influencer_type, INFLUENCER_TYPES),
    ...oneOf('sort_criteria', parameters.sort_criteria, SORT_CRITERIA),
  ];
}

export interface ResultsRequest {
  offset: number;
  hpp: number;
  sort_by: string;
  sort_order: string;
}

export function checkResults(parameters: ResultsRequest): Problem[] {
  const problems = [
    ...integerIn('offset', parameters.offset, 0, RESULT_WINDOW - 1, `[0, ${RESULT_WINDOW})`),
    ...integerIn('hpp', parameters.hpp, 1, HITS_PER_PAGE_MAX, `[1, ${HITS_PER_PAGE_MAX}]`),
    ...oneOf('sort_by', parameters.sort_by, SORT_BY),
    ...oneOf('sort_order', parameters.sort_order, SORT_ORDERS),
  ];
  if (problems.length === 0 && parameters.offset + parameters.hpp > RESULT_WINDOW)
    problems.push({
      parameter: 'offset',
      severity: 'error',
      message: `the service pages through the first ${RESULT_WINDOW.toLocaleString('en')} results only (offset + hpp ≤ ${RESULT_WINDOW})`,
    });
  return problems;
}

/** Only the problems that forbid sending. */
export const errorsOf = (problems: readonly Problem[]) =>
  problems.filter((problem) => problem.severity === 'error');
