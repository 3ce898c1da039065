// Custom metrics of a dataset template (api.md "Custom metrics") and of a project (the service's
// published description): list, add, update, delete one, delete many, each item with its own
// success or error message. A project's own metrics answer without `dataset_template_id`.
import { findProject } from '../fixtures/projects';
import { notFound } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import { projectMetricsKey } from '../customMetrics';
import type { SandboxServices } from '../services';

/** The template, if it is the project's: refused before anything is journaled. */
function templateOf(params: { readonly project: string; readonly template: string }): string {
  const project = findProject(params.project);
  if (!project) throw notFound('project', params.project);
  if (project.datasetTemplateId !== params.template)
    throw notFound('dataset_template', params.template);
  return params.template;
}

/** The store key of a project's own metrics, if the project exists. */
function projectKey(params: { readonly project: string }): string {
  if (!findProject(params.project)) throw notFound('project', params.project);
  return projectMetricsKey(params.project);
}

export function customMetricHandlers({
  metrics,
}: SandboxServices): SomeHandlers<
  | 'templateMetricsList'
  | 'templateMetricsAdd'
  | 'templateMetricsUpdate'
  | 'templateMetricDelete'
  | 'templateMetricsDelete'
  | 'projectMetricsList'
  | 'projectMetricsAdd'
  | 'projectMetricsUpdate'
  | 'projectMetricDelete'
  | 'projectMetricsDelete'
> {
  const write = { journaled: true, bodySize: 'definition' } as const;
  return {
    templateMetricsList: {
      handle: ({ params }) => {
        const template = templateOf(params);
        return {
          dataset_template_id: template,
          data: metrics.list(template).map((metric) => ({ custom_metric: metric })),
        };
      },
    },
    templateMetricsAdd: {
      ...write,
      check: ({ params }) => void templateOf(params),
      handle: ({ params, body }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.add(template, body.custom_metrics) };
      },
    },
    templateMetricsUpdate: {
      ...write,
      check: ({ params }) => void templateOf(params),
      handle: ({ params, body }) => {
        const template = templateOf(params);
        return {
          dataset_template_id: template,
          data: metrics.update(template, body.custom_metrics),
        };
      },
    },
    templateMetricDelete: {
      journaled: true,
      check: ({ params }) => void templateOf(params),
      handle: ({ params }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.delete(template, [params.name]) };
      },
    },
    templateMetricsDelete: {
      ...write,
      check: ({ params }) => void templateOf(params),
      handle: ({ params, body }) => {
        const template = templateOf(params);
        return { dataset_template_id: template, data: metrics.delete(template, body.metric_names) };
      },
    },
    projectMetricsList: {
      handle: ({ params }) => ({
        data: metrics.list(projectKey(params)).map((metric) => ({ custom_metric: metric })),
      }),
    },
    projectMetricsAdd: {
      ...write,
      check: ({ params }) => void projectKey(params),
      handle: ({ params, body }) => ({
        data: metrics.add(projectKey(params), body.custom_metrics),
      }),
    },
    projectMetricsUpdate: {
      ...write,
      check: ({ params }) => void projectKey(params),
      handle: ({ params, body }) => ({
        data: metrics.update(projectKey(params), body.custom_metrics),
      }),
    },
    projectMetricDelete: {
      journaled: true,
      check: ({ params }) => void projectKey(params),
      handle: ({ params }) => ({ data: metrics.delete(projectKey(params), [params.name]) }),
    },
    projectMetricsDelete: {
      ...write,
      check: ({ params }) => void projectKey(params),
      handle: ({ params, body }) => ({
        data: metrics.delete(projectKey(params), body.metric_names),
      }),
    },
  };
}
