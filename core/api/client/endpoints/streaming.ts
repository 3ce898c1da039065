// Streams, collectors and export tasks (api.md "Streams", "Collectors", "Export tasks").
// Reading results is in streamReader.ts.
import { z } from 'zod';
import { envelope } from '../../schemas/envelope';
import {
  CollectorResponse,
  StreamDefinitionResponse,
  StreamInfoResponse,
  type CollectorQuery,
  type StreamRule,
} from '../../schemas/streams';
import { TasksResponse, type ExportRequest, TASK_STATUSES } from '../../schemas/tasks';
import type { Transport } from '../transport';
import { withSignal, type CallOptions } from './search';

const stream = (id: string) => `/api/v3/stream/s/${encodeURIComponent(id)}`;
const collector = (id: string) => `/api/v3/stream/c/${encodeURIComponent(id)}`;

/** Creates a stream or replaces its rules. */
export function defineStream(
  transport: Transport,
  streamId: string,
  rules: readonly StreamRule[],
  options: CallOptions = {},
) {
  return transport.call({
    method: 'PUT',
    path: stream(streamId),
    body: { rules },
    schema: StreamDefinitionResponse,
    endpoint: 'streamCreate',
    ...withSignal(options),
  });
}

export function deleteStream(transport: Transport, streamId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'DELETE',
    path: stream(streamId),
    schema: StreamDefinitionResponse,
    ...withSignal(options),
  });
}

/** Streams and collectors of the token, with their states. */
export function streamInfo(transport: Transport, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: '/api/v3/stream/info',
    schema: StreamInfoResponse,
    endpoint: 'streamInfo',
    ...withSignal(options),
  });
}

/** Creates a collector or replaces its definition (its data is kept). */
export function putCollector(
  transport: Transport,
  collectorId: string,
  query: CollectorQuery | undefined,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'PUT',
    path: collector(collectorId),
    body: query === undefined ? {} : { collector_query: query },
    schema: CollectorResponse,
    endpoint: 'collectorWrite',
    ...withSignal(options),
  });
}

export function getCollector(transport: Transport, collectorId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: collector(collectorId),
    schema: CollectorResponse,
    endpoint: 'collectorGet',
    ...withSignal(options),
  });
}

/** Deletes a collector and everything it buffered, for good. */
export function deleteCollector(
  transport: Transport,
  collectorId: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'DELETE',
    path: collector(collectorId),
    schema: CollectorResponse,
    endpoint: 'collectorDelete',
    ...withSignal(options),
  });
}

export function pauseCollector(
  transport: Transport,
  collectorId: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: `${collector(collectorId)}/pause`,
    schema: CollectorResponse,
    endpoint: 'collectorPause',
    ...withSignal(options),
  });
}

export function resumeCollector(
  transport: Transport,
  collectorId: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: `${collector(collectorId)}/resume`,
    schema: CollectorResponse,
    endpoint: 'collectorResume',
    ...withSignal(options),
  });
}

/** Where an export reads: a project (with topics, datasets), a stream definition, or a query. */
export type ExportSource =
  { readonly project: string } | { readonly stream: string } | { readonly query: string };

function exportPath(source: ExportSource): string {
  if ('project' in source) return `/api/v3/stream/p/${encodeURIComponent(source.project)}/export`;
  if ('stream' in source) return `${stream(source.stream)}/export`;
  return '/api/v3/stream/export';
}

/** Starts an export task into a collector; never retried (it would export twice). */
export function createExport(
  transport: Transport,
  source: ExportSource,
  request: ExportRequest,
  options: CallOptions = {},
) {
  const body = 'query' in source ? { ...request, query: source.query } : request;
  return transport.call({
    method: 'POST',
    path: exportPath(source),
    body,
    schema: TasksResponse,
    endpoint: 'exportCreate',
    ...withSignal(options),
  });
}

export function exportTask(transport: Transport, taskId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: `/api/v3/tasks/export/${encodeURIComponent(taskId)}`,
    schema: TasksResponse,
    endpoint: 'exportStatus',
    ...withSignal(options),
  });
}

export function exportTasks(transport: Transport, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: '/api/v3/tasks/export',
    schema: TasksResponse,
    endpoint: 'exportStatus',
    ...withSignal(options),
  });
}

/** An abort answers the task's id and status only. */
export const AbortResponse = envelope(
  'result_tasks',
  z.object({
    tasks: z.array(
      z.object({
        id: z.string(),
        status: z
          .string()
          .transform((value) => value.toUpperCase())
          .pipe(z.enum(TASK_STATUSES)),
      }),
    ),
  }),
);

export function abortExport(transport: Transport, taskId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'DELETE',
    path: `/api/v3/tasks/export/${encodeURIComponent(taskId)}`,
    schema: AbortResponse,
    endpoint: 'exportAbort',
    ...withSignal(options),
  });
}
