// Projects, resources, topics, tags (api.md "Projects, topics, filters, datasets, tags"; gaps.md)
// and custom metrics of a customer-intelligence project.
import {
  AddCustomMetricsRequest,
  CustomMetricsChangeResponse,
  CustomMetricsListResponse,
} from '../../schemas/customMetrics';
import type { z } from 'zod';
import {
  AccountInfoResponse,
  ResourcesResponse,
  TagsResponse,
  TopicDetailsResponse,
  TopicsListResponse,
  type RESOURCE_TYPES,
} from '../../schemas/projects';
import type { Transport } from '../transport';
import { withSignal, type CallOptions } from './search';

const project = (id: string) => `/api/v2/platform/p/${encodeURIComponent(id)}`;

export function projects(transport: Transport, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: '/api/v1/search/info',
    schema: AccountInfoResponse,
    ...withSignal(options),
  });
}

export function resources(
  transport: Transport,
  projectId: string,
  types: readonly (typeof RESOURCE_TYPES)[number][] = ['search', 'filter', 'dataset'],
  options: CallOptions = {},
) {
  return transport.call({
    method: 'GET',
    path: `${project(projectId)}/resources`,
    query: { type: types.join(',') },
    schema: ResourcesResponse,
    endpoint: 'resources',
    ...withSignal(options),
  });
}

export function topics(transport: Transport, projectId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: `${project(projectId)}/topics/list`,
    schema: TopicsListResponse,
    endpoint: 'resources',
    ...withSignal(options),
  });
}

export function topic(
  transport: Transport,
  projectId: string,
  topicId: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'GET',
    path: `${project(projectId)}/topics/list/${encodeURIComponent(topicId)}`,
    schema: TopicDetailsResponse,
    endpoint: 'resources',
    ...withSignal(options),
  });
}

export function tags(transport: Transport, projectId: string, options: CallOptions = {}) {
  return transport.call({
    method: 'GET',
    path: `${project(projectId)}/tags`,
    schema: TagsResponse,
    endpoint: 'tags',
    ...withSignal(options),
  });
}

const metrics = (projectId: string, template: string) =>
  `${project(projectId)}/dataset_templates/t/${encodeURIComponent(template)}/custom_metrics`;

export function listCustomMetrics(
  transport: Transport,
  projectId: string,
  template: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'GET',
    path: `${metrics(projectId, template)}/list`,
    schema: CustomMetricsListResponse,
    ...withSignal(options),
  });
}

export function addCustomMetrics(
  transport: Transport,
  projectId: string,
  template: string,
  customMetrics: z.input<typeof AddCustomMetricsRequest>['custom_metrics'],
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: `${metrics(projectId, template)}/add`,
    body: { custom_metrics: customMetrics },
    schema: CustomMetricsChangeResponse,
    ...withSignal(options),
  });
}

export function deleteCustomMetric(
  transport: Transport,
  projectId: string,
  template: string,
  name: string,
  options: CallOptions = {},
) {
  return transport.call({
    method: 'DELETE',
    path: `${metrics(projectId, template)}/m/${encodeURIComponent(name)}`,
    schema: CustomMetricsChangeResponse,
    ...withSignal(options),
  });
}

export function deleteCustomMetrics(
  transport: Transport,
  projectId: string,
  template: string,
  names: readonly string[],
  options: CallOptions = {},
) {
  return transport.call({
    method: 'POST',
    path: `${metrics(projectId, template)}/delete`,
    body: { metric_names: names },
    schema: CustomMetricsChangeResponse,
    ...withSignal(options),
  });
}
