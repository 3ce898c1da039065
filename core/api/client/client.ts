// The typed client of the Media Monitoring Data API: one method per endpoint, grouped by area,
// on one Transport (undici, retries, rate governor, redaction). The extension and the CLI make
// every call through it; its tests make every call against the sandbox over loopback HTTP.
import type { HistogramType } from '../schemas/histogram';
import type { ResourceType } from '../schemas/projects';
import type { CollectorQuery, StreamRule } from '../schemas/streams';
import type { ExportRequest } from '../schemas/tasks';
import type { MetricChange, NewCustomMetric } from '../schemas/customMetrics';
import type {
  DocumentRemoval,
  UploadBatch,
  UploadDocument,
  UploadOperation,
} from '../schemas/uploads';
import type { DetectionKind } from '../schemas/images';
import { curlCommand, type CurlToken } from './curl';
import * as documents from './endpoints/documents';
import * as platform from './endpoints/platform';
import * as search from './endpoints/search';
import * as streaming from './endpoints/streaming';
import {
  readCollector,
  readStream,
  type CollectorReadOptions,
  type LiveSource,
  type StreamReadOptions,
} from './streamReader';
import { Transport, type TransportOptions } from './transport';
import { uploadAll, type UploadAllOptions } from './uploadAll';

type Options = search.CallOptions;

export class MediaMonitoringClient {
  readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  /** The rate governor, to show waits ("waiting 12 s for the rate limit"). */
  get governor() {
    return this.transport.governor;
  }

  /** A request as a curl command (the panel's "Copy as curl"): the token written, or a variable. */
  curl(request: search.RequestLine, token: CurlToken): string {
    return curlCommand(this.transport, request, token);
  }

  /** Closes the connection pool. */
  close(): Promise<void> {
    return this.transport.close();
  }

  readonly histograms = {
    global: <T extends HistogramType>(
      type: T,
      parameters: search.HistogramParametersOf<T> & { q: string },
      options?: Options,
    ) => search.globalHistogram(this.transport, type, parameters, options),
    project: <T extends HistogramType>(
      project: string,
      type: T,
      parameters?: search.HistogramParametersOf<T> &
        search.ProjectScope & { forecast_days?: number },
      options?: Options,
    ) => search.projectHistogram(this.transport, project, type, parameters, options),
  };

  readonly influencers = {
    top: (project: string, parameters?: search.InfluencerParameters, options?: Options) =>
      search.topInfluencers(this.transport, project, parameters, options),
  };

  readonly projects = {
    list: (options?: Options) => platform.projects(this.transport, options),
    /** Without types: every type the service has. */
    resources: (project: string, types?: readonly ResourceType[], options?: Options) =>
      platform.resources(this.transport, project, types, options),
  };

  readonly topics = {
    list: (project: string, options?: Options) => platform.topics(this.transport, project, options),
    get: (project: string, topic: string, options?: Options) =>
      platform.topic(this.transport, project, topic, options),
  };

  readonly tags = {
    list: (project: string, options?: Options) => platform.tags(this.transport, project, options),
  };

  readonly results = {
    project: (project: string, parameters?: search.ProjectResultsParameters, options?: Options) =>
      search.projectResults(this.transport, project, parameters, options),
    /** Over global data: the last 30 days of everything the service collects. */
    global: (parameters: search.ResultsParameters & { q: string }, options?: Options) =>
      search.globalResults(this.transport, parameters, options),
  };

  readonly documents = {
    upload: (
      target: documents.UploadTarget,
      operation: UploadOperation,
      document: UploadDocument,
      options?: Options,
    ) => documents.uploadDocument(this.transport, target, operation, document, options),
    /** Removes a stored document (`delete`) or brings a removed one back (`undelete`), by url. */
    remove: (
      target: documents.UploadTarget,
      action: DocumentRemoval,
      url: string,
      options?: Options,
    ) => documents.uploadDocument(this.transport, target, action, { url }, options),
    batch: (target: documents.UploadTarget, entries: UploadBatch, options?: Options) =>
      documents.uploadBatch(this.transport, target, entries, options),
    /** Any number of documents, in batches of 500, with a report for every document. */
    uploadAll: (target: documents.UploadTarget, entries: UploadBatch, options?: UploadAllOptions) =>
      uploadAll(this, target, entries, options),
  };

