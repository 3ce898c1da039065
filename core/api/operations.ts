// Every operation of the Media Monitoring Data API, once: method, path (its parameters by name),
// who may call it, the rate-limit class it counts against and what it costs. The operations are
// those of api.md and those the service's published description adds (gaps.md "What the
// service's published answers show"). Plain data, no schema, so that what only needs a path or a
// cost (the status bar's estimates, the CodeLens titles) loads nothing else; contract.ts adds
// each operation's schemas under the same names, and both the client and the sandbox go through
// that.
import { CREDIT_COSTS } from './costs';
import type { EndpointClass } from './limits';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Whether a read-only token may call it (gaps.md: a write with one is refused, code 13). */
export type Access = 'read' | 'write';

/** What a call costs (api.md "Limits", gaps.md "Credits when exports meet collectors"). */
export type CostRule =
  | { readonly kind: 'free' }
  /** A fixed price per call (histograms). */
  | { readonly kind: 'perCall'; readonly call: number }
  /** A price per call and one per result returned (search results). */
  | { readonly kind: 'perCallAndResult'; readonly call: number; readonly result: number }
  /** Nothing for the call; a price per result as results arrive (stream reads). */
  | { readonly kind: 'perStreamedResult'; readonly result: number }
  /** Nothing for the call; an active collector then costs a price per document it buffers. */
  | { readonly kind: 'perBufferedResult'; readonly result: number }
  /** Nothing for the call; the task then costs a price per result it exports. */
  | { readonly kind: 'perExportedResult'; readonly result: number }
  /** The service does not say. */
  | { readonly kind: 'unstated' };

export interface OperationFacts {
  readonly method: Method;
  /** Below the base URL, with `:name` for each path parameter. */
  readonly path: string;
  readonly access: Access;
  readonly limit?: EndpointClass;
  readonly cost: CostRule;
}

const FREE = { kind: 'free' } as const;
const UNSTATED = { kind: 'unstated' } as const;
const HISTOGRAM = { kind: 'perCall', call: CREDIT_COSTS.histogramCall } as const;
const SEARCH = {
  kind: 'perCallAndResult',
  call: CREDIT_COSTS.searchCall,
  result: CREDIT_COSTS.searchResult,
} as const;
const STREAMED = { kind: 'perStreamedResult', result: CREDIT_COSTS.streamResult } as const;
const BUFFERED = { kind: 'perBufferedResult', result: CREDIT_COSTS.collectorBuffered } as const;
const EXPORTED = { kind: 'perExportedResult', result: CREDIT_COSTS.exportedResult } as const;

const PROJECT = '/api/v2/platform/p/:project';
const TEMPLATE_METRICS = `${PROJECT}/dataset_templates/t/:template/custom_metrics`;
const PROJECT_METRICS = `${PROJECT}/custom_metrics`;

/** Checks each entry's shape while keeping its literal types. */
const facts = <const T extends Record<string, OperationFacts>>(table: T): T => table;

