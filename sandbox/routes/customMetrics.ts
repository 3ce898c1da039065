// Custom metrics under a dataset template (api.md "Custom metrics"): list, add, delete one, delete
// many, each item with its own success or error message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddCustomMetricsRequest,
  DeleteCustomMetricsRequest,
} from '../../core/api/schemas/customMetrics';
import { admit, type SandboxContext } from '../context';
import type { CustomMetrics } from '../customMetrics';
import { findProject } from '../fixtures/projects';
import { sendResult } from '../http/envelope';
import { badParameter, notFound } from '../http/failure';

const BASE = '/api/v2/platform/p/:project/dataset_templates/t/:template/custom_metrics';

function templateOf(request: FastifyRequest): string {
  const { project: projectId, template } = request.params as { project: string; template: string };
  const project = findProject(projectId);
  if (!project) throw notFound('project', projectId);
  if (project.datasetTemplateId !== template) throw notFound('dataset_template', template);
  return template;
}

function body<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = issue?.path.map(String).join('.') || 'body';
  throw badParameter(name, issue?.message ?? 'invalid');
}

export function customMetricRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  metrics: CustomMetrics,
): void {
  app.get(`${BASE}/list`, (request, reply) => {
    admit(context, request, 'read');
    const template = templateOf(request);
    return sendResult(request, reply, 'result_custom_metrics', {
      dataset_template_id: template,
      data: metrics.list(template).map((metric) => ({ custom_metric: metric })),
    });
  });
  app.post(`${BASE}/add`, (request, reply) => {
    admit(context, request, 'write');
    const template = templateOf(request);
    const { custom_metrics } = body(AddCustomMetricsRequest, request.body);
    return sendResult(request, reply, 'result_custom_metrics', {
      dataset_template_id: template,
      data: metrics.add(template, custom_metrics),
    });
  });
  app.delete(`${BASE}/m/:name`, (request, reply) => {
    admit(context, request, 'write');
    const template = templateOf(request);
    return sendResult(request, reply, 'result_custom_metrics', {
      dataset_template_id: template,
      data: metrics.delete(template, [(request.params as { name: string }).name]),
    });
  });
  app.post(`${BASE}/delete`, (request, reply) => {
    admit(context, request, 'write');
    const template = templateOf(request);
    const { metric_names } = body(DeleteCustomMetricsRequest, request.body);
    return sendResult(request, reply, 'result_custom_metrics', {
      dataset_template_id: template,
      data: metrics.delete(template, metric_names),
    });
  });
}