  /**
   * Custom metrics of a dataset template (api.md), or, without a template, of the project itself
   * (the service's published description).
   */
  readonly customMetrics = {
    list: (project: string, template: string | undefined, options?: Options) =>
      platform.listCustomMetrics(this.transport, { project, template }, options),
    add: (
      project: string,
      template: string | undefined,
      metrics: readonly NewCustomMetric[],
      options?: Options,
    ) => platform.addCustomMetrics(this.transport, { project, template }, metrics, options),
    update: (
      project: string,
      template: string | undefined,
      changes: readonly MetricChange[],
      options?: Options,
    ) => platform.updateCustomMetrics(this.transport, { project, template }, changes, options),
    delete: (project: string, template: string | undefined, name: string, options?: Options) =>
      platform.deleteCustomMetric(this.transport, { project, template }, name, options),
    deleteMany: (
      project: string,
      template: string | undefined,
      names: readonly string[],
      options?: Options,
    ) => platform.deleteCustomMetrics(this.transport, { project, template }, names, options),
  };

  readonly images = {
    detectAt: (kind: DetectionKind, imageUrl: string, options?: documents.DetectOptions) =>
      documents.detectImageAt(this.transport, kind, imageUrl, options),
    detectFile: (
      kind: DetectionKind,
      image: Parameters<typeof documents.detectImageFile>[2],
      options?: documents.DetectOptions,
    ) => documents.detectImageFile(this.transport, kind, image, options),
  };

  readonly streams = {
    define: (stream: string, rules: readonly StreamRule[], options?: Options) =>
      streaming.defineStream(this.transport, stream, rules, options),
    /** The stream's rules as the service holds them (a 404, code 15, when there is none). */
    get: (stream: string, options?: Options) =>
      streaming.getStream(this.transport, stream, options),
    delete: (stream: string, options?: Options) =>
      streaming.deleteStream(this.transport, stream, options),
    info: (options?: Options) => streaming.streamInfo(this.transport, options),
    read: (stream: string, options?: StreamReadOptions) =>
      readStream(this.transport, stream, options),
  };

  /** A project's live results: every new document of the project, with no stream to create. */
  readonly live = {
    read: (source: LiveSource, options?: StreamReadOptions) =>
      readStream(this.transport, source, options),
  };

  readonly collectors = {
    put: (collector: string, query: CollectorQuery | undefined, options?: Options) =>
      streaming.putCollector(this.transport, collector, query, options),
    get: (collector: string, options?: Options) =>
      streaming.getCollector(this.transport, collector, options),
    delete: (collector: string, options?: Options) =>
      streaming.deleteCollector(this.transport, collector, options),
    pause: (collector: string, options?: Options) =>
      streaming.pauseCollector(this.transport, collector, options),
    resume: (collector: string, options?: Options) =>
      streaming.resumeCollector(this.transport, collector, options),
    read: (collector: string, options?: CollectorReadOptions) =>
      readCollector(this.transport, collector, options),
  };

  readonly exports = {
    create: (source: streaming.ExportSource, request: ExportRequest, options?: Options) =>
      streaming.createExport(this.transport, source, request, options),
    get: (task: string, options?: Options) => streaming.exportTask(this.transport, task, options),
    list: (options?: Options) => streaming.exportTasks(this.transport, options),
    abort: (task: string, options?: Options) =>
      streaming.abortExport(this.transport, task, options),
  };

  readonly credits = {
    get: (options?: Options) => search.credits(this.transport, options),
  };
}