export const OPERATIONS = facts({
  // ---- Search: histograms, influencers, results, credits (api/v1) ----
  globalHistogram: {
    method: 'GET',
    path: '/api/v1/search/histogram/:type',
    access: 'read',
    limit: 'globalHistogram',
    cost: HISTOGRAM,
  },
  projectHistogram: {
    method: 'GET',
    path: '/api/v1/search/p/:project/histogram/:type',
    access: 'read',
    limit: 'projectHistogram',
    cost: HISTOGRAM,
  },
  topInfluencers: {
    method: 'GET',
    path: '/api/v1/search/p/:project/histogram/top_influencers',
    access: 'read',
    limit: 'projectHistogram',
    cost: HISTOGRAM,
  },
  searchInfo: { method: 'GET', path: '/api/v1/search/info', access: 'read', cost: FREE },
  projectResults: {
    method: 'GET',
    path: '/api/v1/search/p/:project/results',
    access: 'read',
    limit: 'projectResults',
    cost: SEARCH,
  },
  globalResults: {
    method: 'GET',
    path: '/api/v1/search/results',
    access: 'read',
    limit: 'globalResults',
    cost: SEARCH,
  },
  globalSummary: { method: 'GET', path: '/api/v1/search/summary', access: 'read', cost: UNSTATED },
  projectSummary: {
    method: 'GET',
    path: '/api/v1/search/p/:project/summary',
    access: 'read',
    cost: UNSTATED,
  },
  credits: {
    method: 'GET',
    path: '/api/v1/status/credits',
    access: 'read',
    limit: 'credits',
    cost: FREE,
  },

  // ---- Image detection (api/v2) ----
  detectImageAt: {
    method: 'GET',
    path: '/api/v2/detect/images/:model',
    access: 'read',
    cost: UNSTATED,
  },
  detectImageFile: {
    method: 'POST',
    path: '/api/v2/detect/images/:model',
    access: 'read',
    cost: UNSTATED,
  },

  // ---- Documents (api/v2/docs) ----
  uploadBatch: {
    method: 'POST',
    path: '/api/v2/docs/p/:project',
    access: 'write',
    limit: 'upload',
    cost: FREE,
  },
  uploadDocument: {
    method: 'POST',
    path: '/api/v2/docs/p/:project/:action',
    access: 'write',
    limit: 'upload',
    cost: FREE,
  },
  datasetUploadBatch: {
    method: 'POST',
    path: '/api/v2/docs/p/:project/d/:dataset',
    access: 'write',
    limit: 'upload',
    cost: FREE,
  },
  datasetUploadDocument: {
    method: 'POST',
    path: '/api/v2/docs/p/:project/d/:dataset/:action',
    access: 'write',
    limit: 'upload',
    cost: FREE,
  },

  // ---- A project's resources, topics, tags, views and source panels (api/v2) ----
  resources: {
    method: 'GET',
    path: `${PROJECT}/resources`,
    access: 'read',
    limit: 'resources',
    cost: FREE,
  },
  topicsList: {
    method: 'GET',
    path: `${PROJECT}/topics/list`,
    access: 'read',
    limit: 'resources',
    cost: FREE,
  },
  topicDetails: {
    method: 'GET',
    path: `${PROJECT}/topics/list/:topic`,
    access: 'read',
    limit: 'resources',
    cost: FREE,
  },
  topicsImport: { method: 'POST', path: `${PROJECT}/topics/import`, access: 'write', cost: FREE },
  topicsDelete: { method: 'POST', path: `${PROJECT}/topics/delete`, access: 'write', cost: FREE },
  tags: { method: 'GET', path: `${PROJECT}/tags`, access: 'read', limit: 'tags', cost: FREE },
  views: { method: 'GET', path: `${PROJECT}/views`, access: 'read', cost: FREE },
  sourcePanelsList: {
    method: 'GET',
    path: `${PROJECT}/source_panels/list`,
    access: 'read',
    cost: FREE,
  },
  sourcePanelsAdd: {
    method: 'POST',
    path: `${PROJECT}/source_panels/add`,
    access: 'write',
    cost: FREE,
  },
  sourcePanelGroupsAdd: {
    method: 'POST',
    path: `${PROJECT}/source_panels/groups/add`,
    access: 'write',
    cost: FREE,
  },

  // ---- Custom metrics of a dataset template (api.md) and of a project (published) ----
  templateMetricsList: {
    method: 'GET',
    path: `${TEMPLATE_METRICS}/list`,
    access: 'read',
    cost: FREE,
  },
  templateMetricsAdd: {
    method: 'POST',
    path: `${TEMPLATE_METRICS}/add`,
    access: 'write',
    cost: FREE,
  },
  templateMetricsUpdate: {
    method: 'POST',
    path: `${TEMPLATE_METRICS}/update`,
    access: 'write',
    cost: FREE,
  },
  templateMetricDelete: {
    method: 'DELETE',
    path: `${TEMPLATE_METRICS}/m/:name`,
    access: 'write',
    cost: FREE,
  },
  templateMetricsDelete: {
    method: 'POST',
    path: `${TEMPLATE_METRICS}/delete`,
    access: 'write',
    cost: FREE,
  },
  projectMetricsList: {
    method: 'GET',
    path: `${PROJECT_METRICS}/list`,
    access: 'read',
    cost: FREE,
  },
  projectMetricsAdd: {
    method: 'POST',
    path: `${PROJECT_METRICS}/add`,
    access: 'write',
    cost: FREE,
  },
  projectMetricsUpdate: {
    method: 'POST',
    path: `${PROJECT_METRICS}/update`,
    access: 'write',
    cost: FREE,
  },
  projectMetricDelete: {
    method: 'DELETE',
    path: `${PROJECT_METRICS}/m/:name`,
    access: 'write',
    cost: FREE,
  },
  projectMetricsDelete: {
    method: 'POST',
    path: `${PROJECT_METRICS}/delete`,
    access: 'write',
    cost: FREE,
  },

  // ---- Streams (api/v3) ----
  streamPut: {
    method: 'PUT',
    path: '/api/v3/stream/s/:stream',
    access: 'write',
    limit: 'streamCreate',
    cost: FREE,
  },
  streamGet: { method: 'GET', path: '/api/v3/stream/s/:stream', access: 'read', cost: FREE },
  streamDelete: { method: 'DELETE', path: '/api/v3/stream/s/:stream', access: 'write', cost: FREE },
  streamInfo: {
    method: 'GET',
    path: '/api/v3/stream/info',
    access: 'read',
    limit: 'streamInfo',
    cost: FREE,
  },
  streamResults: {
    method: 'GET',
    path: '/api/v3/stream/s/:stream/results',
    access: 'read',
    cost: STREAMED,
  },
  streamResultsPost: {
    method: 'POST',
    path: '/api/v3/stream/s/:stream/results',
    access: 'read',
    cost: STREAMED,
  },
  projectLiveResults: {
    method: 'GET',
    path: '/api/v3/stream/p/:project/results',
    access: 'read',
    cost: STREAMED,
  },
  projectLiveResultsPost: {
    method: 'POST',
    path: '/api/v3/stream/p/:project/results',
    access: 'read',
    cost: STREAMED,
  },

  // ---- Collectors ----
  collectorPut: {
    method: 'PUT',
    path: '/api/v3/stream/c/:collector',
    access: 'write',
    limit: 'collectorWrite',
    cost: BUFFERED,
  },
  collectorGet: {
    method: 'GET',
    path: '/api/v3/stream/c/:collector',
    access: 'read',
    limit: 'collectorGet',
    cost: FREE,
  },
  collectorDelete: {
    method: 'DELETE',
    path: '/api/v3/stream/c/:collector',
    access: 'write',
    limit: 'collectorDelete',
    cost: FREE,
  },
  collectorPause: {
    method: 'POST',
    path: '/api/v3/stream/c/:collector/pause',
    access: 'write',
    limit: 'collectorPause',
    cost: FREE,
  },
  collectorResume: {
    method: 'POST',
    path: '/api/v3/stream/c/:collector/resume',
    access: 'write',
    limit: 'collectorResume',
    cost: BUFFERED,
  },
  collectorResults: {
    method: 'GET',
    path: '/api/v3/stream/c/:collector/results',
    access: 'read',
    limit: 'collectorRead',
    cost: FREE,
  },

  // ---- Export tasks ----
  exportFromProject: {
    method: 'POST',
    path: '/api/v3/stream/p/:project/export',
    access: 'write',
    limit: 'exportCreate',
    cost: EXPORTED,
  },
  exportFromStream: {
    method: 'POST',
    path: '/api/v3/stream/s/:stream/export',
    access: 'write',
    limit: 'exportCreate',
    cost: EXPORTED,
  },
  exportByQuery: {
    method: 'POST',
    path: '/api/v3/stream/export',
    access: 'write',
    limit: 'exportCreate',
    cost: EXPORTED,
  },
  exportTasks: {
    method: 'GET',
    path: '/api/v3/tasks/export',
    access: 'read',
    limit: 'exportStatus',
    cost: FREE,
  },
  exportTask: {
    method: 'GET',
    path: '/api/v3/tasks/export/:task',
    access: 'read',
    limit: 'exportStatus',
    cost: FREE,
  },
  exportAbort: {
    method: 'DELETE',
    path: '/api/v3/tasks/export/:task',
    access: 'write',
    limit: 'exportAbort',
    cost: FREE,
  },
});

export type OperationName = keyof typeof OPERATIONS;

/** `{ project: string; type: string }` for `/api/v1/search/p/:project/histogram/:type`. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { readonly [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { readonly [K in Name]: string }
    : Record<never, string>;

/** The path with each `:name` replaced by its value, encoded. */
export function pathOf<Path extends string>(path: Path, params: ParamsOf<Path>): string {
  const values = params as Readonly<Record<string, string>>;
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The credits a successful answer spent, by the operation's cost rule and the number of results
 * it returned. Streamed results are counted as they arrive; buffered and exported results later.
 */
export function creditsOfAnswer(cost: CostRule, results = 0): number {
  switch (cost.kind) {
    case 'perCall':
      return cost.call;
    case 'perCallAndResult':
      return cost.call + cost.result * results;
    default:
      return 0;
  }
}
