// One histogram request: the matched documents, the type and its parameters, dispatched to the
// time, numeric or distribution computation (api.md "Histogram (global data)").
import {
  BREAKDOWNS,
  DISTRIBUTION_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  TIME_TYPES,
  TOKENIZING_MODES,
  TOP_N_TYPES,
  type HistogramResult,
  type TimeType,
} from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import type { DocumentColumns } from './columns';
import { distribution, readTopN } from './distribution';
import { regionKey, SENTIMENT_ORDER } from './documentFields';
import type { KeyColumn } from './keyIds';
import { finiteValues, numericHistogram } from './numericHistogram';
import { boolean, integer, oneOf, text, timeZone, type QueryParameters } from './parameters';
import { themeCloud } from './themeCloud';
import { timeHistogram } from './timeHistogram';

export interface HistogramContext {
  readonly now: number;
  /** What histograms read of the store's documents, by document number. */
  readonly columns: DocumentColumns;
  /** Breakdowns beyond the store's own (sentiment, sourcetype, country): a project's topic and channel. */
  readonly projectBreakdowns?: Readonly<Record<string, KeyColumn>>;
}

const is = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function timeType(
  type: TimeType,
  numbers: ArrayLike<number>,
  parameters: QueryParameters,
  context: HistogramContext,
): HistogramResult {
  const breakdown = oneOf(parameters, 'breakdown', BREAKDOWNS);
  const column =
    breakdown === undefined
      ? undefined
      : (context.projectBreakdowns?.[breakdown] ?? context.columns.breakdown(breakdown));
  if (breakdown !== undefined && !column) {
    throw badParameter('breakdown', `${quote(breakdown)} is available only in project histograms`);
  }
  const valueType = oneOf(parameters, 'value_type', NUMERIC_TYPES);
  return timeHistogram(
    {
      min: integer(parameters, 'min'),
      max: integer(parameters, 'max'),
      minInclude: boolean(parameters, 'min_include', true),
      maxInclude: boolean(parameters, 'max_include', false),
      interval: text(parameters, 'interval'),
      timeZone: timeZone(parameters),
      timeRange: text(parameters, 'time_range'),
      now: context.now,
    },
    {
      numbers,
      time: context.columns.time(type),
      ...(column
        ? {
            breakdown: { column, ...(breakdown === 'sentiment' ? { order: SENTIMENT_ORDER } : {}) },
          }
        : {}),
      ...(valueType ? { metric: context.columns.metric(valueType) } : {}),
    },
  );
}

function onlyForTime(parameters: QueryParameters, type: string): void {
  for (const name of ['breakdown', 'value_type', 'timezone']) {
    if (parameters[name] !== undefined)
      throw badParameter(
        name,
        `applies only to the time types published and search_indexed, not to ${type}`,
      );
  }
}

/** A histogram of the documents numbered `numbers` (in increasing order) of the columns' store. */
export function computeHistogram(
  type: string,
  numbers: ArrayLike<number>,
  parameters: QueryParameters,
  context: HistogramContext,
): HistogramResult {
  if (is(TIME_TYPES, type)) return timeType(type, numbers, parameters, context);
  onlyForTime(parameters, type);
  if (is(NUMERIC_TYPES, type)) {
    const request = {
      min: integer(parameters, 'min'),
      max: integer(parameters, 'max'),
      minInclude: boolean(parameters, 'min_include', true),
      maxInclude: boolean(parameters, 'max_include', false),
      interval: text(parameters, 'interval'),
    };
    return numericHistogram(request, finiteValues(numbers, context.columns.metric(type)));
  }
  const topN = readTopN(text(parameters, 'top_n'));
  oneOf(parameters, 'percentage_relation', PERCENTAGE_RELATIONS);
  if (type === 'theme_cloud') {
    const mode = oneOf(parameters, 'tokenizing_mode', TOKENIZING_MODES) ?? 'normal';
    const texts: string[] = [];
    for (let at = 0; at < numbers.length; at++) {
      const document = context.columns.document(numbers[at] as number);
      texts.push(`${document.title ?? ''}. ${document.content ?? ''}`);
    }
    return themeCloud(texts, mode, topN);
  }
  if (is(TOP_N_TYPES, type) || is(DISTRIBUTION_TYPES, type)) {
    const column = context.columns.distribution(type);
    if (!column) throw badParameter('type', `${quote(type)} has no distribution`);
    if (type === 'unique_author') {
      const authors = new Set<number>();
      for (let at = 0; at < numbers.length; at++)
        column.forEach(numbers[at] as number, (id) => authors.add(id));
      return {
        data: [{ ks: 'unique_author', v: [authors.size] }],
        total_hits: numbers.length,
      };
    }
    return distribution(numbers, column, {
      topN,
      ...(type === 'sentiment' ? { order: SENTIMENT_ORDER } : {}),
      ...(type === 'source_region' || type === 'source_city'
        ? { bucket: (key: string) => ({ key: regionKey(key) }) }
        : {}),
    });
  }
  throw badParameter('type', `${quote(type)} is not a histogram type`);
}
