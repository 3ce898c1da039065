// Projects, resources, topics, tags (api.md "Projects, topics, filters, datasets, tags"; gaps.md)
// and custom metrics, of a dataset template (api.md) or of a project (the service's published
// description), called through the contract.
import { CONTRACT } from '../../contract';
import type { ResourceType } from '../../schemas/projects';
import type { MetricChange, NewCustomMetric } from '../../schemas/customMetrics';
import type { Transport } from '../transport';
import type { CallOptions } from './search';

export function projects(transport: Transport, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.searchInfo, { params: {} }, options);
}

/** A project's resources of the given types; without types, every type the service has. */
export function resources(
  transport: Transport,
  project: string,
  types?: readonly ResourceType[],
  options: CallOptions = {},
) {
  return transport.invoke(
    CONTRACT.resources,
    { params: { project }, query: types === undefined ? {} : { type: types.join(',') } },
    options,
  );
}

export function topics(transport: Transport, project: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.topicsList, { params: { project } }, options);
}

export function topic(
  transport: Transport,
  project: string,
  topicId: string,
  options: CallOptions = {},
) {
  return transport.invoke(CONTRACT.topicDetails, { params: { project, topic: topicId } }, options);
}

export function tags(transport: Transport, project: string, options: CallOptions = {}) {
  return transport.invoke(CONTRACT.tags, { params: { project } }, options);
}

/**
 * Whose custom metrics: a dataset template's (api.md), or a project's own (the service's
 * published description; no dataset template).
 */
export type MetricsOwner =
  | { readonly project: string; readonly template: string }
  | { readonly project: string; readonly template?: undefined };

export function listCustomMetrics(
  transport: Transport,
  owner: MetricsOwner,
  options: CallOptions = {},
) {
  return owner.template === undefined
    ? transport.invoke(CONTRACT.projectMetricsList, { params: { project: owner.project } }, options)
    : transport.invoke(CONTRACT.templateMetricsList, { params: owner }, options);
}

/** Adds metrics; each is added or refused on its own (`success`, `error_message`). */
export function addCustomMetrics(
  transport: Transport,
  owner: MetricsOwner,
  metrics: readonly NewCustomMetric[],
  options: CallOptions = {},
) {
  const body = { custom_metrics: [...metrics] };
  return owner.template === undefined
    ? transport.invoke(
        CONTRACT.projectMetricsAdd,
        { params: { project: owner.project }, body },
        options,
      )
    : transport.invoke(CONTRACT.templateMetricsAdd, { params: owner, body }, options);
}

/** Changes the title, description or display of metrics (a format cannot change). */
export function updateCustomMetrics(
  transport: Transport,
  owner: MetricsOwner,
  changes: readonly MetricChange[],
  options: CallOptions = {},
) {
  const body = { custom_metrics: [...changes] };
  return owner.template === undefined
    ? transport.invoke(
        CONTRACT.projectMetricsUpdate,
        { params: { project: owner.project }, body },
        options,
      )
    : transport.invoke(CONTRACT.templateMetricsUpdate, { params: owner, body }, options);
}

export function deleteCustomMetric(
  transport: Transport,
  owner: MetricsOwner,
  name: string,
  options: CallOptions = {},
) {
  return owner.template === undefined
    ? transport.invoke(
        CONTRACT.projectMetricDelete,
        { params: { project: owner.project, name } },
        options,
      )
    : transport.invoke(CONTRACT.templateMetricDelete, { params: { ...owner, name } }, options);
}

export function deleteCustomMetrics(
  transport: Transport,
  owner: MetricsOwner,
  names: readonly string[],
  options: CallOptions = {},
) {
  const body = { metric_names: [...names] };
  return owner.template === undefined
    ? transport.invoke(
        CONTRACT.projectMetricsDelete,
        { params: { project: owner.project }, body },
        options,
      )
    : transport.invoke(CONTRACT.templateMetricsDelete, { params: owner, body }, options);
}
