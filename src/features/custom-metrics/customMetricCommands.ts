// Adding, editing and deleting custom metrics from the Projects view: forwarded to the custom
// metrics' bundle (index.ts), loaded on first use; the view reads its project again after.
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { ProjectsPort } from '../../shell/ports';
import type { MetricServices } from './customMetrics';

const metricsBundle = lazyBundle<typeof import('./index')>('customMetrics.js');

export function customMetricCommands(ctx: Ctx, projects: ProjectsPort) {
  const services: MetricServices = {
    runner: ctx.runner,
    questions: ctx.questions,
    refreshProjects: () => projects.refresh(),
  };
  return {
    'mediaMonitoring.customMetric.add': (node: unknown) =>
      metricsBundle().addCustomMetric(services, node),
    'mediaMonitoring.customMetric.edit': (node: unknown) =>
      metricsBundle().editCustomMetric(services, node),
    'mediaMonitoring.customMetric.delete': (node: unknown, selected?: unknown[]) =>
      metricsBundle().deleteCustomMetrics(services, node, selected),
  } satisfies CommandArea;
}
