// Histograms computed the plain way, document by document, from api.md's rules: what the
// sandbox's column-based histograms (sandbox/analytics/columns.ts) must answer, to the bit. Only
// the calendar (bucket starts, tested on their own) and the parameter readers are shared; each
// bucket's documents are found by filtering all of them, with no column, id or accumulator.
import type { Bucket, HistogramResult, Statistics } from '../../../../core/api/schemas/histogram';
import {
  BREAKDOWNS,
  DISTRIBUTION_TYPES,
  NUMERIC_TYPES,
  PERCENTAGE_RELATIONS,
  TIME_TYPES,
  TOKENIZING_MODES,
  TOP_N_TYPES,
} from '../../../../core/api/schemas/histogram';
import { MAX_BINS } from '../../../../core/api/histogramBins';
import { readTopN } from '../../../../sandbox/analytics/distribution';
import {
  BREAKDOWN_VALUES,
  clusterOf,
  DISTRIBUTION_KEYS,
  metricOf,
  regionKey,
  SENTIMENT_ORDER,
  type AnalyticsDocument,
} from '../../../../sandbox/analytics/documentFields';
import {
  boolean,
  integer,
  oneOf,
  text,
  timeZone,
  type QueryParameters,
} from '../../../../sandbox/analytics/parameters';
import { themeCloud } from '../../../../sandbox/analytics/themeCloud';
import {
  bucketStarts,
  parseInterval,
  timeRange,
} from '../../../../sandbox/analytics/timeHistogram';
import { ApiFailure, badParameter } from '../../../../sandbox/http/failure';

export interface OracleContext {
  readonly now: number;
  /** Every document of the store, removed ones too: a cluster's size counts them all. */
  readonly all: readonly AnalyticsDocument[];
  /** A project's own breakdowns (topic, channel), by document. */
  readonly projectBreakdowns?: Readonly<
    Record<string, (document: AnalyticsDocument) => readonly string[]>
  >;
}

