// Custom metrics under a dataset template (api.md "Custom metrics"): list, add, delete one, delete
// many, each item with its own success or error message.
import {
  AddCustomMetricsRequest,
  CustomMetricsChangeResponse,
  CustomMetricsListResponse,
  DeleteCustomMetricsRequest,
} from '../../core/api/schemas/customMetrics';
import { findProject } from '../fixtures/projects';
import { answer, type Endpoint } from '../http/endpoint';
import { notFound } from '../http/failure';
import type { SandboxServices } from '../services';

const BASE = '/api/v2/platform/p/:project/dataset_templates/t/:template/custom_metrics';

/** The template, if it is the project's: refused before anything is journaled. */
function templateOf(params: { readonly project: string; readonly template: string }): string {
  const project = findProject(params.project);
  if (!project) throw notFound('project', params.project);
  if (project.datasetTemplateId !== params.template)
    throw notFound('dataset_template', params.template);
  return params.template;
}

export function customMetricEndpoints({ metrics }: SandboxServices): Endpoint[] {
  return [
    answer(CustomMetricsListResponse, 'result_custom_metrics').endpoint({
      method: 'GET',
      path: `${BASE}/list`,
      access: 'read',
      handle: ({ params }) => {
        const template = templateOf(params);
        return {
          dataset_template_id: template,
          data: metrics.list(template).map((metric) => ({ custom_metric: metric })),
        };
      },
    }),
    answer(CustomMetricsChangeResponse, 'result_custom_metrics').endpoint({
      method: 'POST',
      path: `${BASE}/add`,
      access: 'write',
      journaled: true,
      body: { schema: AddCustomMetricsRequest, size: 'definition' },
      check: ({ params }) => void templateOf(params),
      handle: ({ params, body }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.add(template, body.custom_metrics) };
      },
    }),
    answer(CustomMetricsChangeResponse, 'result_custom_metrics').endpoint({
      method: 'DELETE',
      path: `${BASE}/m/:name`,
      access: 'write',
      journaled: true,
      check: ({ params }) => void templateOf(params),
      handle: ({ params }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.delete(template, [params.name]) };
      },
    }),
    answer(CustomMetricsChangeResponse, 'result_custom_metrics').endpoint({
      method: 'POST',
      path: `${BASE}/delete`,
      access: 'write',
      journaled: true,
      body: { schema: DeleteCustomMetricsRequest, size: 'definition' },
      check: ({ params }) => void templateOf(params),
      handle: ({ params, body }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.delete(template, body.metric_names) };
      },
    }),
  ];
}
