// The contract of the Media Monitoring Data API: every operation of operations.ts with its query
// parameters, its request body's schema and its answer's schema (the envelope, and the key of its
// payload). The client calls through it (client/transport.ts `invoke`), parsing every answer with
// its schema; the sandbox implements a handler for every operation (sandbox/http/handlers.ts,
// `Handlers<typeof CONTRACT>`), so that a missing or mistyped one is a compile error. The
// schemas are zod/mini: the panels' bundles compose the same ones.
import type * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { OPERATIONS, type OperationFacts, type OperationName } from './operations';
import type * as P from './parameters';
import { CustomMetricsChangeResponse, CustomMetricsListResponse } from './schemas/customMetrics';
import {
  AddCustomMetricsRequest,
  DeleteCustomMetricsRequest,
  UpdateCustomMetricsRequest,
} from './schemas/customMetrics';
import { HistogramResponse, TopInfluencersResponse } from './schemas/histogram';
import { ImageDetectionResponse } from './schemas/images';
import {
  AccountInfoResponse,
  ResourcesResponse,
  ResultsResponse,
  TagsResponse,
  TopicDetailsResponse,
  TopicsListResponse,
} from './schemas/projects';
import {
  AnyObject,
  SourcePanelsChangeResponse,
  SourcePanelsListResponse,
  SummaryResponse,
  TopicsDeleteResponse,
  TopicsImportResponse,
  ViewsResponse,
} from './schemas/projectExtras';
import {
  CollectorPutBody,
  CollectorResponse,
  StreamDefinitionRequest,
  StreamDefinitionResponse,
  StreamInfoResponse,
  StreamReadRequest,
} from './schemas/streams';
import {
  AbortResponse,
  CreditsResponse,
  ExportByQueryRequest,
  ExportRequest,
  TasksResponse,
} from './schemas/tasks';
import { BatchBody, DocumentBody, UploadResponse } from './schemas/uploads';

/** An envelope schema: an object whose shape holds the envelope's fields and the payload's key. */
type EnvelopeSchema = z.ZodMiniObject<core.$ZodLooseShape>;

/** A JSON answer: the envelope's schema and the key of its payload (`result_histogram`, …). */
export interface JsonAnswer<
  Schema extends EnvelopeSchema = EnvelopeSchema,
  Key extends string = string,
> {
  readonly kind: 'json';
  readonly schema: Schema;
  readonly key: Key;
}

/** An answer of result chunks (stream, collector and project live reads). */
export interface ChunkAnswer {
  readonly kind: 'chunks';
}

/** The names of an operation's query parameters, and their types (`Query`, for the compiler). */
export interface QuerySpec<Query> {
  readonly names: readonly string[];
  readonly _query?: Query;
}

/** What contract.ts adds to an operation's facts. */
export interface OperationSchemas {
  readonly query: QuerySpec<unknown>;
  /** A JSON body's schema, or `multipart` (an image file). */
  readonly body?: z.ZodMiniType | 'multipart';
  readonly answer: JsonAnswer | ChunkAnswer;
}

export type Operation = { readonly name: OperationName } & OperationFacts & OperationSchemas;

/** A JSON answer: `schema` with its payload under `key`. */
function json<Schema extends EnvelopeSchema, const Key extends keyof Schema['shape'] & string>(
  schema: Schema,
  key: Key,
): JsonAnswer<Schema, Key> {
  return { kind: 'json', schema, key };
}

const CHUNKS: ChunkAnswer = { kind: 'chunks' };

/** Every key of every member of a union. */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/** The query parameters of an operation, by name, typed by `Query`. */
function query<Query extends object>(...names: KeysOf<Query>[]): QuerySpec<Query> {
  return { names };
}