const includes = (list: readonly string[], value: string) => list.includes(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && !Number.isNaN(value);

function plainStatistics(values: readonly number[]): Statistics {
  if (values.length === 0) return { count: 0, sum: 0 };
  let sum = 0;
  for (const value of values) sum += value;
  let min = values[0] as number;
  let max = values[0] as number;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { count: values.length, min, max, avg: sum / values.length, sum };
}

/** A document's metric of `type`, when it is a number. */
function metricValue(type: string, document: AnalyticsDocument, context: OracleContext) {
  if (type === 'cluster_size') {
    const [cluster] = clusterOf(document);
    if (cluster === undefined) return undefined;
    return context.all.filter((each) => clusterOf(each)[0] === cluster).length;
  }
  const value = metricOf(type as Exclude<(typeof NUMERIC_TYPES)[number], 'cluster_size'>)(document);
  return isNumber(value) ? value : undefined;
}

function timeOracle(
  type: string,
  documents: readonly AnalyticsDocument[],
  parameters: QueryParameters,
  context: OracleContext,
): HistogramResult {
  const breakdown = oneOf(parameters, 'breakdown', BREAKDOWNS);
  const valuesOf =
    breakdown === undefined
      ? undefined
      : (context.projectBreakdowns?.[breakdown] ?? BREAKDOWN_VALUES[breakdown]);
  if (breakdown !== undefined && !valuesOf) throw badParameter('breakdown', 'project only');
  const valueType = oneOf(parameters, 'value_type', NUMERIC_TYPES);
  const request = {
    min: integer(parameters, 'min'),
    max: integer(parameters, 'max'),
    minInclude: boolean(parameters, 'min_include', true),
    maxInclude: boolean(parameters, 'max_include', false),
    interval: text(parameters, 'interval'),
    timeZone: timeZone(parameters),
    timeRange: text(parameters, 'time_range'),
    now: context.now,
  };
  const { min, max } = timeRange(request);
  const starts = bucketStarts(
    parseInterval(request.interval, min, max),
    min,
    max,
    request.timeZone,
  );
  const timeOf = (document: AnalyticsDocument) => {
    const value: unknown = type === 'published' ? document.published : document.search_indexed;
    return isNumber(value) ? value : undefined;
  };
  const inRange = (time: number) =>
    (request.minInclude ? time >= min : time > min) &&
    (request.maxInclude ? time <= max : time < max);
  const bucketOf = (time: number) =>
    Math.max(
      0,
      starts.findLastIndex((start) => start <= time),
    );
  const header = !valuesOf
    ? ['Number Results']
    : breakdown === 'sentiment'
      ? [...SENTIMENT_ORDER]
      : [...new Set(documents.flatMap((document) => [...valuesOf(document)]))].sort();
  const inSeries = (document: AnalyticsDocument, series: string) =>
    !valuesOf || valuesOf(document).includes(series);
  const data = starts.map((start, bucket): Bucket => {
    const inBucket = documents.filter((document) => {
      const time = timeOf(document);
      return time !== undefined && inRange(time) && bucketOf(time) === bucket;
    });
    const members = header.map((series) =>
      inBucket.filter((document) => inSeries(document, series)),
    );
    return {
      t: start,
      v: members.map((list) => list.length),
      ...(valueType
        ? {
            val: members.map((list) =>
              plainStatistics(
                list.map((document) => metricValue(valueType, document, context)).filter(isNumber),
              ),
            ),
          }
        : {}),
    };
  });
  return { header: { v: header }, data };
}

function numericOracle(
  type: string,
  documents: readonly AnalyticsDocument[],
  parameters: QueryParameters,
  context: OracleContext,
): HistogramResult {
  const values = documents
    .map((document) => metricValue(type, document, context))
    .filter((value): value is number => Number.isFinite(value));
  const given = { min: integer(parameters, 'min'), max: integer(parameters, 'max') };
  const minInclude = boolean(parameters, 'min_include', true);
  const maxInclude = boolean(parameters, 'max_include', false);
  const intervalText = text(parameters, 'interval');
  const low = values.length === 0 ? 0 : Math.floor(values.reduce((a, b) => Math.min(a, b)));
  const high = values.length === 0 ? 0 : values.reduce((a, b) => Math.max(a, b));
  const min = given.min ?? low;
  const max = given.max ?? high + 1;
  if (min >= max) throw badParameter('min', 'below max');
  const interval =
    intervalText === undefined ? Math.max(1, Math.ceil((max - min) / 20)) : Number(intervalText);
  if (!Number.isInteger(interval) || interval <= 0) throw badParameter('interval', 'whole');
  const count = Math.ceil((max - min) / interval);
  if (count > MAX_BINS) throw badParameter('interval', 'bins');
  const inRange = (value: number) =>
    (minInclude ? value >= min : value > min) && (maxInclude ? value <= max : value < max);
  return {
    header: { v: ['Number Results'] },
    data: Array.from({ length: count }, (_, index) => {
      const from = min + index * interval;
      const last = index === count - 1;
      const members = values.filter(
        (value) => inRange(value) && value >= from && (last || value < from + interval),
      );
      return { k: from, v: [members.length], val: [plainStatistics(members)] };
    }),
  };
}

function distributionOracle(
  type: string,
  documents: readonly AnalyticsDocument[],
  topN: number,
): HistogramResult {
  const read = DISTRIBUTION_KEYS[type];
  if (!read) throw badParameter('type', 'no distribution');
  const keysOf = (document: AnalyticsDocument) => [...new Set(read(document))];
  if (type === 'unique_author') {
    const authors = new Set(documents.flatMap(keysOf));
    return { data: [{ ks: 'unique_author', v: [authors.size] }], total_hits: documents.length };
  }
  const counts = new Map<string, number>();
  for (const document of documents)
    for (const key of keysOf(document)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const ranked: [string, number][] =
    type === 'sentiment'
      ? SENTIMENT_ORDER.map((key) => [key, counts.get(key) ?? 0])
      : [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, topN);
  const regional = type === 'source_region' || type === 'source_city';
  return {
    data: ranked.map(([key, found]) => ({
      ...(regional ? { key: regionKey(key) } : { ks: key }),
      v: [found],
    })),
    total_hits: documents.length,
  };
}

/** The histogram of `type` over `documents` (the hits, in the store's order). */
export function histogramOfDocuments(
  type: string,
  documents: readonly AnalyticsDocument[],
  parameters: QueryParameters,
  context: OracleContext,
): HistogramResult {
  if (includes(TIME_TYPES, type)) return timeOracle(type, documents, parameters, context);
  for (const name of ['breakdown', 'value_type', 'timezone'])
    if (parameters[name] !== undefined) throw badParameter(name, 'time types only');
  if (includes(NUMERIC_TYPES, type)) return numericOracle(type, documents, parameters, context);
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
  if (includes(TOP_N_TYPES, type) || includes(DISTRIBUTION_TYPES, type))
    return distributionOracle(type, documents, topN);
  throw badParameter('type', 'not a histogram type');
}

/** What a refusal says that matters: its status and the parameter it names. */
export function refusal(error: unknown): string {
  if (!(error instanceof ApiFailure)) throw error;
  return `${error.status} ${error.details.map((entry) => entry.value.join(',')).join(';')}`;
}
