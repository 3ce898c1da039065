// Adding and deleting the custom metrics of a dataset template (api.md "Custom metrics"), from
// the Projects view. The answer is per item: each refused one is said with the service's
// message, the others done. In dist/live.js.
import { METRIC_FORMATS, NewCustomMetric } from '../../core/api/schemas/customMetrics';
import type { CommandRunner } from '../commands/runner';
import type { ProjectsNode } from '../model/projectsModel';
import type { Questions } from '../ui/questions';
import { ask, pickOne } from './inputs';

export interface MetricServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly refreshProjects: () => void;
}

type TemplateNode = Extract<ProjectsNode, { kind: 'template' }>;
type MetricNode = Extract<ProjectsNode, { kind: 'metric' }>;

/** What the name's schema says is wrong with it, in its own words. */
function nameProblem(name: string): string | undefined {
  const checked = NewCustomMetric.shape.name.safeParse(name);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** The add form: name, title, description, format, shown in the UI; undefined on Escape. */
async function metricForm(template: TemplateNode) {
  const title = `New custom metric of ${template.id}`;
  const name = await ask(title, 'Name: the field documents set (custom.<name>)', {
    placeHolder: 'nps',
    check: (value) => (value === '' ? 'A name is needed' : nameProblem(value)),
  });
  if (name === undefined) return undefined;
  const label = await ask(title, 'Title, as the service shows it', {
    check: (value) => (value.trim() === '' ? 'A title is needed' : undefined),
  });
  if (label === undefined) return undefined;
  const description = await ask(title, 'Description (optional)');
  if (description === undefined) return undefined;
  const format = await pickOne(
    title,
    METRIC_FORMATS.map((value) => ({ label: value, value })),
    'Format of its values',
  );
  if (format === undefined) return undefined;
  const shown = await pickOne(
    title,
    [
      { label: 'Shown in the UI', value: true },
      { label: 'Not shown in the UI', value: false },
    ],
    'Display in the UI?',
  );
  if (shown === undefined) return undefined;
  return {
    name,
    title: label.trim(),
    ...(description.trim() ? { description: description.trim() } : {}),
    display_in_ui: shown,
    format,
  };
}

export async function addCustomMetric(s: MetricServices, node: unknown): Promise<void> {
  const template = node as TemplateNode | undefined;
  if (template?.kind !== 'template') return;
  const metric = await metricForm(template);
  if (!metric) return;
  await s.runner.call({ title: `Add custom metric ${metric.name}` }, async ({ client, signal }) => {
    const answer = await client.customMetrics.add(template.projectId, template.id, [metric], {
      signal,
    });
    s.refreshProjects();
    const [outcome] = answer.result_custom_metrics.data;
    if (outcome?.success) s.runner.done(`Custom metric ${metric.name} added to ${template.id}`);
    else
      s.runner.refused(
        `Custom metric ${metric.name} was not added: ${outcome?.error_message ?? 'the service gave no reason'}`,
      );
  });
}

/** Deletes the metric clicked, or every metric selected with it (of one template at a time). */
export async function deleteCustomMetrics(
  s: MetricServices,
  node: unknown,
  selected: unknown,
): Promise<void> {
  const clicked = node as MetricNode | undefined;
  if (clicked?.kind !== 'metric') return;
  const chosen = Array.isArray(selected) ? (selected as ProjectsNode[]) : [clicked];
  const metrics = chosen.filter(
    (each): each is MetricNode =>
      each.kind === 'metric' &&
      each.projectId === clicked.projectId &&
      each.templateId === clicked.templateId,
  );
  const names = metrics.map((each) => each.metric.name);
  const choice = await s.questions.ask(
    names.length === 1
      ? `Delete custom metric "${names[0]}" of ${clicked.templateId}?`
      : `Delete ${names.length} custom metrics of ${clicked.templateId}?`,
    `${names.join(', ')}: every dataset of the template loses ${names.length === 1 ? 'this field' : 'these fields'}.`,
    'Delete',
  );
  if (choice !== 'Delete') return;
  await s.runner.call(
    { title: `Delete custom metrics of ${clicked.templateId}` },
    async ({ client, signal }) => {
      const answer = await client.customMetrics.deleteMany(
        clicked.projectId,
        clicked.templateId,
        names,
        { signal },
      );
      s.refreshProjects();
      const outcomes = answer.result_custom_metrics.data;
      const refused = outcomes.flatMap((outcome, index) =>
        outcome.success
          ? []
          : [
              `${outcome.custom_metric?.name ?? names[index] ?? '?'}: ${outcome.error_message ?? 'refused'}`,
            ],
      );
      const deleted = outcomes.length - refused.length;
      if (refused.length === 0)
        s.runner.done(`${deleted} custom metric${deleted === 1 ? '' : 's'} deleted`);
      else s.runner.refused(`${deleted} deleted, ${refused.length} refused: ${refused.join('; ')}`);
    },
  );
}
