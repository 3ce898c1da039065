// Adding and deleting the custom metrics of a dataset template (api.md "Custom metrics") or of
// a project itself (the service's published description), from the Projects view. The answer is
// per item: each refused one is said with the service's message, the others done. Editing one is
// customMetricEdit.ts. In dist/live.js.
import { counted } from '../../../core/plural';
import { METRIC_FORMATS, NewCustomMetric } from '../../../core/api/schemas/customMetrics';
import type { CommandRunner } from '../../shell/commands/runner';
import type { ProjectsNode } from '../../shell/views/treeNodes';
import type { Questions } from '../../shell/questions';
import { ask, pickOne } from '../../shell/inputs';

export interface MetricServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly refreshProjects: () => void;
}

type MetricNode = Extract<ProjectsNode, { kind: 'metric' }>;

/** Whose metrics: a dataset template's, or (templateId undefined) the project's own. */
export interface MetricOwner {
  readonly projectId: string;
  readonly templateId: string | undefined;
}

/** `tmpl-feedback`, or `project 7c1e-demo` for the project's own metrics. */
export const ownerName = (owner: MetricOwner) => owner.templateId ?? `project ${owner.projectId}`;

/** The owner a tree node stands for (a template, the project's metrics), if it is one. */
function ownerOf(node: ProjectsNode | undefined): MetricOwner | undefined {
  if (node?.kind === 'template') return { projectId: node.projectId, templateId: node.id };
  if (node?.kind === 'projectMetrics') return { projectId: node.projectId, templateId: undefined };
  return undefined;
}

/** What the name's schema says is wrong with it, in its own words. */
function nameProblem(name: string): string | undefined {
  const checked = NewCustomMetric.shape.name.safeParse(name);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** The add form: name, title, description, format, shown in the UI; undefined on Escape. */
async function metricForm(owner: MetricOwner) {
  const title = `New custom metric of ${ownerName(owner)}`;
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
  const owner = ownerOf(node as ProjectsNode | undefined);
  if (!owner) return;
  const metric = await metricForm(owner);
  if (!metric) return;
  await s.runner.call({ title: `Add custom metric ${metric.name}` }, async ({ client, signal }) => {
    const answer = await client.customMetrics.add(owner.projectId, owner.templateId, [metric], {
      signal,
    });
    s.refreshProjects();
    const [outcome] = answer.result_custom_metrics.data;
    if (outcome?.success)
      s.runner.done(`Custom metric ${metric.name} added to ${ownerName(owner)}`);
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
  const owner = ownerName(clicked);
  const fields = names.length === 1 ? 'this field' : 'these fields';
  const choice = await s.questions.ask(
    names.length === 1
      ? `Delete custom metric "${names[0]}" of ${owner}?`
      : `Delete ${names.length} custom metrics of ${owner}?`,
    `${names.join(', ')}: ${clicked.templateId === undefined ? "the project's documents lose" : 'every dataset of the template loses'} ${fields}.`,
    'Delete',
  );
  if (choice !== 'Delete') return;
  await s.runner.call(
    { title: `Delete custom metrics of ${owner}` },
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
      if (refused.length === 0) s.runner.done(`${counted(deleted, 'custom metric')} deleted`);
      else s.runner.refused(`${deleted} deleted, ${refused.length} refused: ${refused.join('; ')}`);
    },
  );
}