const NO_QUERY = query<P.NoParameters>();
const HISTOGRAM_QUERY = [
  'q',
  'min',
  'max',
  'min_include',
  'max_include',
  'interval',
  'timezone',
  'breakdown',
  'value_type',
  'top_n',
  'percentage_relation',
  'tokenizing_mode',
  'time_range',
] as const;
const SCOPE_QUERY = ['topic', 'filter', 'channel', 'panel', 'dataset'] as const;
const RESULTS_QUERY = [
  'q',
  'offset',
  'hpp',
  'sort_by',
  'sort_order',
  'time_range',
  'timezone',
  'hl',
] as const;
const UPLOAD_QUERY = query<P.UploadParameters>('return_entry', 'annotate');
const CUSTOM_METRICS_LIST = json(CustomMetricsListResponse, 'result_custom_metrics');
const CUSTOM_METRICS_CHANGE = json(CustomMetricsChangeResponse, 'result_custom_metrics');
const STREAM_DEFINITION = json(StreamDefinitionResponse, 'result_stream');
const COLLECTORS = json(CollectorResponse, 'result_stream');
const TASKS = json(TasksResponse, 'result_tasks');

/** Each operation's schemas, under the names of operations.ts: one missing is a compile error. */
const SCHEMAS = {
  globalHistogram: {
    query: query<P.AnyHistogramParameters>(...HISTOGRAM_QUERY),
    answer: json(HistogramResponse, 'result_histogram'),
  },
  projectHistogram: {
    query: query<P.ProjectHistogramParameters>(...HISTOGRAM_QUERY, ...SCOPE_QUERY, 'forecast_days'),
    answer: json(HistogramResponse, 'result_histogram'),
  },
  topInfluencers: {
    query: query<P.InfluencerParameters>(
      'q',
      'top_n',
      'time_range',
      'influencer_type',
      'sort_criteria',
      ...SCOPE_QUERY,
    ),
    answer: json(TopInfluencersResponse, 'result_top_influencers'),
  },
  searchInfo: { query: NO_QUERY, answer: json(AccountInfoResponse, 'result_accinfo') },
  projectResults: {
    query: query<P.ProjectResultsParameters>(...RESULTS_QUERY, ...SCOPE_QUERY),
    answer: json(ResultsResponse, 'result_content'),
  },
  globalResults: {
    query: query<P.ResultsParameters>(...RESULTS_QUERY),
    answer: json(ResultsResponse, 'result_content'),
  },
  globalSummary: {
    query: query<P.SummaryParameters>('q', 'custom_focus', 'timezone', 'time_range'),
    answer: json(SummaryResponse, 'summary'),
  },
  projectSummary: {
    query: query<P.SummaryParameters>(
      'q',
      'custom_focus',
      'timezone',
      'time_range',
      ...SCOPE_QUERY,
    ),
    answer: json(SummaryResponse, 'summary'),
  },
  credits: { query: NO_QUERY, answer: json(CreditsResponse, 'result_creditinfo') },
  detectImageAt: {
    query: query<P.DetectParameters>('image_url', 'detect'),
    answer: json(ImageDetectionResponse, 'result_processing'),
  },
  detectImageFile: {
    query: query<P.DetectParameters>('detect'),
    body: 'multipart',
    answer: json(ImageDetectionResponse, 'result_processing'),
  },
  uploadBatch: {
    query: UPLOAD_QUERY,
    body: BatchBody,
    answer: json(UploadResponse, 'result_searchdoc'),
  },
  uploadDocument: {
    query: UPLOAD_QUERY,
    body: DocumentBody,
    answer: json(UploadResponse, 'result_searchdoc'),
  },
  datasetUploadBatch: {
    query: UPLOAD_QUERY,
    body: BatchBody,
    answer: json(UploadResponse, 'result_searchdoc'),
  },
  datasetUploadDocument: {
    query: UPLOAD_QUERY,
    body: DocumentBody,
    answer: json(UploadResponse, 'result_searchdoc'),
  },
  resources: {
    query: query<P.ResourcesParameters>('type'),
    answer: json(ResourcesResponse, 'result_resources'),
  },
  topicsList: { query: NO_QUERY, answer: json(TopicsListResponse, 'result_topics') },
  topicDetails: { query: NO_QUERY, answer: json(TopicDetailsResponse, 'result_topic_details') },
  topicsImport: {
    query: NO_QUERY,
    body: AnyObject,
    answer: json(TopicsImportResponse, 'result_topics'),
  },
  topicsDelete: {
    query: NO_QUERY,
    body: AnyObject,
    answer: json(TopicsDeleteResponse, 'result_topic_deletion'),
  },
  tags: { query: NO_QUERY, answer: json(TagsResponse, 'result_tags') },
  views: { query: NO_QUERY, answer: json(ViewsResponse, 'result_views') },
  sourcePanelsList: {
    query: NO_QUERY,
    answer: json(SourcePanelsListResponse, 'result_source_panels'),
  },
  sourcePanelsAdd: {
    query: NO_QUERY,
    body: AnyObject,
    answer: json(SourcePanelsChangeResponse, 'result_source_panels'),
  },
  sourcePanelGroupsAdd: {
    query: NO_QUERY,
    body: AnyObject,
    answer: json(SourcePanelsChangeResponse, 'result_source_panels'),
  },
  templateMetricsList: { query: NO_QUERY, answer: CUSTOM_METRICS_LIST },
  templateMetricsAdd: {
    query: NO_QUERY,
    body: AddCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  templateMetricsUpdate: {
    query: NO_QUERY,
    body: UpdateCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  templateMetricDelete: { query: NO_QUERY, answer: CUSTOM_METRICS_CHANGE },
  templateMetricsDelete: {
    query: NO_QUERY,
    body: DeleteCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  projectMetricsList: { query: NO_QUERY, answer: CUSTOM_METRICS_LIST },
  projectMetricsAdd: {
    query: NO_QUERY,
    body: AddCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  projectMetricsUpdate: {
    query: NO_QUERY,
    body: UpdateCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  projectMetricDelete: { query: NO_QUERY, answer: CUSTOM_METRICS_CHANGE },
  projectMetricsDelete: {
    query: NO_QUERY,
    body: DeleteCustomMetricsRequest,
    answer: CUSTOM_METRICS_CHANGE,
  },
  streamPut: { query: NO_QUERY, body: StreamDefinitionRequest, answer: STREAM_DEFINITION },
  streamGet: { query: NO_QUERY, answer: STREAM_DEFINITION },
  streamDelete: { query: NO_QUERY, answer: STREAM_DEFINITION },
  streamInfo: { query: NO_QUERY, answer: json(StreamInfoResponse, 'result_stream') },
  streamResults: { query: query<P.StreamReadParameters>('q', 'max_hits'), answer: CHUNKS },
  streamResultsPost: {
    query: query<P.StreamReadParameters>('max_hits'),
    body: StreamReadRequest,
    answer: CHUNKS,
  },
  projectLiveResults: {
    query: query<P.ProjectLiveParameters>('q', 'max_hits', 'topic', 'filter', 'panel', 'dataset'),
    answer: CHUNKS,
  },
  projectLiveResultsPost: {
    query: query<P.ProjectLiveParameters>('max_hits', 'topic', 'filter', 'panel', 'dataset'),
    body: StreamReadRequest,
    answer: CHUNKS,
  },
  collectorPut: { query: NO_QUERY, body: CollectorPutBody, answer: COLLECTORS },
  collectorGet: { query: NO_QUERY, answer: COLLECTORS },
  collectorDelete: { query: NO_QUERY, answer: COLLECTORS },
  collectorPause: { query: NO_QUERY, answer: COLLECTORS },
  collectorResume: { query: NO_QUERY, answer: COLLECTORS },
  collectorResults: {
    query: query<P.CollectorReadParameters>('resume_offset', 'end_behaviour', 'max_hits'),
    answer: CHUNKS,
  },
  exportFromProject: { query: NO_QUERY, body: ExportRequest, answer: TASKS },
  exportFromStream: { query: NO_QUERY, body: ExportRequest, answer: TASKS },
  exportByQuery: { query: NO_QUERY, body: ExportByQueryRequest, answer: TASKS },
  exportTasks: { query: NO_QUERY, answer: TASKS },
  exportTask: { query: NO_QUERY, answer: TASKS },
  exportAbort: { query: NO_QUERY, answer: json(AbortResponse, 'result_tasks') },
} satisfies Record<OperationName, OperationSchemas>;

type Contract = {
  readonly [Name in OperationName]: { readonly name: Name } & (typeof OPERATIONS)[Name] &
    (typeof SCHEMAS)[Name];
};

export const CONTRACT: Contract = Object.fromEntries(
  (Object.keys(OPERATIONS) as OperationName[]).map((name) => [
    name,
    { name, ...OPERATIONS[name], ...SCHEMAS[name] },
  ]),
) as Contract;

export type ContractName = OperationName;
