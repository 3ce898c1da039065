// Editing a custom metric from the Projects view: its title, description and display in the UI,
// each step starting from what the service holds; its format is shown, never asked (a format
// never changes: delete the metric and add it again). Only what changed is sent
// (`custom_metrics/update`); a refusal says the service's reason and changes nothing, and the
// tree is fetched again either way, so that it shows what the service holds. In dist/live.js.
import type { CustomMetric, MetricChange } from '../../../core/api/schemas/customMetrics';
import type { ProjectsNode } from '../../shell/views/treeNodes';
import { ownerName, type MetricServices } from './customMetrics';
import { ask, pickOne } from '../../shell/inputs';

type MetricNode = Extract<ProjectsNode, { kind: 'metric' }>;

/** `DECIMAL`, or for a customized one `CUSTOMIZED (DOUBLE, NUMBER_PERCENTAGE)`. */
function formatOf(metric: CustomMetric): string {
  const format = metric.format;
  if (!format) return 'not given';
  const parts = [format.metric_type, format.format_type].filter(Boolean);
  return parts.length > 0 ? `${format.name} (${parts.join(', ')})` : format.name;
}

/** The form, from the metric as it is; only the fields that changed, or undefined on Escape. */
async function changeForm(node: MetricNode): Promise<MetricChange | undefined> {
  const { metric } = node;
  const title = (step: number) =>
    `Edit custom metric ${metric.name} of ${ownerName(node)} (${step}/3)`;
  const format = `its format, ${formatOf(metric)}, never changes`;
  const label = await ask(title(1), `Title, as the service shows it (${format})`, {
    value: metric.title ?? '',
    check: (value) => (value.trim() === '' ? 'A title is needed' : undefined),
  });
  if (label === undefined) return undefined;
  const description = await ask(title(2), 'Description (optional)', {
    value: metric.description ?? '',
  });
  if (description === undefined) return undefined;
  const now = metric.display_in_ui ?? false;
  const choices = [
    { label: 'Shown in the UI', value: true },
    { label: 'Not shown in the UI', value: false },
  ].map((choice) => ({ ...choice, ...(choice.value === now ? { description: 'as now' } : {}) }));
  // What it is now comes first: Enter keeps it.
  if (!now) choices.reverse();
  const shown = await pickOne(title(3), choices, 'Display in the UI?');
  if (shown === undefined) return undefined;
  return {
    name: metric.name,
    ...(label !== (metric.title ?? '') ? { title: label } : {}),
    ...(description !== (metric.description ?? '') ? { description } : {}),
    ...(shown !== now ? { display_in_ui: shown } : {}),
  };
}

export async function editCustomMetric(s: MetricServices, node: unknown): Promise<void> {
  const clicked = node as ProjectsNode | undefined;
  if (clicked?.kind !== 'metric') return;
  const change = await changeForm(clicked);
  if (!change) return;
  const { name } = change;
  if (Object.keys(change).length === 1) {
    s.runner.done(`Custom metric ${name}: nothing changed, nothing sent`);
    return;
  }
  await s.runner.call({ title: `Edit custom metric ${name}` }, async ({ client, signal }) => {
    const answer = await client.customMetrics.update(
      clicked.projectId,
      clicked.templateId,
      [change],
      { signal },
    );
    s.refreshProjects();
    const [outcome] = answer.result_custom_metrics.data;
    if (outcome?.success) s.runner.done(`Custom metric ${name} of ${ownerName(clicked)} updated`);
    else
      s.runner.refused(
        `Custom metric ${name} was not updated: ${outcome?.error_message ?? 'the service gave no reason'}`,
      );
  });
}
