// Streams, collectors and export tasks (api.md "Streams", "Collectors", "Export tasks"; the
// service's published description adds reading one stream's definition), called through the
// contract. Reading results is in streamReader.ts.
import { CONTRACT } from '../../contract';
import type { CollectorQuery, StreamRule } from '../../schemas/streams';
import type { ExportRequest } from '../../schemas/tasks';
import type { Transport } from '../transport';
import type { CallOptions } from './search';

/** Creates a stream or replaces its rules. */
export function defineStream(
  transport: Transport,
  stream: string,
  rules: readonly StreamRule[],
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.streamPut,
    { params: { stream }, body: { rules: [...rules] } },
    options,
  );
}

/** A stream's definition as the service holds it: its rules and whether it is enabled. */
export function getStream(transport: Transport, stream: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.streamGet, { params: { stream } }, options);
}

export function deleteStream(transport: Transport, stream: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.streamDelete, { params: { stream } }, options);
}

/** Streams and collectors of the token, with their states. */
export function streamInfo(transport: Transport, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.streamInfo, { params: {} }, options);
}

/** Creates a collector or replaces its definition (its data is kept). */
export function putCollector(
  transport: Transport,
  collector: string,
  query: CollectorQuery | undefined,
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.collectorPut,
    { params: { collector }, body: query === undefined ? {} : { collector_query: query } },
    options,
  );
}

export function getCollector(transport: Transport, collector: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.collectorGet, { params: { collector } }, options);
}

/** Deletes a collector and everything it buffered, for good. */
export function deleteCollector(
  transport: Transport,
  collector: string,
  options: CallOptions = {},
) {
  return transport.invoke(CONTRACT.collectorDelete, { params: { collector } }, options);
}

export function pauseCollector(transport: Transport, collector: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.collectorPause, { params: { collector } }, options);
}

export function resumeCollector(
  transport: Transport,
  collector: string,
  options: CallOptions = {},
) {
  return transport.invoke(CONTRACT.collectorResume, { params: { collector } }, options);
}

/** Where an export reads: a project (with topics, datasets), a stream definition, or a query. */
export type ExportSource =
  { readonly project: string } | { readonly stream: string } | { readonly query: string };

/** Starts an export task into a collector; never retried (it would export twice). */
export function createExport(
  transport: Transport,
  source: ExportSource,
  request: ExportRequest,
  options: CallOptions = {},
) {
  if ('project' in source)
    return transport.invoke(
      CONTRACT.exportFromProject,
      { params: { project: source.project }, body: request },
      options,
    );
  if ('stream' in source)
    return transport.invoke(
      CONTRACT.exportFromStream,
      { params: { stream: source.stream }, body: request },
      options,
    );
  return transport.invoke(
    CONTRACT.exportByQuery,
    { params: {}, body: { ...request, query: source.query } },
    options,
  );
}

export function exportTask(transport: Transport, task: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.exportTask, { params: { task } }, options);
}

export function exportTasks(transport: Transport, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.exportTasks, { params: {} }, options);
}

/** An abort answers the task's id and status only. */
export function abortExport(transport: Transport, task: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.exportAbort, { params: { task } }, options);
}
