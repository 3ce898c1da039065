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
  type HistogramType,
} from '../../core/api/schemas/histogram';
import { badParameter } from '../http/failure';
import { quote } from '../http/quote';
import { distribution, readTopN } from './distribution';
import type { KeyIdColumns } from './keyIds';
import { metricOf, regionKey, SENTIMENT_ORDER, type AnalyticsDocument } from './documentFields';
import { numericHistogram } from './numericHistogram';
import { boolean, integer, oneOf, text, timeZone, type QueryParameters } from './parameters';
import { themeCloud } from './themeCloud';
import { timeHistogram } from './timeHistogram';

/** The documents a histogram counts, with their numbers in the store. */
export interface HistogramSelection {
  readonly documents: readonly AnalyticsDocument[];
  readonly numbers: readonly number[];
}

export interface HistogramContext {
  readonly now: number;
  /** The store's distribution keys as ids, by document number. */
  readonly keyIds: KeyIdColumns;
  readonly clusterSizes: ReadonlyMap<string, number>;
  /** The breakdowns allowed here and the values each gives a document: projects add topic and channel. */
  readonly breakdowns: Readonly<Record<string, (document: AnalyticsDocument) => readonly string[]>>;
}

const is = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function timeType(
  type: HistogramType,
  documents: readonly AnalyticsDocument[],
  parameters: QueryParameters,
  context: HistogramContext,
): HistogramResult {
  const breakdown = oneOf(parameters, 'breakdown', BREAKDOWNS);
  const values = breakdown ? context.breakdowns[breakdown] : undefined;
  if (breakdown !== undefined && !values) {
    throw badParameter('breakdown', `${quote(breakdown)} is available only in project histograms`);
  }
  const valueType = oneOf(parameters, 'value_type', NUMERIC_TYPES);
  const header =
    breakdown === 'sentiment'
      ? [...SENTIMENT_ORDER]
      : values
        ? [...new Set(documents.flatMap(values))].sort()
        : [];
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
      documents,
      time: (document) => (type === 'published' ? document.published : document.search_indexed),
      ...(values ? { breakdown: { header, of: values } } : {}),
      ...(valueType ? { metric: metricOf(valueType, context.clusterSizes) } : {}),
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

export function computeHistogram(
  type: string,
  { documents, numbers }: HistogramSelection,
  parameters: QueryParameters,
  context: HistogramContext,
): HistogramResult {
  if (is(TIME_TYPES, type)) return timeType(type, documents, parameters, context);
  onlyForTime(parameters, type);
  if (is(NUMERIC_TYPES, type)) {
    const request = {
      min: integer(parameters, 'min'),
      max: integer(parameters, 'max'),
      minInclude: boolean(parameters, 'min_include', true),
      maxInclude: boolean(parameters, 'max_include', false),
      interval: text(parameters, 'interval'),
    };
    return numericHistogram(request, documents, metricOf(type, context.clusterSizes));
  }
  const topN = readTopN(text(parameters, 'top_n'));
  oneOf(parameters, 'percentage_relation', PERCENTAGE_RELATIONS);
  if (type === 'theme_cloud') {
    const mode = oneOf(parameters, 'tokenizing_mode', TOKENIZING_MODES) ?? 'normal';
    return themeCloud(
      documents.map((document) => `${document.title ?? ''}. ${document.content ?? ''}`),
      mode,
      topN,
    );
  }
  if (is(TOP_N_TYPES, type) || is(DISTRIBUTION_TYPES, type)) {
    const column = context.keyIds.column(type);
    if (!column) throw badParameter('type', `${quote(type)} has no distribution`);
    if (type === 'unique_author') {
      const authors = new Set<number>();
      for (const number of numbers) column.forEach(number, (id) => authors.add(id));
      return {
        data: [{ ks: 'unique_author', v: [authors.size] }],
        total_hits: documents.length,
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
